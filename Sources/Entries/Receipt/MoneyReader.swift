import Foundation

/// Reads amounts the way receipts print them: 9.00, RM9.00, $8.20, 1,250.00, 39,78, -0.02,
/// (0.02), 0.02-, 7.50S (a tax code stuck to the amount). Money needs its two decimals unless a
/// currency marks it, so quantities, codes and years are never taken for amounts.
public enum MoneyReader {
    /// Currency marks as printed → ISO 4217 code where the mark names one currency.
    static let currencies: [String: String] = [
        "RM": "MYR", "MYR": "MYR", "€": "EUR", "EUR": "EUR", "£": "GBP", "GBP": "GBP", "S$": "SGD", "SGD": "SGD",
        "US$": "USD", "USD": "USD", "A$": "AUD", "AUD": "AUD", "NZ$": "NZD", "NZD": "NZD", "CHF": "CHF",
        "CA$": "CAD", "C$": "CAD", "CAD": "CAD", "HK$": "HKD", "HKD": "HKD", "RP": "IDR", "IDR": "IDR", "₹": "INR",
        "INR": "INR", "฿": "THB", "THB": "THB", "₱": "PHP", "PHP": "PHP", "¥": "JPY", "JPY": "JPY", "$": "$",
    ]

    /// Tax and flag codes printed after an amount (S = standard-rated, Z = zero-rated, E = exempt …).
    static let trailingCodes: Set<String> = ["S", "SR", "Z", "ZR", "E", "ES", "T", "N", "X", "*", "A", "B", "C", "D", "F",
                                             "R", "V", "G", "TX", "NT", "I", "#", "**", "@"]

    /// The ISO code (or `$`) a token names when it is only a currency mark, like "RM", "(RM)" or "€".
    public static func currency(_ token: String) -> String? {
        let t = token.trimmingCharacters(in: CharacterSet(charactersIn: "():;,.[]")).uppercased()
        return currencies[t]
    }

    /// A money token. `strict` requires two decimals unless a currency mark is attached.
    /// Decoration OCR and printers put around amounts.
    static let decoration = CharacterSet(charactersIn: "*#:;|«»~=\"'`^_<>\\“”‘’—–")
    /// Currency marks, longest first so "S$" is tried before "$" (sorted once: this runs for every token).
    static let currenciesLongestFirst = currencies.sorted { ($0.key.count, $1.key) > ($1.key.count, $0.key) }

    public static func money(_ token: String, strict: Bool = true) -> (amount: Double, currency: String?)? {
        var t = Substring(token)
        let edge = Self.decoration
        func trimEdges() {
            while let f = t.unicodeScalars.first, edge.contains(f) { t = t.dropFirst() }
            while let l = t.unicodeScalars.last, edge.contains(l) { t = t.dropLast() }
        }
        trimEdges()
        var negative = false
        if t.hasPrefix("(") && t.hasSuffix(")") && t.count > 2 {
            negative = true
            t = t.dropFirst().dropLast()
        } else {
            // A bracket opened or closed on another token: "(RM2.90" … "0.42)".
            if t.hasPrefix("(") || t.hasPrefix("[") || t.hasPrefix("{") { t = t.dropFirst() }
            if t.hasSuffix(")") || t.hasSuffix("]") || t.hasSuffix("}") { t = t.dropLast() }
        }
        if t.hasPrefix("-") || t.hasPrefix("−") { negative = true; t = t.dropFirst() }
        var currency: String?
        // Currency before the number: RM9.00, $8.20, S$4.50, €12,00.
        let upper = t.uppercased()
        for (mark, code) in currenciesLongestFirst where upper.hasPrefix(mark) && t.count > mark.count {
            let rest = t.dropFirst(mark.count)
            if let c = rest.first, c.isNumber || c == "-" || c == "_" || c == "." || c == "O" {
                currency = code
                t = rest
                break
            }
        }
        // "fM1.00", "RN104.50", "RH 41.00": RM as OCR misreads it, before digits.
        if currency == nil, t.count > 3, let a = t.first, let b = t.dropFirst().first, "RrFfKk".contains(a), "MmNnHh".contains(b),
           let c = t.dropFirst(2).first, c.isNumber || c == "O" {
            t = t.dropFirst(2)
        }
        trimEdges()
        if t.hasPrefix("-") { negative = true; t = t.dropFirst() }
        // Currency or minus after the number: 12,00€, 0.02-.
        if let l = t.last, let code = currencies[String(l)] { currency = currency ?? code; t = t.dropLast() }
        if t.hasSuffix("-") && t.count > 1 { negative = true; t = t.dropLast() }
        // A tax code glued to the amount: 7.50S, 3.50SR.
        if let letters = t.lastIndex(where: { $0.isNumber }).map({ t[t.index(after: $0)...] }), !letters.isEmpty,
           trailingCodes.contains(letters.uppercased()) {
            t = t.dropLast(letters.count)
        }
        if t.hasSuffix(".") || t.hasSuffix(",") { t = t.dropLast() }
        // ".01", "-.02": rounding lines drop the leading zero.
        if let f = t.first, f == "." || f == ",", t.count == 3, t.dropFirst().allSatisfy(\.isNumber) { t = "0" + t }
        let text = repairDigits(String(t))
        guard let amount = FieldParser.amount(text) else { return nil }
        let decimals = text.lastIndex { $0 == "." || $0 == "," }.map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
        if strict {
            guard decimals == 2 || (currency != nil && decimals == 0) else { return nil }
        }
        return (negative ? -amount : amount, currency)
    }

    /// Letters OCR reads for digits, mended inside an amount only: "O.94" → 0.94, "§5.10" → 55.10.
    /// The token must already look like an amount (digits, one decimal mark, two decimals) and hold
    /// at least two real digits, so words are never turned into numbers.
    static func repairDigits(_ text: String) -> String {
        let map: [Character: Character] = ["O": "0", "o": "0", "D": "0", "Q": "0", "I": "1", "l": "1", "|": "1", "S": "5",
                                           "§": "5", "B": "8", "Z": "2"]
        guard text.contains(where: { map[$0] != nil }), text.filter(\.isNumber).count >= 2,
              let mark = text.lastIndex(where: { $0 == "." || $0 == "," }),
              text.distance(from: mark, to: text.endIndex) == 3,
              text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "," || map[$0] != nil }) else { return text }
        return String(text.map { map[$0] ?? $0 })
    }

    /// A plain number for quantities and unit prices: 1, 2.5, 9.000, 0.345.
    public static func number(_ token: String) -> Double? {
        var t = token
        while let l = t.last, "*xX@:".contains(l), t.count > 1 { t.removeLast() }
        // "9.000" is nine with three decimals here (a unit price), not nine thousand.
        if t.filter({ $0 == "." }).count == 1, t.allSatisfy({ $0.isNumber || $0 == "." }), let value = Double(t) { return value }
        if let m = money(t, strict: false) { return m.amount }
        guard t.count <= 8, t.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              t.filter({ $0 == "." }).count <= 1, t.first?.isNumber == true, t.last?.isNumber == true else { return nil }
        return Double(t)
    }

    /// True for tokens that may follow an amount without ending the run of numbers (tax codes).
    static func isTrailingCode(_ token: String) -> Bool {
        let t = token.trimmingCharacters(in: CharacterSet(charactersIn: "()[]"))
        return trailingCodes.contains(t.uppercased()) || t.allSatisfy { "*#«»~=|-—_:;.,'\"`\\/<>“”‘’".contains($0) }
    }
}
