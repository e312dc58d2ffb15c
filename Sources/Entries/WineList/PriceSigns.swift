/// How a list prints its prices' currency, judged from the whole page, so that a mark at one row's
/// end can be read as the page reads everywhere else.
///
/// Why: blurred bold digits come out of Tesseract as signs. On the corpus's winelist-0105 (bare
/// prices in Nimbus Roman Bold) 52 is read "$2", 152 "1$2", 82 "&2"; on winelist-0206 ($ prices) $34
/// is read "S34"; on winelist-0101 (prices followed by €) "42 €" is read "42¢". One row cannot tell
/// "$2" from a two-dollar price; a page of ninety bare prices can.
public struct PriceSigns: Sendable, Equatable {
    public enum Style: Sendable, Equatable {
        /// Prices carry no sign: a sign among a price's digits is a misread digit.
        case bare
        /// Prices carry this sign, before or after the amount: a mark it is often read as, in the
        /// sign's place, is the sign.
        case signed(Character)
        /// Too few prices, or no clear habit: nothing is repaired.
        case undecided
    }

    public var style: Style

    /// Signs that stand for digits on a page of bare prices (the shapes Tesseract confuses).
    public static let digitsReadAsSigns: [Character: Character] = ["$": "5", "&": "8"]
    /// Letters a five is read as at the start of a bare price.
    public static let fivesReadAsLetters: Set<Character> = ["S", "s"]
    /// Letters read in place of a leading sign.
    public static let signsReadAsLetters: [Character: Set<Character>] = ["$": ["S", "s"], "£": ["E", "f"]]
    /// Marks read in place of a sign printed after the amount ("42¢", "114 ¢" for 42 €, 114 €).
    public static let signsReadAfterDigits: [Character: Set<Character>] = ["€": ["¢"]]
    /// Least number of prices, and least share of them, that make a habit.
    public static let minimumPrices = 6
    public static let minimumShare = 0.85

    public init(style: Style) {
        self.style = style
    }

    /// The page's habit from the prices its rows were read with (`currency` nil: printed bare).
    public init(currencies: [String?]) {
        guard currencies.count >= Self.minimumPrices else { self.init(style: .undecided); return }
        var counts: [String: Int] = [:]
        for c in currencies { counts[c ?? "", default: 0] += 1 }
        let (most, n) = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }!
        guard Double(n) >= Self.minimumShare * Double(currencies.count) else { self.init(style: .undecided); return }
        if most.isEmpty { self.init(style: .bare) }
        else if most.count == 1, let sign = most.first { self.init(style: .signed(sign)) }
        else { self.init(style: .undecided) }
    }

    /// The token as this page prints prices, when it holds a digit and reads as a price only that
    /// way; nil otherwise (the token is left as read).
    public func repaired(_ token: String) -> String? {
        // A look-alike of the sign standing alone after the amount ("114 ¢").
        if case .signed(let sign) = style, token.count == 1, let mark = token.first,
           Self.signsReadAfterDigits[sign]?.contains(mark) == true {
            return String(sign)
        }
        guard token.count <= 8, token.contains(where: { $0.isASCII && $0.isNumber }) else { return nil }
        let candidate: String
        switch style {
        case .undecided:
            return nil
        case .bare:
            // A leading S, which `FieldParser` leaves alone as more often a dollar sign than a five,
            // is a five on a page that prints no signs ("S4" for 54 on winelist-0105).
            let read = token.enumerated().map { i, c -> Character in
                i == 0 && Self.fivesReadAsLetters.contains(c) ? "5" : Self.digitsReadAsSigns[c] ?? c
            }
            guard read != Array(token) else { return nil }
            candidate = String(read)
        case .signed(let sign):
            if let last = token.last, Self.signsReadAfterDigits[sign]?.contains(last) == true,
               token.dropLast().allSatisfy({ $0.isNumber || $0 == "." || $0 == "," }) {
                candidate = String(token.dropLast()) + String(sign)
                break
            }
            guard let first = token.first, Self.signsReadAsLetters[sign]?.contains(first) == true else { return nil }
            // After the sign, letters are digits as anywhere in a price ("ES8": £58).
            let core = token.dropFirst()
            guard core.first.map({ $0.isNumber || FieldParser.digitConfusions[$0] != nil }) == true else { return nil }
            candidate = String(sign) + String(core.map { FieldParser.digitConfusions[$0] ?? $0 })
        }
        // A wine list's price has at most four digits before its decimals: a longer run is a year
        // or a reference with a stray mark.
        guard let read = FieldParser.price(candidate), let amount = read.amount, amount < 10_000 else { return nil }
        return candidate
    }
}
