import Foundation
import Testing
@testable import Evaluation

@Suite struct GateTests {
    static func image(_ name: String, shape: String = "flat", charErrors: Int = 5, matched: Int = 18) -> ImageEvaluation {
        var entries = EntryCounts()
        entries.detected = 20; entries.truth = 20; entries.matched = matched
        entries.vintageTotal = matched; entries.vintageCorrect = matched
        return ImageEvaluation(job: "bistro", image: name, truth: "\(name).gt.json", truthFormat: .decant, kind: "winelist",
                               shape: shape, layout: "one-column", flatten: "none", failed: false,
                               text: TextMetrics(characterErrors: charErrors, nCharacters: 1000, wordErrors: 2, nWords: 200,
                                                 wordBag: WordBagCounts(hits: 190, truth: 200, recognized: 200)),
                               entries: entries)
    }

    static var baseline: MetricsReport {
        MetricsReport(images: (0..<10).map { image("p\($0).jpg", shape: $0 < 5 ? "flat" : "curl") }, gate: .standard)
    }

    @Test func identicalRunPasses() {
        let result = Gate.check(current: MetricsReport(images: Self.baseline.images), baseline: Self.baseline)
        #expect(result.passed)
        #expect(result.findings.allSatisfy { $0.verdict == .unchanged })
        #expect(result.findings.contains { $0.scope == "shape curl" && $0.metric == Metric.entryF1 })
    }

    @Test func onePointDropInEntryF1Fails() {
        // 180 of 200 entries matched → 178: recall 0.9 → 0.89, F1 drops by one point.
        var images = Self.baseline.images
        images[0] = Self.image("p0.jpg", matched: 16)
        let result = Gate.check(current: MetricsReport(images: images), baseline: Self.baseline)
        #expect(!result.passed)
        let corpus = result.regressions.filter { $0.scope == "corpus" }.map(\.metric)
        #expect(corpus.contains(Metric.entryF1))
        #expect(corpus.contains(Metric.entryRecall))
        #expect(result.regressions.contains { $0.scope == "shape flat" && $0.metric == Metric.entryF1 })
        #expect(!result.regressions.contains { $0.scope == "shape curl" }, "the curled pages did not change")
        #expect(result.failures.contains { $0.hasPrefix("entryF1: 0.9000 → 0.8900") })
    }

    /// Real lists are scored as documents; their pooled recall and prices are gated too.
    @Test func aListThatLosesEntriesFailsTheGate() {
        func list(paired: Int, highest: Int) -> ListEvaluation {
            var counts = ListCounts(truth: 50, predicted: 50, paired: paired)
            counts.priceSetsRight = highest; counts.highestPricesRight = highest
            return ListEvaluation(job: "lists", file: "bistro.pdf", truth: "bistro.gt.json", kind: "text PDF", pages: nil, counts: counts)
        }
        let baseline = MetricsReport(images: Self.baseline.images, gate: .standard, lists: [list(paired: 50, highest: 49)])
        let same = Gate.check(current: MetricsReport(images: Self.baseline.images, lists: [list(paired: 50, highest: 49)]), baseline: baseline)
        #expect(same.passed)
        #expect(same.findings.contains { $0.scope == Gate.listsScope && $0.metric == "listRecall" })
        let worse = Gate.check(current: MetricsReport(images: Self.baseline.images, lists: [list(paired: 48, highest: 44)]), baseline: baseline)
        #expect(!worse.passed)
        #expect(worse.regressions.contains { $0.scope == Gate.listsScope && $0.metric == "listRecall" })
        #expect(worse.regressions.contains { $0.scope == Gate.listsScope && $0.metric == "listHighestPrice" })
        // A run that scored no list where the baseline did is missing its lists.
        #expect(!Gate.check(current: MetricsReport(images: Self.baseline.images), baseline: baseline).passed)
    }

