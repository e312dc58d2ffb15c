import Imaging
import RecognizedText

/// Puts bin numbers and right-aligned prices back on their wine's line and the lines in reading
/// order. Tesseract often reads a bin column or a price column as a block of its own, far from the
/// names it belongs to, and interleaves the two columns of a two-column list; rows are rebuilt by
/// geometry (`RowLayout`) so each number sits with the text printed on the same line.
public enum LineAssembler {
    /// A line made only of numbers, slashes, currency and "MP": the contents of a price or bin column.
    public static func isNumbersOnly(_ text: String) -> Bool {
        let tokens = text.split(whereSeparator: \.isWhitespace)
        guard !tokens.isEmpty else { return false }
        return tokens.allSatisfy { token in
            let t = String(token)
            return t == "/" || t == "|" || FieldParser.price(t) != nil || FieldParser.slashPrices(t) != nil
                || (t.hasPrefix("#") && FieldParser.isInteger(String(t.dropFirst())))
                || (t.count == 1 && FieldParser.currencySymbols.contains(t.first!))
        }
    }

    /// The page's rows in reading order, each as one line (block: its column, counted from 1; 0 for
    /// a row across the columns).
    public static func assemble(_ lines: [RecognizedLine]) -> [RecognizedLine] {
        RowLayout(lines: lines).rows.map(\.line)
    }
}
