import Imaging
import Recognition

/// Puts bin numbers and right-aligned prices back on their wine's line. Tesseract's layout
/// analysis often reads a bin column or a price column as a block of its own, far from the names
/// it belongs to; rows are rebuilt by baseline so each number sits with the text printed on the
/// same line.
public enum LineAssembler {
    /// A line made only of numbers, slashes, currency and "MP": the contents of a price or bin column.
    public static func isNumbersOnly(_ text: String) -> Bool {
        let tokens = text.split(whereSeparator: \.isWhitespace)
        guard !tokens.isEmpty else { return false }
        return tokens.allSatisfy { token in
            let t = String(token)
            return t == "/" || t == "|" || FieldParser.price(t) != nil || FieldParser.slashPrices(t) != nil
                || (t.hasPrefix("#") && FieldParser.isInteger(String(t.dropFirst())))
        }
    }

    public static func assemble(_ lines: [RecognizedLine]) -> [RecognizedLine] {
        let textIndexes = lines.indices.filter { !isNumbersOnly(lines[$0].text) }
        guard !textIndexes.isEmpty, textIndexes.count < lines.count else { return lines }
        var merged = lines
        var absorbed = Set<Int>()
        for (o, orphan) in lines.enumerated() where isNumbersOnly(orphan.text) {
            let slack = orphan.box.height
            var best: (index: Int, gap: Int, before: Bool)?
            for i in textIndexes where merged[i].box.verticalOverlap(with: orphan.box) >= 0.5 {
                let line = merged[i]
                if line.box.maxX <= orphan.box.x + slack {
                    let gap = orphan.box.x - line.box.maxX          // orphan to the right: a price
                    if best == nil || gap < best!.gap { best = (i, gap, false) }
                } else if orphan.box.maxX <= line.box.x + slack {
                    let gap = line.box.x - orphan.box.maxX          // orphan to the left: a bin
                    if best == nil || gap < best!.gap { best = (i, gap, true) }
                }
            }
            // Numbers with no text beside them (a wrapped entry's "2017 1198") keep their place.
            guard let best else { continue }
            let target = merged[best.index]
            let words = best.before ? orphan.words + target.words : target.words + orphan.words
            merged[best.index] = RecognizedLine(words: words, block: target.block, paragraph: target.paragraph)
            absorbed.insert(o)
        }
        return merged.indices.filter { !absorbed.contains($0) }.map { merged[$0] }
    }
}
