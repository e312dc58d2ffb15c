import RecognizedText

/// Orders read lines as a person reads the upright page: rows top to bottom (lines whose centers
/// lie within half a line height of each other form a row), left to right within a row; a new
/// paragraph starts after a vertical gap of more than one line height. PP-OCR finds no blocks, so
/// every line is in block 0.
enum ReadingOrder {
    struct Item {
        var line: RecognizedLine
        var center: Point2   // upright frame
        var height: Double
    }

    static func arrange(_ items: [Item]) -> [RecognizedLine] {
        let byY = items.sorted { $0.center.y != $1.center.y ? $0.center.y < $1.center.y : $0.center.x < $1.center.x }
        var rows: [[Item]] = []
        for item in byY {
            if let last = rows.last, let anchor = last.first,
               abs(item.center.y - anchor.center.y) < 0.5 * min(item.height, anchor.height) {
                rows[rows.count - 1].append(item)
            } else {
                rows.append([item])
            }
        }
        var out: [RecognizedLine] = []
        var paragraph = 0
        var previous: (y: Double, height: Double)?
        for row in rows {
            let y = row.map(\.center.y).reduce(0, +) / Double(row.count)
            let height = row.map(\.height).reduce(0, +) / Double(row.count)
            if let previous, y - previous.y > 2 * max(previous.height, height) { paragraph += 1 }
            previous = (y, height)
            for item in row.sorted(by: { $0.center.x < $1.center.x }) {
                var line = item.line
                line.block = 0
                line.paragraph = paragraph
                out.append(line)
            }
        }
        return out
    }
}
