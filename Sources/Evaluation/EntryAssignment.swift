import Entries

/// Pairs detected entries with ground-truth entries one to one, most similar first. Similarity is
/// the word-bag F1 of the two texts (robust to OCR splitting a line differently); a pair needs at
/// least `minimumSimilarity`. Among equally similar candidates (the same wine by the glass and by
/// the bottle) the one at the nearer relative position on the page wins. Greedy, like detection
/// benchmarks' matching: a split entry pairs one part and leaves the other as an extra; merged
/// entries pair with one truth and leave the other missed.
public enum EntryAssignment {
    /// How much one unit of relative-position difference (top of page to bottom) costs in similarity.
    public static let positionWeight = 0.2

    public static func assign(detected: [String], truth: [String], minimumSimilarity: Double = 0.5) -> [(detected: Int, truth: Int)] {
        assign(detected: detected, truth: truth, detectedPositions: nil, truthPositions: nil, minimumSimilarity: minimumSimilarity)
    }

    /// Positions are 0 (top, first in reading order) to 1 (bottom); nil leaves position out.
    public static func assign(detected: [String], truth: [String], detectedPositions: [Double]?, truthPositions: [Double]?,
                              minimumSimilarity: Double = 0.5) -> [(detected: Int, truth: Int)] {
        let detectedWords = detected.map(WordBag.words), truthWords = truth.map(WordBag.words)
        var candidates: [(score: Double, d: Int, t: Int)] = []
        for (i, d) in detectedWords.enumerated() {
            for (j, t) in truthWords.enumerated() {
                let similarity = WordBag.f1(truth: t, recognized: d)
                guard similarity >= minimumSimilarity else { continue }
                var score = similarity
                if let dp = detectedPositions, let tp = truthPositions, i < dp.count, j < tp.count {
                    score -= positionWeight * abs(dp[i] - tp[j])
                }
                candidates.append((score, i, j))
            }
        }
        candidates.sort { $0.score != $1.score ? $0.score > $1.score : ($0.d, $0.t) < ($1.d, $1.t) }
        var usedDetected = Set<Int>(), usedTruth = Set<Int>()
        var result: [(detected: Int, truth: Int)] = []
        for c in candidates where !usedDetected.contains(c.d) && !usedTruth.contains(c.t) {
            usedDetected.insert(c.d)
            usedTruth.insert(c.t)
            result.append((c.d, c.t))
        }
        return result.sorted { $0.truth < $1.truth }
    }
}
