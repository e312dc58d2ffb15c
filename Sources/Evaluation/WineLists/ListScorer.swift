import Foundation

/// An entry as Decant found it, reduced to what a wine-list truth can check.
public struct ListEntryObservation: Sendable, Equatable {
    /// The entry as printed (numbers are left out of the pairing, so prices and bins may stay in it).
    public var text: String
    public var prices: [Double]
    public var vintage: Int?

    public init(text: String, prices: [Double], vintage: Int?) {
        self.text = text
        self.prices = prices
        self.vintage = vintage
    }
}

/// Pairs a list's entries with its truth and counts what agrees, exactly as the shared set's
/// `score_winelist.py` does, so the figures Decant reports are the figures the scorer prints: entries
/// are paired greedily by the overlap of their words (numbers aside, accents folded, one-letter words
/// dropped), most similar first, at a Dice similarity of 0.6 or more.
public enum ListScorer {
    /// The least word overlap at which an entry counts as the truth's.
    public static let pairing = 0.6

    public static func score(truth: [WineListTruth.Entry], predicted: [ListEntryObservation]) -> ListCounts {
        pair(truth: truth, predicted: predicted).counts
    }

    /// The counts, and which predicted entry each paired truth entry got.
    public static func pair(truth: [WineListTruth.Entry], predicted: [ListEntryObservation])
        -> (counts: ListCounts, pairs: [Int: Int]) {
        let truthWords = truth.map { tokens($0.text) }, predictedWords = predicted.map { tokens($0.text) }
        var candidates: [(similarity: Double, truth: Int, predicted: Int)] = []
        for (i, g) in truthWords.enumerated() {
            for (j, p) in predictedWords.enumerated() {
                let s = similarity(g, p)
                if s >= pairing { candidates.append((s, i, j)) }
            }
        }
        // Python's sorted(reverse=True) on (similarity, i, j): ties go to the later truth entry, then the later one found.
        candidates.sort { ($0.similarity, $0.truth, $0.predicted) > ($1.similarity, $1.truth, $1.predicted) }
        var pairs: [Int: Int] = [:], used = Set<Int>()
        for c in candidates where pairs[c.truth] == nil && !used.contains(c.predicted) {
            pairs[c.truth] = c.predicted
            used.insert(c.predicted)
        }
        var counts = ListCounts(truth: truth.count, predicted: predicted.count, paired: pairs.count)
        for (i, j) in pairs {
            let g = truth[i].prices.values.sorted(), p = predicted[j].prices.sorted()
            if g == p { counts.priceSetsRight += 1 }
            if let highest = g.last, p.contains(highest) { counts.highestPricesRight += 1 }
            if let vintage = truth[i].vintage, vintage != 0 {
                counts.vintagesTruth += 1
                if predicted[j].vintage == vintage { counts.vintagesRight += 1 }
            }
        }
        return (counts, pairs)
    }

    /// Dice similarity of two word sets.
    static func similarity(_ a: Set<String>, _ b: Set<String>) -> Double {
        2 * Double(a.intersection(b).count) / Double(max(1, a.count + b.count))
    }

    /// The words of an entry as the scorer compares them: compatibility-decomposed, combining marks
    /// dropped, lower-cased, and the runs of two or more ASCII letters. (The scorer also blanks numbers
    /// first; as digits, signs and separators are no letters, that changes no run.)
    static func tokens(_ text: String) -> Set<String> {
        var folded = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars
        where scalar.properties.canonicalCombiningClass.rawValue == 0 {
            folded.append(scalar)
        }
        var words = Set<String>(), run = ""
        for scalar in String(folded).lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) {
                run.unicodeScalars.append(scalar)
            } else {
                if run.count > 1 { words.insert(run) }
                run = ""
            }
        }
        if run.count > 1 { words.insert(run) }
        return words
    }
}

/// What a list's entries and its truth agree on; the rates are over the truth (recall), the entries
/// found (precision), or the paired entries (prices, vintages), as the scorer prints them.
public struct ListCounts: Sendable, Equatable, Codable {
    public var truth: Int
    public var predicted: Int
    public var paired: Int
    /// Paired entries whose whole price set is right.
    public var priceSetsRight = 0
    /// Paired entries whose highest true price is among their prices.
    public var highestPricesRight = 0
    public var vintagesRight = 0
    /// Paired entries whose truth prints a vintage.
    public var vintagesTruth = 0

    public init(truth: Int = 0, predicted: Int = 0, paired: Int = 0) {
        self.truth = truth
        self.predicted = predicted
        self.paired = paired
    }

    public var recall: Double { Double(paired) / Double(max(1, truth)) }
    public var precision: Double { Double(paired) / Double(max(1, predicted)) }
    public var priceSetAccuracy: Double { Double(priceSetsRight) / Double(max(1, paired)) }
    public var highestPriceAccuracy: Double { Double(highestPricesRight) / Double(max(1, paired)) }
    public var vintageAccuracy: Double { Double(vintagesRight) / Double(max(1, vintagesTruth)) }

    /// Counts pooled over lists (micro-averages).
    public static func + (a: ListCounts, b: ListCounts) -> ListCounts {
        var c = ListCounts(truth: a.truth + b.truth, predicted: a.predicted + b.predicted, paired: a.paired + b.paired)
        c.priceSetsRight = a.priceSetsRight + b.priceSetsRight
        c.highestPricesRight = a.highestPricesRight + b.highestPricesRight
        c.vintagesRight = a.vintagesRight + b.vintagesRight
        c.vintagesTruth = a.vintagesTruth + b.vintagesTruth
        return c
    }
}

/// One real list's scores against its truth (metrics.json `lists`).
public struct ListEvaluation: Sendable, Equatable, Codable {
    public var job: String
    /// The list's file name.
    public var file: String
    /// The truth file, relative to the inbox.
    public var truth: String
    /// The truth's description of the list ("text PDF", "phone photo" …).
    public var kind: String?
    /// The pages scored (nil: the whole document).
    public var pages: [Int]?
    public var counts: ListCounts

    public init(job: String, file: String, truth: String, kind: String?, pages: [Int]?, counts: ListCounts) {
        self.job = job
        self.file = file
        self.truth = truth
        self.kind = kind
        self.pages = pages
        self.counts = counts
    }
}
