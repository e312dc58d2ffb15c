import Foundation
import Imaging

/// Turns the matcher's evidence about its best candidate into a probability that it is right.
///
/// The mapping is a logistic model over a handful of features (text score, margin over the runner-up,
/// vintage fit, …) fitted on labelled queries that are NOT the ones accuracy is reported on
/// (`decant bench matching --fit-calibration`), and shipped as data
/// (Sources/Catalogue/Resources/match-calibration.json). A fitted model is checked with a reliability
/// table: among answers given confidence c, about c should be right.
public struct MatchCalibration: Sendable, Codable, Equatable {
    /// Feature names, in the order `weights` applies to them (the first weight is the intercept).
    public var features: [String]
    /// P(the row is the entry's wine in its vintage).
    public var weights: [Double]
    /// P(the row's label — producer and cuvée — is the entry's, whatever the vintage).
    public var labelWeights: [Double]
    /// Below this probability the best candidate is not an answer: "none" (or "producer-only").
    public var threshold: Double
    /// What the model was fitted on, for people reading the file.
    public var fittedOn: String

    public init(features: [String], weights: [Double], labelWeights: [Double], threshold: Double = 0.5, fittedOn: String) {
        self.features = features
        self.weights = weights
        self.labelWeights = labelWeights
        self.threshold = threshold
        self.fittedOn = fittedOn
    }

    public func probability(_ x: [Double]) -> Double { Self.logistic(weights, x) }
    public func labelProbability(_ x: [Double]) -> Double { Self.logistic(labelWeights, x) }

    static func logistic(_ w: [Double], _ x: [Double]) -> Double {
        var z = w.first ?? 0
        for (i, v) in x.enumerated() where i + 1 < w.count { z += w[i + 1] * v }
        return 1 / (1 + exp(-z))
    }

    /// The shipped model; if its file is unreadable (a build problem), an uncalibrated identity on
    /// the text score so matching still works, which tests catch.
    public static let builtIn: MatchCalibration = {
        (try? JSONDecoder().decode(MatchCalibration.self, from: Data(PackageResources.match_calibration_json)))
            ?? MatchCalibration(features: MatchFeatures.names, weights: [-6] + MatchFeatures.names.map { $0 == "score" ? 12 : 0 },
                                labelWeights: [-6] + MatchFeatures.names.map { $0 == "score" ? 12 : 0 }, fittedOn: "fallback: not fitted")
    }()

    /// Fits both models on labelled evidence: each query's best candidate, and whether its row and
    /// its label were right.
    public static func fit(_ samples: [CalibrationSample], names: [String], ridge: Double = 1e-3,
                           fittedOn: String, threshold: Double = 0.5) -> MatchCalibration {
        MatchCalibration(features: names,
                         weights: fitLogistic(samples.map { ($0.features, $0.rowCorrect) }, dimension: names.count + 1, ridge: ridge),
                         labelWeights: fitLogistic(samples.map { ($0.features, $0.labelCorrect) }, dimension: names.count + 1, ridge: ridge),
                         threshold: threshold, fittedOn: fittedOn)
    }

    /// Logistic regression by Newton's method with a small ridge penalty (none on the intercept).
    public static func fitLogistic(_ samples: [(features: [Double], correct: Bool)], dimension d: Int, ridge: Double = 1e-3) -> [Double] {
        var w = [Double](repeating: 0, count: d)
        let positives = Double(samples.filter(\.correct).count)
        let rate = min(max(positives / Double(max(samples.count, 1)), 1e-3), 1 - 1e-3)
        w[0] = log(rate / (1 - rate))
        for _ in 0..<50 {
            var gradient = [Double](repeating: 0, count: d)
            var hessian = [Double](repeating: 0, count: d * d)
            for s in samples {
                var x = [1.0]
                x.append(contentsOf: s.features)
                var z = 0.0
                for i in 0..<d { z += w[i] * x[i] }
                let p = 1 / (1 + exp(-z))
                let r = (s.correct ? 1 : 0) - p
                let v = max(p * (1 - p), 1e-9)
                for i in 0..<d {
                    gradient[i] += r * x[i]
                    for j in 0..<d { hessian[i * d + j] += v * x[i] * x[j] }
                }
            }
            for i in 1..<d {
                gradient[i] -= ridge * Double(samples.count) * w[i]
                hessian[i * d + i] += ridge * Double(samples.count)
            }
            guard let step = LinearSystem.solve(rowMajor: hessian, gradient) else { break }
            var largest = 0.0
            for i in 0..<d { w[i] += step[i]; largest = max(largest, abs(step[i])) }
            if largest < 1e-8 { break }
        }
        return w
    }
}

/// One query's evidence about its best candidate and what was true of it.
public struct CalibrationSample: Sendable {
    public var features: [Double]
    public var rowCorrect: Bool
    public var labelCorrect: Bool

    public init(features: [Double], rowCorrect: Bool, labelCorrect: Bool) {
        self.features = features
        self.rowCorrect = rowCorrect
        self.labelCorrect = labelCorrect
    }
}

/// Confidence bins against observed accuracy: the evidence that a confidence means what it says.
public struct ReliabilityTable: Sendable, Equatable {
    public struct Bin: Sendable, Equatable {
        public var lower: Double
        public var upper: Double
        public var count: Int
        public var meanConfidence: Double
        public var accuracy: Double
    }

    public var bins: [Bin]
    /// Expected calibration error: the count-weighted mean gap between confidence and accuracy.
    public var expectedCalibrationError: Double
    public var count: Int

    public init(_ outcomes: [(confidence: Double, correct: Bool)], edges: [Double] = [0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0]) {
        var bins: [Bin] = []
        var gap = 0.0
        for k in 0..<(edges.count - 1) {
            let lo = edges[k], hi = edges[k + 1]
            let inBin = outcomes.filter { $0.confidence >= lo && ($0.confidence < hi || (k == edges.count - 2 && $0.confidence <= hi)) }
            guard !inBin.isEmpty else { bins.append(Bin(lower: lo, upper: hi, count: 0, meanConfidence: 0, accuracy: 0)); continue }
            let mean = inBin.reduce(0) { $0 + $1.confidence } / Double(inBin.count)
            let accuracy = Double(inBin.filter(\.correct).count) / Double(inBin.count)
            gap += Double(inBin.count) * abs(mean - accuracy)
            bins.append(Bin(lower: lo, upper: hi, count: inBin.count, meanConfidence: mean, accuracy: accuracy))
        }
        self.bins = bins
        self.count = outcomes.count
        self.expectedCalibrationError = outcomes.isEmpty ? 0 : gap / Double(outcomes.count)
    }

    /// A Markdown table: bin, answers, mean confidence, observed accuracy.
    public var markdown: String {
        var lines = ["| confidence | answers | mean confidence | observed accuracy |", "|---|---|---|---|"]
        for b in bins where b.count > 0 {
            lines.append(String(format: "| %.2f–%.2f | %d | %.3f | %.3f |", b.lower, b.upper, b.count, b.meanConfidence, b.accuracy))
        }
        lines.append(String(format: "\nexpected calibration error: %.3f over %d answers", expectedCalibrationError, count))
        return lines.joined(separator: "\n")
    }
}
