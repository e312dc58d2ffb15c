/// A currency sign printed before every price that the reader turned into the same digit on many of
/// them ("$58" read "858", "$23" read "823"), found from the page's magnitudes, not from a table of
/// look-alikes.
///
/// Why: PP-OCR reads a "$" in some faces as an 8 (or a 5, a 6) on a third of a list's prices and
/// correctly on the rest. One row cannot tell "858" from an $858 wine; the page can: the prices
/// read with the sign run around $14–$104, while a dozen unsigned ones all start with the same digit
/// and, without it, fall in that same range. Real prices' first digits are spread (a page of
/// 2- and 3-digit prices rarely starts even a third of them with one digit), so a shared first digit
/// on most unsigned prices whose rest fits the signed prices' range is the sign.
public struct SignReadAsDigit: Sendable, Equatable {
    public var sign: Character
    public var digit: Character

    /// Least signed prices that show the page's sign and range, and least unsigned prices sharing
    /// the digit.
    public static let minimumSigned = 3
    public static let minimumShared = 4
    /// The share of the unsigned prices that must start with the digit.
    public static let minimumShare = 0.6

    public init(sign: Character, digit: Character) {
        self.sign = sign
        self.digit = digit
    }

    /// The page's misreading from its rows' price tokens as read (each row's trailing price tokens),
    /// nil when the page does not show one.
    public static func detect(_ priceTokens: [String]) -> SignReadAsDigit? {
        var signed: [Character: [Double]] = [:]
        var unsigned: [String] = []
        for token in priceTokens {
            guard let first = token.first, let price = FieldParser.price(token), let amount = price.amount else { continue }
            if FieldParser.currencySymbols.contains(first) {
                signed[first, default: []].append(amount)
            } else if token.allSatisfy({ $0.isNumber || $0 == "." || $0 == "," }), token.count >= 2, !Self.isYear(token) {
                unsigned.append(token)
            }
        }
        guard let (sign, amounts) = signed.max(by: { $0.value.count < $1.value.count }), amounts.count >= minimumSigned,
              unsigned.count >= minimumShared else { return nil }
        var byDigit: [Character: [String]] = [:]
        for token in unsigned { byDigit[token.first!, default: []].append(token) }
        guard let (digit, shared) = byDigit.max(by: { $0.value.count < $1.value.count || ($0.value.count == $1.value.count && $0.key > $1.key) }),
              shared.count >= minimumShared, Double(shared.count) >= minimumShare * Double(unsigned.count) else { return nil }
        // Without the digit the prices fall in the signed prices' range; with it, far above.
        let range = median(amounts)
        let rest = shared.compactMap { FieldParser.price(String($0.dropFirst()))?.amount }
        let whole = shared.compactMap { FieldParser.price($0)?.amount }
        guard rest.count == shared.count, range > 0 else { return nil }
        let restMedian = median(rest), wholeMedian = median(whole)
        guard restMedian >= range / 3, restMedian <= range * 3, wholeMedian >= range * 4 else { return nil }
        return SignReadAsDigit(sign: sign, digit: digit)
    }

    /// The token with its first character read as the sign, when it is an unsigned price starting
    /// with the digit; nil otherwise.
    public func repaired(_ token: String) -> String? {
        guard token.first == digit, token.count >= 2, !Self.isYear(token), token.allSatisfy({ $0.isNumber || $0 == "." || $0 == "," }),
              FieldParser.price(String(token.dropFirst())) != nil else { return nil }
        return String(sign) + token.dropFirst()
    }

    /// A vintage, which stands beside prices and is never one.
    static func isYear(_ token: String) -> Bool {
        token.count == 4 && Int(token).map { $0 >= 1900 && $0 <= 2100 } == true
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
