import Imaging
import Recognition

/// Puts right-aligned prices back on their wine's line. Tesseract's layout analysis often reads a
/// price column as a block of its own, far from the names it belongs to; rows are rebuilt by
/// baseline so each price sits with the text on the same printed line.
public enum LineAssembler {
    /// A line made only of numbers, slashes, currency and "MP" — the contents of a price column.
    public static func isPriceOnly(_ text: String) -> Bool {
        let tokens = text.split(whereSeparator: \.isWhitespace)
        guard !tokens.isEmpty else { return false }
        return tokens.allSatisfy { token in
            token == "/" || token == "|" || FieldParser.price(String(token)) != nil || FieldParser.slashPrices(String(token)) != nil
        }
    }

    public static func assemble(_ lines: [RecognizedLine]) -> [RecognizedLine] {
        var result: [RecognizedLine] = []
        var orphans: [RecognizedLine] = []
        for line in lines {
            if isPriceOnly(line.text) { orphans.append(line) } else { result.append(line) }
        }
        guard !orphans.isEmpty else { return lines }
        var unplaced: [RecognizedLine] = []
        for orphan in orphans {
            // The text line to the left on the same baseline, nearest first.
            let candidates = result.indices.filter { i in
                result[i].box.verticalOverlap(with: orphan.box) >= 0.5 && result[i].box.maxX <= orphan.box.x + orphan.box.height
            }
            guard let best = candidates.min(by: { orphan.box.x - result[$0].box.maxX < orphan.box.x - result[$1].box.maxX }) else {
                unplaced.append(orphan)
                continue
            }
            let merged = result[best].words + orphan.words
            result[best] = RecognizedLine(words: merged, block: result[best].block, paragraph: result[best].paragraph)
        }
        // Price lines with no text beside them stay, in their reading position by height.
        for line in unplaced {
            let index = result.firstIndex { $0.block == line.block ? $0.box.y > line.box.y : false } ?? result.count
            result.insert(line, at: index)
        }
        return result
    }
}
