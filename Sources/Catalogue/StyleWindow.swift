import Entries

/// A drinking window estimated from a wine's style (`DrinkWindowStyle.table`), for a vintage wine no
/// catalogue gives a window for.
public struct StyleWindow: Sendable, Equatable {
    public var from: Int
    public var to: Int
    /// `barolo-barbaresco`, or `barolo-barbaresco/premium` when the price tier lengthened it.
    public var row: String

    public init(from: Int, to: Int, row: String) {
        self.from = from
        self.to = to
        self.row = row
    }

    /// What entries.json says of the window's origin: `style:<row>`.
    public var source: String { "style:" + row }

    /// The window of a `vintage` wine described by `text` (name, region, grapes, section, the matched
    /// wine's region and grapes) and `colour` (the list's or the catalogue's, nil when neither says).
    /// `premium`: the bottle is in the top price tier of its list, so an ageing style's window is
    /// half as long again.
    public static func estimate(vintage: Int, colour: String?, text: String, premium: Bool = false) -> StyleWindow {
        let words = " " + MatchText.tokenize(text).map(\.text).joined(separator: " ") + " "
        let colour = colour.flatMap(WineColour.known) ?? colourFromWords(words)
        // The table ends in a row that takes any wine, so there is always a row.
        let style = DrinkWindowStyle.table.first { $0.accepts(colour: colour) && $0.matches(words) }
            ?? DrinkWindowStyle.table[DrinkWindowStyle.table.count - 1]
        var to = style.to
        var row = style.key
        if premium && style.ages {
            to += (style.to - style.from + 1) / 2
            row += "/premium"
        }
        return StyleWindow(from: vintage + style.from, to: vintage + to, row: row)
    }

    /// Colour words lists print in their section titles and names, in six languages.
    static let colourWords: [(String, [String])] = [
        ("sparkling", ["sparkling", "schaumwein", "spumante", "spumanti", "espumoso", "espumosos", "espumante", "espumantes",
                       "mousseux", "bulles", "brut", "sekt"]),
        ("sweet", ["dessert", "desserts", "dessertwein", "dessertweine", "sweet", "dolce", "dolci", "dulce", "dulces", "doux",
                   "liquoreux", "edelsuss", "vinho doce"]),
        ("fortified", ["fortified", "generoso", "generosos", "vinho generoso", "likorwein"]),
        ("rose", ["rose", "roses", "rosado", "rosados", "rosato", "rosati", "rosewein", "roseweine", "blush"]),
        ("red", ["red", "reds", "rouge", "rouges", "rosso", "rossi", "tinto", "tintos", "rot", "rotwein", "rotweine"]),
        ("white", ["white", "whites", "blanc", "blancs", "bianco", "bianchi", "blanco", "blancos", "branco", "brancos",
                   "weiss", "weisswein", "weissweine"]),
    ]

    /// The colour the words name, else the colour of a grape they name (`GrapeColour`).
    static func colourFromWords(_ words: String) -> String? {
        for (colour, names) in colourWords where names.contains(where: { words.contains(" \($0) ") }) { return colour }
        for grape in GrapeColour.white where words.contains(" \(grape) ") { return "white" }
        for grape in GrapeColour.red where words.contains(" \(grape) ") { return "red" }
        return nil
    }

    /// Whether `price` is in the top quarter of `prices` (the bottle prices of one list page, at
    /// least eight of them): a tier read from the list itself, so it needs no currency.
    public static func isPremium(price: Double?, among prices: [Double]) -> Bool {
        guard let price, prices.count >= 8 else { return false }
        let sorted = prices.sorted()
        let threshold = sorted[(sorted.count * 3) / 4]
        return price >= threshold && price > sorted[0]
    }
}
