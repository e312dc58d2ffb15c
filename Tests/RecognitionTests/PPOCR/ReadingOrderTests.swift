import Imaging
import Recognition
import RecognizedText
import Testing
@testable import Recognition

struct ReadingOrderTests {
    static func item(_ text: String, x: Double, y: Double, height: Double = 20) -> ReadingOrder.Item {
        let word = RecognizedWord(text: text, box: PixelRect(x: Int(x), y: Int(y), width: 10, height: Int(height)), confidence: 90)
        return ReadingOrder.Item(line: RecognizedLine(words: [word]), center: Point2(x: x, y: y), height: height)
    }

    @Test func rowsTopToBottomThenLeftToRightWithinARow() {
        // A price a few pixels higher than its name still belongs to the name's row.
        let lines = ReadingOrder.arrange([
            Self.item("second", x: 10, y: 60), Self.item("12.50", x: 300, y: 27),
            Self.item("first", x: 10, y: 30), Self.item("third", x: 10, y: 90),
        ])
        #expect(lines.map(\.text) == ["first", "12.50", "second", "third"])
    }

    @Test func aGapOfMoreThanALineStartsAParagraph() {
        let lines = ReadingOrder.arrange([
            Self.item("a", x: 0, y: 30), Self.item("b", x: 0, y: 55), Self.item("c", x: 0, y: 160),
        ])
        #expect(lines.map(\.paragraph) == [0, 0, 1])
        #expect(lines.allSatisfy { $0.block == 0 })
    }
}
