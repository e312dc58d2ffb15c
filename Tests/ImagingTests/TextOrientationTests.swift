import Imaging
import Testing

/// Leptonica's ascender/descender counts, asked of a page drawn in its own bitmap font.
@Suite struct TextOrientationTests {
    static let binaryPage: Raster = {
        guard let font = BitmapFont(size: 10) else { fatalError("leptonica has no bitmap font of size 10") }
        let words = ["bottle", "vintage", "reserve", "quantity", "delivery", "champagne", "riesling", "subtotal"]
        let lines = (0..<30).map { i in
            BitmapFont.Line((0..<5).map { words[(i * 3 + $0 * 5) % words.count] }.joined(separator: " "), x: 60, baseline: 80 + 38 * i)
        }
        return font.drawing(lines, on: Raster(width: 1000, height: 1300, channels: 1, fill: 255))
    }()

    static func binary(_ raster: Raster) throws -> Pix {
        try #require(Pix(raster).thresholded(below: 128))
    }

    @Test func uprightTextCountsPositiveAndUpsideDownNegative() throws {
        let upright = try #require(try Self.binary(Self.binaryPage).upDownConfidence())
        let upsideDown = try #require(try Self.binary(Self.binaryPage.rotated(quarterTurnsClockwise: 2)).upDownConfidence())
        #expect(upright > 4, "upright \(upright)")
        #expect(upsideDown < -4, "upside down \(upsideDown)")
    }

    @Test func aSidewaysPageShowsOnTheLeftMeasure() throws {
        let upright = try #require(try Self.binary(Self.binaryPage).orientationConfidences())
        #expect(upright.up > 4 && abs(upright.up) > 2 * abs(upright.left), "\(upright)")
        // Turned a quarter counter-clockwise: a quarter turn clockwise puts it right.
        let sideways = try #require(try Self.binary(Self.binaryPage.rotated(quarterTurnsClockwise: 3)).orientationConfidences())
        #expect(sideways.left > 4 && abs(sideways.left) > 2 * abs(sideways.up), "\(sideways)")
    }
}
