/// How well match confidence predicts a right answer: entries with ground truth, put in bins by
/// their confidence, each bin's share of right answers beside its mean confidence. A calibrated
/// matcher's bins sit on the diagonal (a bin at 0.8 is right 80 % of the time).
public struct ConfidenceCalibration: Sendable, Equatable {
    public struct Bin: Sendable, Equatable {
        public var lower: Double
        public var upper: Double
        public var count: Int
        public var meanConfidence: Double
        /// Share of right answers in the bin.
        public var accuracy: Double
    }

    /// Non-empty bins only, lowest first.
    public var bins: [Bin]
    public var count: Int
    /// Expected calibration error: the count-weighted mean gap between confidence and accuracy.
    public var expectedError: Double

    public init(checks: [EntryCheck], binCount: Int = 10) {
        var sums = [(n: Int, confidence: Double, right: Int)](repeating: (0, 0, 0), count: binCount)
        for check in checks {
            guard let confidence = check.confidence, let right = check.matchCorrect, confidence.isFinite else { continue }
            let k = min(binCount - 1, max(0, Int(confidence * Double(binCount))))
            sums[k].n += 1
            sums[k].confidence += confidence
            sums[k].right += right ? 1 : 0
        }
        bins = sums.enumerated().compactMap { k, s in
            guard s.n > 0 else { return nil }
            return Bin(lower: Double(k) / Double(binCount), upper: Double(k + 1) / Double(binCount), count: s.n,
                       meanConfidence: s.confidence / Double(s.n), accuracy: Double(s.right) / Double(s.n))
        }
        count = bins.reduce(0) { $0 + $1.count }
        expectedError = count == 0 ? 0
            : bins.reduce(0) { $0 + Double($1.count) * abs($1.meanConfidence - $1.accuracy) } / Double(count)
    }
}
