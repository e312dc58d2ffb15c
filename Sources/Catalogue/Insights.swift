import Entries

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

    public init(score: Double? = nil, drinkFrom: Int? = nil, drinkTo: Int? = nil, drinkStatus: DrinkStatus? = nil,
                releasePrice: Double? = nil, markup: Double? = nil, colour: String? = nil, value: Double? = nil,
                bestValue: Bool = false, fitsBudget: BudgetFit? = nil) {
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

    public init(year: Int = FieldParser.currentYear, budget: Double? = nil, minScore: Double? = nil, colour: String? = nil,
                readyNow: Bool = false, bestValueOnly: Bool = false) {
        self.year = year
        self.budget = budget
        self.minScore = minScore
        self.colour = colour.map(WineColour.normalize)
        self.readyNow = readyNow
        self.bestValueOnly = bestValueOnly
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

/// Insight rules as plain functions over values, so each is testable alone.
public enum Insights {
    public static func drinkStatus(from: Int?, to: Int?, year: Int) -> DrinkStatus? {
        if from == nil && to == nil { return nil }
        if let from, year < from { return .tooYoung }
        if let to, year > to { return .pastPrime }
        return .ready
    }

    /// List price over release price; nil when either is missing or the currencies differ.
    public static func markup(listPrice: Double?, listCurrency: String?, releasePrice: Double?, releaseCurrency: String?) -> Double? {
        guard let listPrice, let releasePrice, releasePrice > 0, listPrice > 0 else { return nil }
        if let a = currencyCode(listCurrency), let b = currencyCode(releaseCurrency), a != b { return nil }
        return listPrice / releasePrice
    }

    /// "$" → USD, "€" → EUR, "£" → GBP, codes as they are.
    static func currencyCode(_ text: String?) -> String? {
        guard let text else { return nil }
        switch text {
        case "$": return "USD"
        case "€": return "EUR"
        case "£": return "GBP"
        case "¥": return "JPY"
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

    /// One entry's insight from its matched wine (nil when nothing was matched) and its list prices.
    public static func insight(wine: Wine?, prices: [Price], currency: String?, listColour: WineColour?,
                               options: InsightOptions) -> EntryInsight? {
        let bottle = bottlePrice(prices)
        let colour = listColour?.rawValue ?? wine?.colour
        guard let wine else {
            let fit = budgetFit(bottle: bottle, glass: glassPrice(prices), budget: options.budget)
            return fit == nil && colour == nil ? nil : EntryInsight(colour: colour, fitsBudget: fit)
        }
        return EntryInsight(
            score: wine.score, drinkFrom: wine.drinkFrom, drinkTo: wine.drinkTo,
            drinkStatus: drinkStatus(from: wine.drinkFrom, to: wine.drinkTo, year: options.year),
            releasePrice: wine.releasePrice,
            markup: markup(listPrice: bottle, listCurrency: currency, releasePrice: wine.releasePrice, releaseCurrency: wine.currency),
            colour: colour, value: value(score: wine.score, price: bottle),
            fitsBudget: budgetFit(bottle: bottle, glass: glassPrice(prices), budget: options.budget))
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