    /// Lists of two jobs (the originals and their photographs) are gated per job as well: a loss on
    /// a few photographed pages fails the gate, however many born-digital entries dilute the pool.
    @Test func aJobOfListsHoldsItsOwnFigures() {
        func list(_ job: String, truth: Int, paired: Int) -> ListEvaluation {
            var counts = ListCounts(truth: truth, predicted: truth, paired: paired)
            counts.priceSetsRight = paired; counts.highestPricesRight = paired
            return ListEvaluation(job: job, file: "\(job).pdf", truth: "\(job).gt.json", kind: nil, pages: nil, counts: counts)
        }
        let baseline = MetricsReport(images: Self.baseline.images, gate: .standard,
                                     lists: [list("winelists", truth: 1000, paired: 990), list("photographed", truth: 20, paired: 16)])
        let worse = Gate.check(current: MetricsReport(images: Self.baseline.images,
                                                      lists: [list("winelists", truth: 1000, paired: 990), list("photographed", truth: 20, paired: 15)]),
                               baseline: baseline)
        #expect(worse.regressions.contains { $0.scope == "\(Gate.listsScope) photographed" && $0.metric == "listRecall" })
        #expect(!worse.regressions.contains { $0.scope == "\(Gate.listsScope) winelists" })
    }

    @Test func changesWithinToleranceAndImprovementsPass() {
        var images = Self.baseline.images
        images[0] = Self.image("p0.jpg", charErrors: 30)   // CER 0.5% → 0.75%: within 0.5 points
        images[1] = Self.image("p1.jpg", matched: 20)
        let result = Gate.check(current: MetricsReport(images: images), baseline: Self.baseline)
        #expect(result.passed, "\(result.failures)")
        #expect(result.improvements.contains { $0.scope == "corpus" && $0.metric == Metric.entryF1 })
    }

    @Test func higherCERIsARegression() {
        let images = Self.baseline.images.map { Self.image($0.image, shape: $0.shape ?? "", charErrors: 20) }
        let result = Gate.check(current: MetricsReport(images: images), baseline: Self.baseline)
        #expect(result.regressions.contains { $0.scope == "corpus" && $0.metric == Metric.cer })
    }

    @Test func tolerancesComeFromTheBaseline() {
        var baseline = Self.baseline
        baseline.gate?.tolerances[Metric.entryF1] = 0.05
        baseline.gate?.defaultTolerance = 0.05
        var images = baseline.images
        images[0] = Self.image("p0.jpg", matched: 16)
        let result = Gate.check(current: MetricsReport(images: images), baseline: baseline)
        #expect(!result.regressions.contains { $0.scope == "corpus" })
        baseline.gate?.tolerances[Metric.entryF1] = 0.001
        #expect(Gate.check(current: MetricsReport(images: images), baseline: baseline).regressions.map(\.metric).contains(Metric.entryF1))
    }

    @Test func imagesMissingOrNewFailTheGate() {
        var images = Self.baseline.images
        images.removeLast()
        images.append(Self.image("new.jpg", shape: "curl"))
        let result = Gate.check(current: MetricsReport(images: images), baseline: Self.baseline)
        #expect(!result.passed)
        #expect(result.missingImages == ["bistro/p9.jpg"])
        #expect(result.newImages == ["bistro/new.jpg"])
    }

    @Test func aVanishedGroupIsMissing() {
        let images = Self.baseline.images.map { Self.image($0.image, shape: "flat") }
        let result = Gate.check(current: MetricsReport(images: images), baseline: Self.baseline)
        #expect(result.regressions.contains { $0.scope == "shape curl" && $0.verdict == .missing })
    }

    @Test func reportRoundTripsThroughJSON() throws {
        let report = Self.baseline
        let data = try JSONEncoder().encode(report)
        let back = try JSONDecoder().decode(MetricsReport.self, from: data)
        #expect(back == report)
        #expect(back.groups["shape"]?["curl"]?.images == 5)
        #expect(back.corpus.metrics[Metric.entryF1] == 0.9)
    }
}
