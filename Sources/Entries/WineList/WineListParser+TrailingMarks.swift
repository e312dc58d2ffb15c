/// A currency sign printed after every price that OCR reads as a mark ("33+ 125+" for 33 ₺ 125 ₺,
/// "200:"), settled by the whole page.
///
/// Why: a sign a reader has no model for (the Turkish lira's ₺, set small beside the digits) comes
/// out as "+", ":" or a digit from Tesseract, as "t" from PP-OCR; no row alone says "125+" is a price, but a page on which most rows
/// end that way prints its prices so. Without it a list of such prices gives no entry at all.
extension WineListParser {
    /// Least number of rows, and least share of the rows ending in a number, that end in the same mark.
    static let minimumMarkedRows = 6
    static let minimumMarkedShare = 0.5

    /// The mark a token carries after its amount ("125+" → "+", "125t" → "t"), when it is one
    /// character that is no currency sign, digit, closing punctuation of a name or letter of a
    /// measure ("75l", "5k"). A letter counts: a reader that knows no ₺ reads the nearest letter it
    /// knows (PP-OCR: "33t 125t"), and only a page on which most prices end in it makes it a sign.
    static func trailingMark(_ token: String) -> Character? {
        guard token.count >= 2, let mark = token.last, !mark.isNumber, !FieldParser.currencySymbols.contains(mark),
              !".,)]'’\"%/-".contains(mark), !measureLetters.contains(mark),
              FieldParser.amount(String(token.dropLast())) != nil else { return nil }
        return mark
    }

    /// Letters that after a number give a measure, not a sign read wrong.
    static let measureLetters: Set<Character> = ["l", "L", "g", "G", "k", "K", "m", "M", "x", "X"]

    /// The mark most rows' last tokens end in, when it is the page's habit.
    static func pageMark(_ rows: [[String]]) -> Character? {
        var counts: [Character: Int] = [:], numeric = 0
        for tokens in rows {
            guard let last = tokens.last else { continue }
            if let mark = trailingMark(last) {
                counts[mark, default: 0] += 1
                numeric += 1
            } else if FieldParser.price(last) != nil {
                numeric += 1
            }
        }
        guard let (mark, n) = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
              n >= minimumMarkedRows, Double(n) >= minimumMarkedShare * Double(numeric) else { return nil }
        return mark
    }

    /// The row's last tokens with the page's sign taken off: any one mark after an amount ("200:"
    /// on a page of "200+"), and a last digit that was the sign ("334 125+": 33, as a glass price
    /// above its bottle's 125 cannot be).
    static func withoutMarks(_ tokens: [String]) -> [String] {
        var out = tokens
        var right: Double?
        for i in out.indices.reversed().prefix(4) {
            if trailingMark(out[i]) != nil {
                out[i] = String(out[i].dropLast())
            } else if let amount = FieldParser.amount(out[i]), let bottle = right, amount > bottle, out[i].count >= 3,
                      out[i].allSatisfy(\.isNumber), let shorter = FieldParser.amount(String(out[i].dropLast())), shorter < bottle {
                out[i] = String(out[i].dropLast())
            } else if FieldParser.amount(out[i]) == nil {
                break
            }
            right = FieldParser.amount(out[i])
        }
        return out
    }
}
