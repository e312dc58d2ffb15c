@testable import Flattening
import Imaging
import Testing

@Suite struct TextLineDewarpTests {
    /// Letter-sized blobs along lines that sag like a curled page: y = base + k (x − 500)².
    func curledBlobs(k: Double) -> [PixelRect] {
        var out: [PixelRect] = []
        for line in 0..<12 {
            var x = 100.0
            while x < 900 {
                let y = 100 + Double(line) * 40 + k * (x - 500) * (x - 500)
                out.append(PixelRect(x: Int(x), y: Int(y - 6), width: 9, height: 12))
                x += 12
            }
        }
        return out
    }

    @Test func followsACurlAndModelsItsDisplacement() throws {
        let k = 0.0001   // 16 px of sag from the middle to the ends
        let lines = TextLineDewarp.lines(from: curledBlobs(k: k), medianHeight: 12)
        #expect(lines.count == 12, "one chain per text line, found \(lines.count)")
        let model = try #require(TextLineDewarp.model(lines: lines, width: 1000, height: 700, medianHeight: 12,
                                                      reduction: 1, minLines: 6))
        // Along the 6th line the displacement is the line's height minus its mean height.
        let line = lines.sorted { $0.meanY < $1.meanY }[5]
        for x in stride(from: 200.0, through: 800.0, by: 150) {
            let expected = line.y(at: x) - line.meanY
            #expect(abs(model.displacement(x: x, y: line.meanY) - expected) < 2.5, "at x = \(x)")
        }
        #expect(model.maxDisplacement > 8)
    }

    @Test func straightLinesNeedNoCorrection() throws {
        let lines = TextLineDewarp.lines(from: curledBlobs(k: 0), medianHeight: 12)
        let model = try #require(TextLineDewarp.model(lines: lines, width: 1000, height: 700, medianHeight: 12,
                                                      reduction: 1, minLines: 6))
        #expect(model.maxDisplacement < 0.5)
    }

    @Test func tooFewLinesGiveNoModel() {
        let few = Array(curledBlobs(k: 0).prefix(120))   // under two lines
        let lines = TextLineDewarp.lines(from: few, medianHeight: 12)
        #expect(TextLineDewarp.model(lines: lines, width: 1000, height: 700, medianHeight: 12, reduction: 1, minLines: 6) == nil)
    }
}
