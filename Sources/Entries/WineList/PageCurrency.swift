import Foundation

/// The currency of a page's prices, from what the page prints, never from where it seems to be.
///
/// A list prints its currency once or on a few prices and leaves the rest bare ("$47/15", a header
/// "Alle Preise in Euro", "kr." under the title); OCR also drops a sign here and there. A bare price on
/// such a page is in the page's currency. A page that prints no currency, or two, leaves its bare
/// prices' currency unknown: a list with no sign is as often in euros as in pounds.
enum PageCurrency {
    /// Words that name a currency in a sentence rather than beside an amount ("Preise in Euro").
    static let statementWords: [String: String] = ["EURO": "€", "EUROS": "€", "KRONER": "kr", "KRONOR": "kr"]

    /// The page's currency: the one its prices print, when they print one and only one; else the one
    /// its other lines name, when they name one and only one; else nil.
    static func decide(printedOnPrices: [String], otherRows: [[String]]) -> String? {
        let printed = Set(printedOnPrices)
        if printed.count == 1 { return printed.first }
        if printed.count > 1 { return nil }
        var named = Set<String>()
        for tokens in otherRows {
            for token in tokens {
                let word = token.trimmingCharacters(in: .init(charactersIn: ".,:;()[]*")).uppercased()
                if let c = FieldParser.currencyWords[word] ?? statementWords[word] {
                    named.insert(c)
                } else if token.count <= 2, let sign = token.first(where: { FieldParser.currencySymbols.contains($0) }),
                          token.allSatisfy({ $0 == sign || $0.isPunctuation }) {
                    named.insert(String(sign))
                }
            }
        }
        return named.count == 1 ? named.first : nil
    }
}
