/// What a price column means on a list: a header such as "Glass  Bottle" gives each column its meaning.
public enum PriceColumn: String, Sendable, Codable, CaseIterable {
    case glass, carafe, halfBottle = "half-bottle", bottle, magnum, unknown
}

/// A price as printed. `amount` is nil for "MP" / market price.
public struct Price: Sendable, Equatable, Codable {
    public var amount: Double?
    public var column: PriceColumn
    public var currency: String?

    public init(amount: Double?, column: PriceColumn = .unknown, currency: String? = nil) {
        self.amount = amount
        self.column = column
        self.currency = currency
    }

    public var isMarketPrice: Bool { amount == nil }

    /// "65", "14.50", "MP".
    public var formatted: String {
        guard let amount else { return "MP" }
        return amount == amount.rounded() ? String(Int(amount)) : String(format2: amount)
    }
}

extension String {
    /// Two decimals without Foundation's locale-sensitive formatting.
    init(format2 value: Double) {
        let cents = Int((value * 100).rounded())
        let sign = cents < 0 ? "-" : ""
        let a = abs(cents)
        self = "\(sign)\(a / 100).\(a % 100 < 10 ? "0" : "")\(a % 100)"
    }
}
