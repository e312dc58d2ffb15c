import Entries
import Foundation

/// Where a wine stands in its drinking window on the run date.
public enum DrinkStatus: String, Sendable, Codable, Equatable {
    case tooYoung = "too-young"
    case ready
    case pastPrime = "past-prime"
}

/// What the budget buys: a bottle, or only a glass.
public enum BudgetFit: String, Sendable, Codable, Equatable {
    case bottle, glass
}

/// The facts a reader of a wine list wants beside each matched entry.
public struct EntryInsight: Sendable, Codable, Equatable {
    public var score: Double?
    public var drinkFrom: Int?
    public var drinkTo: Int?
    public var drinkStatus: DrinkStatus?
    public var releasePrice: Double?
    /// List bottle price ÷ release price (same currency, or the catalogue's currency unknown).
    public var markup: Double?
    /// The entry's colour as the list gives it, else the catalogue's.
    public var colour: String?
    /// Score points per unit of bottle price: the value measure "best value" ranks by.
    public var value: Double?
    /// The highest value of its colour within the list.
    public var bestValue: Bool
    public var fitsBudget: BudgetFit?
    /// Where the window comes from: `catalogue`, `style:<row>` (docs/drinking-windows.md) or
    /// `non-vintage` (no window: a non-vintage wine is sold ready).
    public var drinkWindowSource: String?

    public init(score: Double? = nil, drinkFrom: Int? = nil, drinkTo: Int? = nil, drinkStatus: DrinkStatus? = nil,
                releasePrice: Double? = nil, markup: Double? = nil, colour: String? = nil, value: Double? = nil,
                bestValue: Bool = false, fitsBudget: BudgetFit? = nil, drinkWindowSource: String? = nil) {
        self.score = score
        self.drinkFrom = drinkFrom
        self.drinkTo = drinkTo
        self.drinkStatus = drinkStatus
        self.releasePrice = releasePrice
        self.markup = markup
        self.colour = colour
        self.value = value
        self.bestValue = bestValue
        self.fitsBudget = fitsBudget
        self.drinkWindowSource = drinkWindowSource
    }
}

/// How insights are computed and which entries a report keeps (`decant run --as-of --budget
/// --min-score --colour --ready-now --best-value`).
public struct InsightOptions: Sendable, Equatable, Codable {
    /// The run date's year: drinking windows are judged against it.
    public var year: Int
    public var budget: Double?
    public var minScore: Double?
    public var colour: String?
    public var readyNow: Bool
    public var bestValueOnly: Bool
    /// Rates markup may convert a catalogue's price with (`--rate`); none are looked up.
    public var rates: [ExchangeRate]
    /// The currency of a list that prints its prices without one (`--list-currency`).
    public var listCurrency: String?

    public init(year: Int = FieldParser.currentYear, budget: Double? = nil, minScore: Double? = nil, colour: String? = nil,
                readyNow: Bool = false, bestValueOnly: Bool = false, rates: [ExchangeRate] = [], listCurrency: String? = nil) {
        self.year = year
        self.budget = budget
        self.minScore = minScore
        self.colour = colour.map(WineColour.normalize)
        self.readyNow = readyNow
        self.bestValueOnly = bestValueOnly
        self.rates = rates
        self.listCurrency = listCurrency.flatMap(Insights.currencyCode)
    }

