import Imaging
import RecognizedText

/// Orders read lines as a person reads the upright page: printed rows top to bottom
/// (`PrintedRows`, the rule every reader's rows are made by), left to right within a row; a new
/// paragraph starts after a vertical gap of more than one line height. PP-OCR finds no blocks, so
/// every line is in block 0.
enum ReadingOrder {
    /// `upright`: each line's box on the upright page (the lines' own boxes when the page was read
    /// upright), which decides the order; the lines keep their own boxes.
    static func arrange(_ lines: [RecognizedLine], upright: [PixelRect]? = nil) -> [RecognizedLine] {
        let boxes = upright ?? lines.map(\.box)
        let rows = PrintedRows.group(boxes)
        var out: [RecognizedLine] = []
        var paragraph = 0
        var previous: (y: Double, height: Double)?
        for row in rows {
            let rowBoxes = row.map { boxes[$0] }
            let y = rowBoxes.map { Double($0.y) + Double($0.height) / 2 }.reduce(0, +) / Double(row.count)
            let height = rowBoxes.map { Double($0.height) }.reduce(0, +) / Double(row.count)
            if let previous, y - previous.y > 2 * max(previous.height, height) { paragraph += 1 }
            previous = (y, height)
            for index in row {
                var line = lines[index]
                line.block = 0
                line.paragraph = paragraph
                out.append(line)
            }
        }
        return out
    }
}
