import Foundation

/// Character and word error rates of recognized text against ground truth. Text is compared as
/// extended grapheme clusters after NFC normalization; lines are stripped and joined with "\n".
public struct TextMetrics: Sendable, Equatable, Codable {
    public var cer: Double
    public var wer: Double
    public var wordBagF1: Double
    public var nCharacters: Int
    public var nWords: Int
    public var characterErrors: Int
    public var wordErrors: Int

    public static func compare(truth: String, recognized: String) -> TextMetrics {
        let gt = Array(normalize(truth)), ocr = Array(normalize(recognized))
        let characterErrors = Levenshtein.distance(gt, ocr)
        let gtWords = words(truth), ocrWords = words(recognized)
        let wordErrors = Levenshtein.distance(gtWords, ocrWords)
        return TextMetrics(
            cer: gt.isEmpty ? (ocr.isEmpty ? 0 : 1) : Double(characterErrors) / Double(gt.count),
            wer: gtWords.isEmpty ? (ocrWords.isEmpty ? 0 : 1) : Double(wordErrors) / Double(gtWords.count),
            wordBagF1: WordBag.f1(truth: truth, recognized: recognized),
            nCharacters: gt.count, nWords: gtWords.count,
            characterErrors: characterErrors, wordErrors: wordErrors)
    }

    /// NFC, ligatures split, typographic apostrophe unified, each line stripped.
    public static func normalize(_ text: String) -> String {
        let unified = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .precomposedStringWithCanonicalMapping
            .replacingOccurrences(of: "ﬁ", with: "fi").replacingOccurrences(of: "ﬂ", with: "fl")
            .replacingOccurrences(of: "ﬀ", with: "ff").replacingOccurrences(of: "ﬃ", with: "ffi")
            .replacingOccurrences(of: "ﬄ", with: "ffl").replacingOccurrences(of: "’", with: "'")
            .replacingOccurrences(of: "—", with: "–")
        return unified.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: "\n")
    }

    /// Words: runs of letters, digits and joining punctuation; tokens made only of punctuation dropped.
    public static func words(_ text: String) -> [String] {
        normalize(text).split(whereSeparator: { $0.isWhitespace }).map { token in
            String(token)
        }.filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }
    }
}

/// Edit distance with the two-row dynamic programme.
public enum Levenshtein {
    public static func distance<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] : 1 + min(previous[j - 1], previous[j], current[j - 1])
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// Order-free word comparison: robust to reading order, which CER punishes.
public enum WordBag {
    /// Lower-cased words with surrounding punctuation stripped.
    public static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: \.isWhitespace).map {
            $0.trimmingCharacters(in: CharacterSet.punctuationCharacters.union(.symbols))
        }.filter { !$0.isEmpty }
    }

    public static func f1(truth: String, recognized: String) -> Double {
        f1(truth: words(truth), recognized: words(recognized))
    }

    public static func f1(truth: [String], recognized: [String]) -> Double {
        if truth.isEmpty && recognized.isEmpty { return 1 }
        guard !truth.isEmpty, !recognized.isEmpty else { return 0 }
        var counts: [String: Int] = [:]
        for w in truth { counts[w, default: 0] += 1 }
        var hits = 0
        for w in recognized where (counts[w] ?? 0) > 0 { counts[w]! -= 1; hits += 1 }
        let precision = Double(hits) / Double(recognized.count), recall = Double(hits) / Double(truth.count)
        return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
    }
}
