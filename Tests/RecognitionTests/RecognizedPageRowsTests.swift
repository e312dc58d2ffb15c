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

    @Test func linesStayApartAcrossRowsAndParagraphs() {
        // Half a line height lower is the next row; lines the reader put in different paragraphs stay apart.
        let page = RecognizedPage(width: 300, height: 100, lines: [
            Self.line("Vino", x: 10, y: 10), Self.line("Vino", x: 60, y: 16),
            Self.line("Thank", x: 10, y: 60, paragraph: 1), Self.line("you", x: 60, y: 60, paragraph: 2),
        ])
        #expect(page.joiningRows().lines.map(\.text) == ["Vino", "Vino", "Thank", "you"])
    }

    @Test func aPageOfWholeLinesIsUnchanged() {
        let page = RecognizedPage(width: 300, height: 100, lines: [Self.line("a b c", x: 10, y: 10), Self.line("d e", x: 10, y: 30)])
        #expect(page.joiningRows() == page)
    }
}

/// The one row rule, on made-up boxes.
struct PrintedRowsTests {
    static func box(_ x: Int, _ y: Int, _ width: Int = 40, _ height: Int = 10) -> PixelRect {
        PixelRect(x: x, y: y, width: width, height: height)
    }

    @Test func aRowTiltedAcrossTheWidthStaysOneRow() {
        // Each piece 3 px lower than the one before (a page a degree off level), under half a line
        // from its neighbour though 9 px from the row's first piece.
        let rows = PrintedRows.group([Self.box(0, 100), Self.box(60, 103), Self.box(120, 106), Self.box(180, 109),
                                      Self.box(0, 130)])
        #expect(rows == [[0, 1, 2, 3], [4]])
    }

    @Test func aDashOrAPointIsAsTallAsItsRowNotItsInk() {
        // A 2 px point 4 px below its row's middle (on the baseline) joins it: its tolerance is half
        // the page's line, not half its own height.
        let rows = PrintedRows.group([Self.box(0, 100), Self.box(60, 108, 2, 2), Self.box(90, 100), Self.box(0, 120)])
        #expect(rows == [[0, 1, 2], [3]])
    }

    @Test func piecesOverOneAnotherAreTwoRowsHoweverClose() {
        // A superscript-close second line that overlaps the first across stays its own row.
        let rows = PrintedRows.group([Self.box(0, 100, 100), Self.box(20, 104, 100)])
        #expect(rows == [[0], [1]])
    }

    @Test func piecesAreOrderedLeftToRightWhateverTheirOrderIn() {
        let rows = PrintedRows.group([Self.box(200, 100), Self.box(0, 101), Self.box(100, 99)])
        #expect(rows == [[1, 2, 0]])
    }

    @Test func aReasonToKeepApartIsHonoured() {
        let rows = PrintedRows.group([Self.box(0, 100), Self.box(100, 100)]) { _, _ in false }
        #expect(rows == [[0], [1]])
    }
}
