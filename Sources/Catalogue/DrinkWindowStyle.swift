/// One row of the drinking-window table (docs/drinking-windows.md): a style of wine recognised by
/// the words a list or a catalogue prints for it, and the years after the vintage it is usually at its
/// best. Estimates stand in where no catalogue gives a window, so a diner still sees which bottles
/// want more time; they are typical windows, never a verdict on one producer's wine.
public struct DrinkWindowStyle: Sendable, Equatable {
    /// Which colours a row may describe. A row keyed on a place that makes several colours (Hermitage,
    /// Bordeaux) applies only to the colour its window is about; a wine of unknown colour takes it.
    public enum Colours: Sendable, Equatable {
        case any
        case only(Set<String>)
        /// The row is the fallback of this colour: it applies only when the colour is known to be it.
        case fallback(String)
    }

    /// The name written after `style:` in reports.
    public var key: String
    /// The general fact the window rests on, in Decant's words (shown in docs/drinking-windows.md).
    public var fact: String
    public var colours: Colours
    /// Alternatives, each a set of folded phrases that must all be printed ("rioja+gran reserva").
    public var phrases: [[String]]
    /// First and last good year, as years after the vintage.
    public var from: Int
    public var to: Int

    public init(_ key: String, from: Int, to: Int, colours: Colours = .any, _ phrases: [String], fact: String) {
        self.key = key
        self.from = from
        self.to = to
        self.colours = colours
        self.phrases = phrases.map { $0.split(separator: "+").map { String($0) } }
        self.fact = fact
    }

    /// A window long enough that the price tier moves its end: a costlier bottle of an ageing style is
    /// usually made from riper fruit, in more oak, from older vines, and keeps longer.
    public var ages: Bool { to >= 10 }

    func accepts(colour: String?) -> Bool {
        switch colours {
        case .any: return true
        case .only(let set): return colour.map(set.contains) ?? true
        case .fallback(let c): return colour == c
        }
    }

    /// Whether `words` (folded, space-padded: " barolo riserva ") print one of the row's alternatives.
    func matches(_ words: String) -> Bool {
        if phrases.isEmpty { return true }
        return phrases.contains { all in all.allSatisfy { words.contains(" \($0) ") } }
    }
}
