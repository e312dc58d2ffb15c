import BenchKit
import Catalogue
import Foundation
import Testing

@Suite("Calibration")
struct CalibrationTests {
    /// A fixed linear congruential sequence: the same "random" outcomes on every run.
    struct Sequence {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    @Test("fitting recovers a known score-to-probability law")
    func fitRecoversLaw() {
        var random = Sequence(state: 42)
        var samples: [(features: [Double], correct: Bool)] = []
        for _ in 0..<20_000 {
            let x = random.next()
            let p = 1 / (1 + exp(-(-4 + 8 * x)))
            samples.append(([x], random.next() < p))
        }
        let w = MatchCalibration.fitLogistic(samples, dimension: 2, ridge: 0)
        let intercept: Double = w[0], slope: Double = w[1]
        #expect(abs(intercept + 4) < 0.4)
        #expect(abs(slope - 8) < 0.7)
    }

    @Test("the reliability table bins confidences against outcomes")
    func reliabilityTable() {
        let outcomes: [(confidence: Double, correct: Bool)] = [(0.95, true), (0.96, true), (0.97, false), (0.6, true), (0.6, false)]
        let table = ReliabilityTable(outcomes, edges: [0, 0.5, 0.9, 1])
        #expect(table.bins.map(\.count) == [0, 2, 3])
        let accuracy: Double = table.bins[2].accuracy
        let mean: Double = table.bins[2].meanConfidence
        let expectedECE: Double = (3 * abs(0.96 - 2.0 / 3) + 2 * 0.1) / 5
        let ece: Double = table.expectedCalibrationError
        #expect(abs(accuracy - 2.0 / 3) < 1e-9)
        #expect(abs(mean - 0.96) < 1e-9)
        #expect(abs(ece - expectedECE) < 1e-9)
    }

    @Test("the shipped model was fitted, not written by hand, and rises with the text score")
    func shippedModel() {
        let model = MatchCalibration.builtIn
        #expect(!model.fittedOn.contains("fallback") && !model.fittedOn.contains("placeholder"))
        #expect(model.weights.count == model.features.count + 1)
        #expect(model.labelWeights.count == model.features.count + 1)
        var x = [Double](repeating: 0, count: model.features.count)
        let score = model.features.firstIndex(of: "score")!
        x[model.features.firstIndex(of: "vintageExact")!] = 1
        x[score] = 0.5
        let low = model.probability(x)
        x[score] = 1
        #expect(model.probability(x) > low)
    }

    @Test("a model fitted on labelled queries separates right answers from wrong ones")
    func fittedOnQueries() {
        let matcher = Fixture.matcher
        var queries: [LabelledQuery] = []
        for (i, wine) in Fixture.wines.enumerated() {
            queries.append(LabelledQuery(qid: "r\(i)", expectedID: wine.id, text: RoundTrip.listLine(for: wine)))
            queries.append(LabelledQuery(qid: "w\(i)", expectedID: nil, text: "Bodegas Nowhere \(wine.wine) 2003"))
        }
        let samples = MatchingBenchmark.calibrationSamples(matcher, queries: queries)
        #expect(samples.count >= queries.count / 2)
        let model = MatchCalibration.fit(samples, names: MatchCalibration.builtIn.features, ridge: 0.05, fittedOn: "test")
        let right: [Double] = samples.filter(\.rowCorrect).map { model.probability($0.features) }
        let wrong: [Double] = samples.filter { !$0.rowCorrect }.map { model.probability($0.features) }
        #expect(!right.isEmpty && !wrong.isEmpty)
        let meanRight: Double = right.reduce(0, +) / Double(max(right.count, 1))
        let meanWrong: Double = wrong.reduce(0, +) / Double(max(wrong.count, 1))
        #expect(meanRight > meanWrong + 0.3)
    }
}
