import Imaging
import RecognizedText
import Testing
@testable import Recognition

/// Paper around a page before PP-OCR reads it, and the reading put back on the page.
struct PagePaddingTests {
    @Test func theMarginHasThePapersLevelAndThePageSitsInTheMiddle() {
        var page = Raster(width: 6, height: 4, channels: 1, fill: 230)
        page[2, 1] = 10   // ink inside, not on the border
        let padded = PagePadding.padded(page, margin: 3)
        #expect(padded.width == 12 && padded.height == 10)
        #expect(padded[0, 0] == 230 && padded[11, 9] == 230)
        #expect(padded[5, 4] == 10)
        #expect(PagePadding.padded(page, margin: 0) == page)
    }

    @Test func aReadingOfThePaddedPageIsMovedBackAndClipped() {
        let reading = RecognizedPage(width: 20, height: 20, lines: [
            RecognizedLine(words: [
                RecognizedWord(text: "Date", box: PixelRect(x: 2, y: 5, width: 8, height: 4), confidence: 90),
                RecognizedWord(text: "4/02", box: PixelRect(x: 11, y: 5, width: 6, height: 4), confidence: 80),
            ]),
            // A speck wholly in the margin is dropped.
            RecognizedLine(words: [RecognizedWord(text: ".", box: PixelRect(x: 0, y: 0, width: 2, height: 2), confidence: 60)]),
        ])
        let moved = reading.moved(dx: -3, dy: -3, width: 14, height: 14)
        #expect(moved.width == 14 && moved.height == 14)
        #expect(moved.lines.count == 1)
        #expect(moved.lines[0].words.map(\.box) == [PixelRect(x: 0, y: 2, width: 7, height: 4), PixelRect(x: 8, y: 2, width: 6, height: 4)])
        #expect(moved.lines[0].text == "Date 4/02")
    }
}
