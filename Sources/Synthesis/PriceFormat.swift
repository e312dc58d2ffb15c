/// How a list or receipt prints money: symbol, its side, decimals and the decimal mark.
public struct PriceFormat: Sendable, Equatable {
    public enum Symbol: String, Sendable, CaseIterable { case none, dollar = "$", euro = "€", pound = "£" }
    public var symbol: Symbol
    /// The currency the prices are in, even when no symbol is printed (for the ground truth).
    public var currency: String
    public var symbolAfter: Bool
    /// 0: "65"; 2: "65.00"
    public var decimals: Int
    public var decimalComma: Bool

    public init(symbol: Symbol, currency: String, symbolAfter: Bool = false, decimals: Int = 0, decimalComma: Bool = false) {
        self.symbol = symbol
        self.currency = currency
        self.symbolAfter = symbolAfter
        self.decimals = decimals
        self.decimalComma = decimalComma
    }

    /// The printed symbol, or nil when prices are bare numbers.
    public var printedCurrency: String? { symbol == .none ? nil : symbol.rawValue }

    public func format(_ amount: Double) -> String {
        let number: String
        if decimals == 0 && amount == amount.rounded() {
            number = String(Int(amount))
        } else {
            let cents = Int((amount * 100).rounded())
            let fraction = cents % 100
            number = "\(cents / 100)\(decimalComma ? "," : ".")\(fraction < 10 ? "0" : "")\(fraction)"
        }
        switch symbol {
        case .none: return number
        default: return symbolAfter ? "\(number) \(symbol.rawValue)" : "\(symbol.rawValue)\(number)"
        }
    }

    /// A list's price format, drawn with the frequencies seen on real lists.
    static func random(_ rng: inout SeededRandom) -> PriceFormat {
        switch rng.pick(weighted: [("bare", 4.0), ("dollar", 2.5), ("euro", 1.5), ("pound", 1.5)]) {
        case "dollar": return PriceFormat(symbol: .dollar, currency: "USD", decimals: rng.chance(0.25) ? 2 : 0)
        case "euro":
            let comma = rng.chance(0.5)
            return PriceFormat(symbol: .euro, currency: "EUR", symbolAfter: rng.chance(0.6), decimals: comma ? 2 : (rng.chance(0.3) ? 2 : 0),
                               decimalComma: comma)
        case "pound": return PriceFormat(symbol: .pound, currency: "GBP", decimals: rng.chance(0.3) ? 2 : 0)
        default:
            let currency = rng.pick(["USD", "AUD", "NZD", "GBP", "EUR"])
            return PriceFormat(symbol: .none, currency: currency, decimals: rng.chance(0.2) ? 2 : 0)
        }
    }
}