    enum CodingKeys: String, CodingKey { case year, budget, minScore, colour, readyNow, bestValueOnly, rates, listCurrency }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        year = try c.decode(Int.self, forKey: .year)
        budget = try c.decodeIfPresent(Double.self, forKey: .budget)
        minScore = try c.decodeIfPresent(Double.self, forKey: .minScore)
        colour = try c.decodeIfPresent(String.self, forKey: .colour)
        readyNow = try c.decode(Bool.self, forKey: .readyNow)
        bestValueOnly = try c.decode(Bool.self, forKey: .bestValueOnly)
        rates = try c.decodeIfPresent([ExchangeRate].self, forKey: .rates) ?? []
        listCurrency = try c.decodeIfPresent(String.self, forKey: .listCurrency)
    }

    /// Rates and a list currency are written only when given, so settings without them encode (and
    /// fingerprint) as they always have.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(year, forKey: .year)
        try c.encodeIfPresent(budget, forKey: .budget)
        try c.encodeIfPresent(minScore, forKey: .minScore)
        try c.encodeIfPresent(colour, forKey: .colour)
        try c.encode(readyNow, forKey: .readyNow)
        try c.encode(bestValueOnly, forKey: .bestValueOnly)
        if !rates.isEmpty { try c.encode(rates, forKey: .rates) }
        try c.encodeIfPresent(listCurrency, forKey: .listCurrency)
    }

    public var filters: Bool { minScore != nil || colour != nil || readyNow || bestValueOnly }

    /// Whether an entry passes the report filters (an entry without the fact a filter needs does not).
    public func accepts(_ insight: EntryInsight?) -> Bool {
        guard filters else { return true }
        guard let insight else { return false }
        if let minScore, (insight.score ?? -.infinity) < minScore { return false }
        if let colour, insight.colour != colour { return false }
        if readyNow && insight.drinkStatus != .ready { return false }
        if bestValueOnly && !insight.bestValue { return false }
        return true
    }
}

/// What a list prints about one entry that its insight needs besides the matched wine.
public struct ListedWine: Sendable, Equatable {
    public var prices: [Price]
    public var currency: String?
    public var colour: WineColour?
    public var vintage: Vintage?
    /// Name, region, grapes and section as printed: the words the style of a window is read from.
    public var words: String
    /// The bottle is in the top price tier of its list page (`StyleWindow.isPremium`).
    public var premium: Bool

    public init(prices: [Price], currency: String? = nil, colour: WineColour? = nil, vintage: Vintage? = nil,
                words: String = "", premium: Bool = false) {
        self.prices = prices
        self.currency = currency
        self.colour = colour
        self.vintage = vintage
        self.words = words
        self.premium = premium
    }
}

/// Insight rules as plain functions over values, so each is testable alone.
public enum Insights {
    public static func drinkStatus(from: Int?, to: Int?, year: Int) -> DrinkStatus? {
        if from == nil && to == nil { return nil }
        if let from, year < from { return .tooYoung }
        if let to, year > to { return .pastPrime }
        return .ready
    }

    /// List price over release price, the release price converted into the list's currency only by a
    /// rate the user gave; nil when a price or either currency is missing, or the currencies differ
    /// and no rate joins them.
    public static func markup(listPrice: Double?, listCurrency: String?, releasePrice: Double?, releaseCurrency: String?,
                              rates: [ExchangeRate] = []) -> Double? {
        guard let listPrice, let releasePrice, releasePrice > 0, listPrice > 0,
              let list = currencyCode(listCurrency), let release = currencyCode(releaseCurrency),
              let converted = ExchangeRate.convert(releasePrice, from: release, to: list, rates: rates), converted > 0
        else { return nil }
        return listPrice / converted
    }

    /// "$" → USD, "€" → EUR, "£" → GBP, codes as they are.
    static func currencyCode(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        switch text {
        case "$", "US$": return "USD"
        case "€": return "EUR"
        case "£": return "GBP"
        case "¥": return "JPY"
        case "kr", "kr.", "DKK", "dkk": return "DKK"
        case "₺", "TL": return "TRY"
        default: return text.uppercased()
        }
    }

    public static func budgetFit(bottle: Double?, glass: Double?, budget: Double?) -> BudgetFit? {
        guard let budget else { return nil }
        if let bottle, bottle <= budget { return .bottle }
        if let glass, glass <= budget { return .glass }
        return nil
    }

