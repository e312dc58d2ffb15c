import Catalogue
import Evaluation

/// How well match confidence predicts a right answer on a run's entries with ground truth: the
/// reliability table `decant bench matching` prints (`ReliabilityTable`, ten equal bins), kept to
/// its non-empty bins for the review report's chart. A calibrated matcher's bins sit on the
/// diagonal (a bin at 0.8 is right 80 % of the time).
public struct ConfidenceCalibration: Sendable, Equatable {
    public typealias Bin = ReliabilityTable.Bin

    /// Non-empty bins only, lowest first.
    public var bins: [Bin]
    public var count: Int
    /// Expected calibration error: the count-weighted mean gap between confidence and accuracy.
    public var expectedError: Double

    public init(checks: [EntryVerdict], binCount: Int = 10) {
        let outcomes = checks.compactMap { check -> (confidence: Double, correct: Bool)? in
            guard let confidence = check.confidence, let right = check.matchCorrect, confidence.isFinite else { return nil }
            return (min(1, max(0, confidence)), right)
        }
        let table = ReliabilityTable(outcomes, edges: (0...binCount).map { Double($0) / Double(binCount) })
        bins = table.bins.filter { $0.count > 0 }
        count = table.count
        expectedError = table.expectedCalibrationError
    }
}
