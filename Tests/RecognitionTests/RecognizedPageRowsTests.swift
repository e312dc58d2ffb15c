import Imaging
import RecognizedText
import Testing

/// A reading whose boxes split a printed row is read back as one line per row.
struct RecognizedPageRowsTests {
    static func line(_ text: String, x: Int, y: Int, height: Int = 10, paragraph: Int = 0) -> RecognizedLine {
        let words = text.split(separator: " ").enumerated().map { k, word in
            RecognizedWord(text: String(word), box: PixelRect(x: x + 40 * k, y: y, width: 35, height: height), confidence: 90)
        }
        return RecognizedLine(words: words, block: 0, paragraph: paragraph)
    }

    @Test func aDescriptionAndItsAmountBecomeOneLine() {
        let page = RecognizedPage(width: 300, height: 100, lines: [
            Self.line("ROAST CHICKEN", x: 10, y: 10), Self.line("128.00", x: 240, y: 11),
            Self.line("4 X 32.00", x: 10, y: 25),
            Self.line("BURRATA", x: 10, y: 40), Self.line("18.50", x: 240, y: 39),
        ])
        #expect(page.joiningRows().lines.map(\.text) == ["ROAST CHICKEN 128.00", "4 X 32.00", "BURRATA 18.50"])
        #expect(page.joiningRows().lines[0].words.count == 3)
    }

    @Test func linesStayApartAcrossRowsParagraphsAndBackwardSteps() {
        // Half a line height lower is the next row; a box left of the one before starts a new line
        // (reading order went back), as does a new paragraph.
        let page = RecognizedPage(width: 300, height: 100, lines: [
            Self.line("Vino", x: 10, y: 10), Self.line("Vino", x: 60, y: 16),
            Self.line("TOTAL", x: 100, y: 40), Self.line("$638.01", x: 20, y: 40),
            Self.line("Thank", x: 10, y: 60, paragraph: 1), Self.line("you", x: 60, y: 60, paragraph: 2),
        ])
        #expect(page.joiningRows().lines.map(\.text) == ["Vino", "Vino", "TOTAL", "$638.01", "Thank", "you"])
    }

    @Test func aPageOfWholeLinesIsUnchanged() {
        let page = RecognizedPage(width: 300, height: 100, lines: [Self.line("a b c", x: 10, y: 10), Self.line("d e", x: 10, y: 30)])
        #expect(page.joiningRows() == page)
    }
}
