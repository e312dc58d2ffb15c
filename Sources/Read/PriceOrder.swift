import Entries
import Imaging
import Recognition
import RecognizedText

/// Reads again, with the other reader, a price pair that breaks the order the page's price columns
/// keep.
///
/// A list that prints two prices per wine (a bottle and a glass, a bottle and a half) keeps them in
/// one order on every row: the larger first, or the smaller. A reader that drops or garbles a digit
/// of one of them can break that order with full confidence ("$26/$8" read "$2/$8" by PP-OCR at 99,
/// which `UnsureNumbers` never looks at), and the page's other rows say so. Such a pair's words are
/// cropped alone and read by the other reader, at the page's scale and at twice it; a sure reading
/// that restores the page's order and keeps the word's signs replaces the word. A reading that keeps
/// the pair out of order changes nothing: some wines are priced out of the pattern on purpose.
public enum PriceOrder {
    /// Fewer pairs than this do not show an order.
    static let minimumPairs = 6
    /// The share of a page's pairs that must keep one order for it to be the page's.
    static let agreement = 0.8
    /// A re-reading replaces a word only at this confidence or more.
    static let sure = 85.0

    /// A pair of prices on one line: the words holding them (one word "a/b", or the line's last two)
    /// and the two amounts in reading order.
    struct Pair: Equatable {
        var line: Int
        var words: [Int]
        var first: Double
        var second: Double
    }

    /// The amounts of a price word: parts split at "/", each its digits with a currency sign or
    /// mark around them ("$26", "8.50", "£12", "350,-"); nil unless every part is an amount.
    static func amounts(_ text: String) -> [Double]? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 3 else { return nil }
        var out: [Double] = []
        for part in parts {
            var core = Substring(part)
            if core.hasSuffix(",-") || core.hasSuffix(".-") { core = core.dropLast(2) }
            core = core.drop { !$0.isNumber }
            while let last = core.last, !last.isNumber { core = core.dropLast() }
            // Letters make a word ("2024G", "kr"), not a price.
            guard !part.contains(where: \.isLetter), let amount = FieldParser.amount(String(core)), amount > 0 else { return nil }
            out.append(amount)
        }
        return out
    }

    /// Each line's price pair.
    static func pairs(_ page: RecognizedPage) -> [Pair] {
        page.lines.indices.compactMap { pair(in: page.lines[$0].words, line: $0) }
    }

    /// A line's price pair: its last word when it holds two prices, or its last two words when each
    /// holds one.
    static func pair(in words: [RecognizedWord], line: Int) -> Pair? {
        guard let last = words.indices.last, let a = amounts(words[last].text) else { return nil }
        if a.count == 2 { return Pair(line: line, words: [last], first: a[0], second: a[1]) }
        guard a.count == 1, last > 0, let b = amounts(words[last - 1].text), b.count == 1 else { return nil }
        return Pair(line: line, words: [last - 1, last], first: b[0], second: a[0])
    }

    /// The page's order: true when the first price is the larger on nearly every row, false when the
    /// smaller, nil when the rows do not agree or are too few.
    static func order(of pairs: [Pair]) -> Bool? {
        let unequal = pairs.filter { $0.first != $0.second }
        guard unequal.count >= minimumPairs else { return nil }
        let descending = Double(unequal.filter { $0.first > $0.second }.count) / Double(unequal.count)
        if descending >= agreement { return true }
        if 1 - descending >= agreement { return false }
        return nil
    }

    /// Replaces the words of out-of-order pairs whose reading by `engine` is sure and puts the pair
    /// in the page's order; returns how many words changed.
    public static func reread(_ page: inout RecognizedPage, raster: Raster, ppi: Int?, engine: any TextRecognizer) -> Int {
        let found = pairs(page)
        guard let descending = order(of: found) else { return 0 }
        let boxes = page.lines.flatMap(\.words).map(\.box)
        var changed = 0
        for pair in found where pair.first != pair.second && (pair.first > pair.second) != descending {
            let line = page.lines[pair.line]
            guard let words = repaired(pair, words: line.words, descending: descending, raster: raster, ppi: ppi,
                                       others: boxes, engine: engine) else { continue }
            page.lines[pair.line] = RecognizedLine(words: words, block: line.block, paragraph: line.paragraph)
            changed += 1
        }
        return changed
    }

    /// The line's words with the first of the pair's words whose sure reading alone puts the pair in
    /// the page's order, or nil when none does.
    static func repaired(_ pair: Pair, words: [RecognizedWord], descending: Bool, raster: Raster, ppi: Int?,
                         others: [PixelRect], engine: any TextRecognizer) -> [RecognizedWord]? {
        for w in pair.words {
            let word = words[w]
            let candidates = UnsureNumbers.readAlone(word, raster: raster, ppi: ppi, others: others, engine: engine)
                .compactMap { $0.count == 1 ? $0[0] : nil }
                .filter { $0.confidence >= sure && $0.text != word.text && UnsureNumbers.keepsSigns(of: word.text, in: $0.text) }
                .sorted { $0.confidence > $1.confidence }
            for candidate in candidates {
                var trial = words
                trial[w].text = candidate.text
                trial[w].confidence = candidate.confidence
                guard let now = Self.pair(in: trial, line: pair.line), now.words == pair.words, now.first != now.second,
                      (now.first > now.second) == descending else { continue }
                return trial
            }
        }
        return nil
    }
}
