import Foundation

/// Order-free word comparison: robust to reading order, which CER and WER punish. Benchmarks of
/// other stages use it too, so its definition stays fixed: lower-cased whitespace-separated words
/// with surrounding punctuation and symbols stripped, compared as multisets.
public enum WordBag {
    /// Lower-cased words with surrounding punctuation stripped.
    public static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: \.isWhitespace).compactMap { token in
            let scalars = token.unicodeScalars
            guard let first = scalars.firstIndex(where: { !isStripped($0) }),
                  let last = scalars.lastIndex(where: { !isStripped($0) }) else { return nil }
            return String(scalars[first...last])
        }
    }

    /// What `trimmingCharacters(in: .punctuationCharacters.union(.symbols))` strips on Linux, where the
    /// definition was first written: general categories P* and S* of Unicode 15.0 (Foundation's
    /// character data), in the Basic Multilingual Plane only (Foundation trims UTF-16 code units, so
    /// an emoji stays). Checked per scalar here because `trimmingCharacters(in:)` made this the
    /// costliest step of `decant eval`.
    static func isStripped(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value <= 0xFFFF, let age = scalar.properties.age,
              age.major < 15 || (age.major == 15 && age.minor == 0) else { return false }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    public static func f1(truth: String, recognized: String) -> Double {
        counts(truth: words(truth), recognized: words(recognized)).f1
    }

    public static func f1(truth: [String], recognized: [String]) -> Double {
        counts(truth: truth, recognized: recognized).f1
    }

    public static func counts(truth: [String], recognized: [String]) -> WordBagCounts {
        var remaining: [String: Int] = [:]
        for w in truth { remaining[w, default: 0] += 1 }
        var hits = 0
        for w in recognized {
            if let n = remaining[w], n > 0 { remaining[w] = n - 1; hits += 1 }
        }
        return WordBagCounts(hits: hits, truth: truth.count, recognized: recognized.count)
    }
}

/// Word-bag intersection counts; additive, so pages pool into jobs and corpora.
public struct WordBagCounts: Sendable, Equatable, Codable {
    public var hits: Int
    public var truth: Int
    public var recognized: Int

    public init(hits: Int = 0, truth: Int = 0, recognized: Int = 0) {
        self.hits = hits
        self.truth = truth
        self.recognized = recognized
    }

    public var precision: Double { recognized == 0 ? (truth == 0 ? 1 : 0) : Double(hits) / Double(recognized) }
    public var recall: Double { truth == 0 ? (recognized == 0 ? 1 : 0) : Double(hits) / Double(truth) }
    /// 1 when both bags are empty, 0 when exactly one is.
    public var f1: Double {
        if truth == 0 && recognized == 0 { return 1 }
        guard truth > 0, recognized > 0 else { return 0 }
        let p = precision, r = recall
        return p + r == 0 ? 0 : 2 * p * r / (p + r)
    }

    public static func + (a: WordBagCounts, b: WordBagCounts) -> WordBagCounts {
        WordBagCounts(hits: a.hits + b.hits, truth: a.truth + b.truth, recognized: a.recognized + b.recognized)
    }
}
