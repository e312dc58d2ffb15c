import Imaging
import RecognizedText
import Testing
@testable import Recognition

/// Boxes follow their text when a reading is turned with its page.
struct RecognizedPageRotationTests {
    /// A 100 × 40 page with one word at (10, 5), 30 × 8.
    static let page = RecognizedPage(width: 100, height: 40, lines: [
        RecognizedLine(words: [RecognizedWord(text: "Rioja", box: PixelRect(x: 10, y: 5, width: 30, height: 8), confidence: 90)]),
    ])

    @Test func boxesTurnAsThePixelsDo() {
        // Mark the word's pixels on a raster, turn both, and compare the box with the turned ink.
        var raster = Raster(width: 100, height: 40, channels: 1, fill: 255)
        for y in 5..<13 { for x in 10..<40 { raster.pixels[y * 100 + x] = 0 } }
        for turns in 0..<4 {
            let turnedPage = Self.page.rotated(quarterTurnsClockwise: turns)
            let turnedRaster = raster.rotated(quarterTurnsClockwise: turns)
            #expect(turnedPage.width == turnedRaster.width && turnedPage.height == turnedRaster.height)
            var ink: PixelRect?
            for y in 0..<turnedRaster.height {
                for x in 0..<turnedRaster.width where turnedRaster.pixels[y * turnedRaster.width + x] == 0 {
                    let dot = PixelRect(x: x, y: y, width: 1, height: 1)
                    ink = ink.map { $0.union(dot) } ?? dot
                }
            }
            #expect(turnedPage.lines[0].words[0].box == ink, "turned \(turns) quarter(s)")
            #expect(turnedPage.lines[0].box == ink)
        }
    }

    @Test func fourQuarterTurnsGiveThePageBack() {
        var page = Self.page
        for _ in 0..<4 { page = page.rotated(quarterTurnsClockwise: 1) }
        #expect(page == Self.page)
        #expect(Self.page.rotated(quarterTurnsClockwise: -1) == Self.page.rotated(quarterTurnsClockwise: 3))
    }
}
