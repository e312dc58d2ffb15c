import Entries

/// Pairs detected entries with ground-truth entries one to one, best text similarity first.
/// A pair needs word-bag similarity of at least `minimumSimilarity`; the rest are misses or extras.
public enum EntryAssignment {
    public static func assign(detected: [String], truth: [String], minimumSimilarity: Double = 0.5) -> [(detected: Int, truth: Int)] {
        var pairs: [(Double, Int, Int)] = []
        let detectedWords = detected.map(WordBag.words), truthWords = truth.map(WordBag.words)
        for (i, d) in detectedWords.enumerated() {
            for (j, t) in truthWords.enumerated() {
                let s = WordBag.f1(truth: t, recognized: d)
                if s >= minimumSimilarity { pairs.append((s, i, j)) }
            }
        }
        pairs.sort { $0.0 != $1.0 ? $0.0 > $1.0 : ($0.1, $0.2) < ($1.1, $1.2) }
        var usedD = Set<Int>(), usedT = Set<Int>()
        var result: [(Int, Int)] = []
        for (_, i, j) in pairs where !usedD.contains(i) && !usedT.contains(j) {
            usedD.insert(i); usedT.insert(j)
            result.append((i, j))
        }
        return result.sorted { $0.1 < $1.1 }
    }
}
