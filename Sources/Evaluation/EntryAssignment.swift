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
        // Word bags as sorted word ids: the multiset intersection becomes a merge, which keeps a
        // page of 60 × 60 candidate pairs cheap.
        var ids: [String: Int32] = [:]
        func bag(_ text: String) -> [Int32] {
            WordBag.words(text).map { word in
                if let id = ids[word] { return id }
                let id = Int32(ids.count)
                ids[word] = id
                return id
            }.sorted()
        }
        let detectedBags = detected.map(bag), truthBags = truth.map(bag)
        var candidates: [(score: Double, d: Int, t: Int)] = []
        for (i, d) in detectedBags.enumerated() {
            for (j, t) in truthBags.enumerated() {
                let similarity = f1(d, t)
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

    /// Word-bag F1 of two sorted bags: 2 × common / (|a| + |b|), which equals 2PR / (P + R).
    static func f1(_ a: [Int32], _ b: [Int32]) -> Double {
        if a.isEmpty && b.isEmpty { return 1 }
        var i = 0, j = 0, common = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] { common += 1; i += 1; j += 1 } else if a[i] < b[j] { i += 1 } else { j += 1 }
        }
        return Double(2 * common) / Double(a.count + b.count)
    }
}
