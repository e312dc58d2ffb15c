import Imaging
import Recognition
import RecognizedText
import Testing
@testable import Recognition

struct ReadingOrderTests {
    static func line(_ text: String, x: Int, y: Int, height: Int = 20) -> RecognizedLine {
        RecognizedLine(words: [RecognizedWord(text: text, box: PixelRect(x: x, y: y, width: 60, height: height), confidence: 90)])
    }

    @Test func rowsTopToBottomThenLeftToRightWithinARow() {
        // A price a few pixels higher than its name still belongs to the name's row.
        let lines = ReadingOrder.arrange([
            Self.line("second", x: 10, y: 60), Self.line("12.50", x: 300, y: 27),
            Self.line("first", x: 10, y: 30), Self.line("third", x: 10, y: 90),
        ])
        #expect(lines.map(\.text) == ["first", "12.50", "second", "third"])
    }

    @Test func aGapOfMoreThanALineStartsAParagraph() {
        let lines = ReadingOrder.arrange([
            Self.line("a", x: 0, y: 30), Self.line("b", x: 0, y: 55), Self.line("c", x: 0, y: 160),
        ])
        #expect(lines.map(\.paragraph) == [0, 0, 1])
        #expect(lines.allSatisfy { $0.block == 0 })
    }

    @Test func theOrderFollowsTheUprightBoxesAndTheLinesKeepTheirOwn() {
        // A page read turned a quarter: on the upright page "first" is above "second".
        let lines = [Self.line("second", x: 10, y: 10), Self.line("first", x: 50, y: 10)]
        let upright = [PixelRect(x: 10, y: 60, width: 60, height: 20), PixelRect(x: 10, y: 20, width: 60, height: 20)]
        let ordered = ReadingOrder.arrange(lines, upright: upright)
        #expect(ordered.map(\.text) == ["first", "second"])
        #expect(ordered[0].box == lines[1].box)
    }
}
