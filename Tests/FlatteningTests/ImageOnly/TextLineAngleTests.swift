import DecantTestSupport
import Foundation
@testable import Flattening
import Imaging
import Testing

@Suite struct TextLineAngleTests {
    /// Blobs laid out like words on lines running at `degrees`.
    func lineBlobs(degrees: Double, lines: Int = 20, perLine: Int = 14) -> [PixelRect] {
        let r = degrees * .pi / 180
        var out: [PixelRect] = []
        for l in 0..<lines {
            for k in 0..<perLine {
                let u = Double(k) * 22, v = Double(l) * 30
                let x = 400 + u * cos(r) - v * sin(r), y = 100 + u * sin(r) + v * cos(r)
                out.append(PixelRect(x: Int(x), y: Int(y), width: 14, height: 12))
            }
        }
        return out
    }

    @Test(arguments: [0.0, 12.0, -12.0, 35.0, -44.0, 70.0, 90.0])
    func findsTheLineDirectionOverTheWholeHalfTurn(degrees: Double) throws {
        let angle = try #require(TextLineAngle.estimate(blobs: lineBlobs(degrees: degrees)))
        var error = abs(angle.degrees - degrees).truncatingRemainder(dividingBy: 180)
        if error > 90 { error = 180 - error }
        #expect(error < 0.6, "found \(angle.degrees)° for lines at \(degrees)°")
        #expect(angle.confidence > 2)
    }

    @Test func scatteredSpecksHaveNoLineStructure() throws {
        var random = SeededLCG(seed: 11)
        var specks: [PixelRect] = []
        for _ in 0..<400 {
            let x = Int(random.next() >> 40) % 1500
            let y = Int(random.next() >> 40) % 1500
            specks.append(PixelRect(x: x, y: y, width: 6, height: 6))
        }
        let angle = try #require(TextLineAngle.estimate(blobs: specks))
        #expect(angle.confidence < ImageRectifier.Options().minimumAngleConfidence)
    }

    @Test func tooFewBlobsGiveNoAnswer() {
        #expect(TextLineAngle.estimate(blobs: [PixelRect(x: 0, y: 0, width: 5, height: 5)]) == nil)
    }
}
