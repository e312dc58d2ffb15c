import Foundation

/// A rate the user gives (`--rate EUR/USD=1.08`: one euro is 1.08 dollars). Markup compares a list's
/// price with a catalogue's price in another currency only through such a rate: Decant never looks
/// one up, so a report never rests on a rate nobody chose.
public struct ExchangeRate: Sendable, Equatable, Codable, CustomStringConvertible {
    public var base: String
    public var quote: String
    /// Units of `quote` for one unit of `base`.
    public var rate: Double

    public init(base: String, quote: String, rate: Double) {
        self.base = base
        self.quote = quote
        self.rate = rate
    }

    /// Parses `EUR/USD=1.08` (codes or the symbols lists print: `€/$=1.08`).
    public init?(_ text: String) {
        let sides = text.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard sides.count == 2, let rate = Double(sides[1]), rate > 0, rate.isFinite else { return nil }
        let pair = sides[0].split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
        guard pair.count == 2, let base = Insights.currencyCode(pair[0]), let quote = Insights.currencyCode(pair[1]),
              !base.isEmpty, !quote.isEmpty, base != quote else { return nil }
        self.init(base: base, quote: quote, rate: rate)
    }

    public var description: String { "\(base)/\(quote)=\(rate)" }

    /// `amount` of `from` in `to`, by a rate given either way round; nil when none is given.
    public static func convert(_ amount: Double, from: String, to: String, rates: [ExchangeRate]) -> Double? {
        if from == to { return amount }
        if let r = rates.first(where: { $0.base == from && $0.quote == to }) { return amount * r.rate }
        if let r = rates.first(where: { $0.base == to && $0.quote == from }) { return amount / r.rate }
        return nil
    }
}