    public static func value(score: Double?, price: Double?) -> Double? {
        guard let score, let price, price > 0 else { return nil }
        return score / price
    }

    /// The bottle price of an entry: the bottle column, else a lone price of unknown column.
    public static func bottlePrice(_ prices: [Price]) -> Double? {
        if let p = prices.first(where: { $0.column == .bottle })?.amount { return p }
        if prices.count == 1, prices[0].column == .unknown { return prices[0].amount }
        return nil
    }

    public static func glassPrice(_ prices: [Price]) -> Double? {
        prices.first(where: { $0.column == .glass })?.amount
    }

    /// The window of a listed wine and where it comes from: the catalogue's when its row is for the
    /// vintage the list prints (or for every vintage of the label), else one estimated from the style
    /// of that vintage (`StyleWindow`); a non-vintage wine has none and is ready. A vintage only the
    /// catalogue row names is not the list's: the matcher chose that row, the list did not say.
    public static func window(wine: Wine?, listed: ListedWine) -> (from: Int?, to: Int?, source: String)? {
        if let wine, wine.drinkFrom != nil || wine.drinkTo != nil, wine.vintage == nil || wine.vintage == listed.vintage {
            return (wine.drinkFrom, wine.drinkTo, "catalogue")
        }
        switch listed.vintage ?? (wine?.vintage == .nonVintage ? .nonVintage : nil) {
        case .year(let year)?:
            var words = listed.words
            if let wine {
                words += " " + ([wine.producer, wine.wine, wine.region, wine.subregion].compactMap { $0 } + wine.grapes).joined(separator: " ")
            }
            let style = StyleWindow.estimate(vintage: year, colour: listed.colour?.rawValue ?? wine?.colour, text: words,
                                             premium: listed.premium)
            return (style.from, style.to, style.source)
        case .nonVintage?: return (nil, nil, "non-vintage")
        case nil: return nil
        }
    }

    /// One entry's insight from its matched wine (nil when nothing was matched) and what the list prints.
    public static func insight(wine: Wine?, listed: ListedWine, options: InsightOptions) -> EntryInsight? {
        let bottle = bottlePrice(listed.prices)
        let colour = listed.colour?.rawValue ?? wine?.colour
        let fit = budgetFit(bottle: bottle, glass: glassPrice(listed.prices), budget: options.budget)
        let window = window(wine: wine, listed: listed)
        let status: DrinkStatus? = window.flatMap { w in
            w.source == "non-vintage" ? .ready : drinkStatus(from: w.from, to: w.to, year: options.year)
        }
        guard let wine else {
            if fit == nil && colour == nil && window == nil { return nil }
            return EntryInsight(drinkFrom: window?.from, drinkTo: window?.to, drinkStatus: status, colour: colour,
                                fitsBudget: fit, drinkWindowSource: window?.source)
        }
        return EntryInsight(
            score: wine.score, drinkFrom: window?.from, drinkTo: window?.to, drinkStatus: status,
            releasePrice: wine.releasePrice,
            markup: markup(listPrice: bottle, listCurrency: listed.currency ?? options.listCurrency,
                           releasePrice: wine.releasePrice, releaseCurrency: wine.currency, rates: options.rates),
            colour: colour, value: value(score: wine.score, price: bottle), fitsBudget: fit, drinkWindowSource: window?.source)
    }

    /// Marks, within one list, the entry of best value in each colour (ties: the first listed).
    public static func markBestValue(_ insights: inout [EntryInsight?]) {
        var best: [String: Int] = [:]
        for (i, insight) in insights.enumerated() {
            guard let insight, let value = insight.value else { continue }
            let colour = insight.colour ?? "unknown"
            if let j = best[colour], let other = insights[j]?.value, other >= value { continue }
            best[colour] = i
        }
        for i in insights.indices { insights[i]?.bestValue = false }
        for i in best.values { insights[i]?.bestValue = true }
    }
}
