import Imaging
import Entries
import Testing
@testable import Evaluation

@Suite struct EntryAssignmentTests {
    static let truth = [
        GroundTruth.Entry(text: "Château Margaux 2015 Pauillac 650", producer: "Château Margaux", vintage: .year(2015),
                          prices: [Price(amount: 650, column: .bottle)], catalogueID: "margaux-2015"),
        GroundTruth.Entry(text: "Opus One 2019 520", producer: "Opus One", vintage: .year(2019),
                          prices: [Price(amount: 520)], catalogueID: "opus-2019"),
        GroundTruth.Entry(text: "Sassicaia 2018 410", producer: "Tenuta San Guido", vintage: .year(2018),
                          prices: [Price(amount: 410)], catalogueID: nil),
    ]

    static func found(_ text: String, _ vintage: Vintage? = nil, _ prices: [Double] = [], id: String? = nil) -> EntryObservation {
        EntryObservation(text: text, vintage: vintage, prices: prices.map { Price(amount: $0) }, catalogueID: id, name: text)
    }

    @Test func perfectDetection() {
        let detected = [Self.found("Château Margaux 2015 Pauillac 650", .year(2015), [650], id: "margaux-2015"),
                        Self.found("Opus One 2019 520", .year(2019), [520], id: "opus-2019"),
                        Self.found("Sassicaia 2018 410", .year(2018), [410])]
        let c = EntryMetrics.evaluate(detected: detected, truth: Self.truth)
        #expect((c.detected, c.truth, c.matched) == (3, 3, 3))
        #expect(c.f1 == 1)
        #expect(c.vintageAccuracy == 1)
        #expect(c.priceAccuracy == 1)
        #expect(c.catalogueAccuracy == 1)
        // "Tenuta San Guido" is not in "Sassicaia 2018 410".
        #expect(c.producerCorrect == 2 && c.producerTotal == 3)
    }

    @Test func splitEntryPairsOnePartAndLeavesTheOtherExtra() {
        let detected = [Self.found("Château Margaux 2015"), Self.found("Pauillac 650"),
                        Self.found("Opus One 2019 520"), Self.found("Sassicaia 2018 410")]
        let pairs = EntryAssignment.assign(detected: detected.map(\.text), truth: Self.truth.map(\.text))
        #expect(pairs.map(\.detected) == [0, 2, 3])
        let c = EntryMetrics.evaluate(detected: detected, truth: Self.truth)
        #expect((c.detected, c.truth, c.matched) == (4, 3, 3))
        #expect(c.precision == 0.75)
        #expect(c.recall == 1)
    }

    @Test func mergedEntriesPairWithOneTruthAndMissTheOther() {
        let detected = [Self.found("Château Margaux 2015 Pauillac 650"), Self.found("Opus One 2019 520 Sassicaia 2018 410")]
        let pairs = EntryAssignment.assign(detected: detected.map(\.text), truth: Self.truth.map(\.text))
        #expect(pairs.count == 2)
        #expect(pairs.map(\.truth) == [0, 1], "the merged line is closer to Opus One (4 of 7 words) than to Sassicaia (3 of 7)")
        let c = EntryMetrics.evaluate(detected: detected, truth: Self.truth)
        #expect(c.precision == 1)
        #expect(abs(c.recall - 2.0 / 3) < 1e-12)
    }

    @Test func missingAndExtraEntries() {
        let detected = [Self.found("Opus One 2019 520"), Self.found("RED WINES"), Self.found("Glass Bottle")]
        let c = EntryMetrics.evaluate(detected: detected, truth: Self.truth)
        #expect((c.detected, c.truth, c.matched) == (3, 3, 1))
        #expect(abs(c.precision - 1.0 / 3) < 1e-12)
        #expect(abs(c.recall - 1.0 / 3) < 1e-12)
    }

    @Test func noisyOCRStillPairsAboveTheThreshold() {
        let pairs = EntryAssignment.assign(detected: ["Chateau Margaux 20l5 Pauillac 650"], truth: Self.truth.map(\.text))
        #expect(pairs.count == 1 && pairs[0].truth == 0)
        #expect(EntryAssignment.assign(detected: ["Margaux"], truth: Self.truth.map(\.text)).isEmpty)
    }

    @Test func positionBreaksTiesBetweenIdenticalEntries() {
        let truth = ["Chablis 2020 12", "Opus One 2019 520", "Chablis 2020 12"]
        let pairs = EntryAssignment.assign(detected: ["Chablis 2020 12"], truth: truth,
                                           detectedPositions: [0.95], truthPositions: [0, 0.5, 1])
        #expect(pairs.count == 1 && pairs[0].truth == 2)
    }

    /// The assignment's merge-based similarity is the word-bag F1 by its definition.
    @Test func mergedBagSimilarityEqualsWordBagF1() {
        var rng = SplitMix64(seed: 9)
        let vocabulary = ["opus", "one", "2019", "520", "Sassicaia", "sassicaia,", "(2018)", "Château", "chateau", "—"]
        for _ in 0..<300 {
            let a = (0..<Int(rng.next() % 7)).map { _ in vocabulary[Int(rng.next() % 10)] }.joined(separator: " ")
            let b = (0..<Int(rng.next() % 7)).map { _ in vocabulary[Int(rng.next() % 10)] }.joined(separator: " ")
            var ids: [String: Int32] = [:]
            func bag(_ t: String) -> [Int32] { WordBag.words(t).map { w in ids[w] ?? { ids[w] = Int32(ids.count); return Int32(ids.count - 1) }() }.sorted() }
            let (x, y) = (bag(a), bag(b))
            #expect(abs(EntryAssignment.f1(x, y) - WordBag.f1(truth: b, recognized: a)) < 1e-12, "\(a) | \(b)")
        }
    }

    @Test func fieldsAreCheckedOnlyWhereStated() {
        let truth = [GroundTruth.Entry(text: "Krug Grande Cuvée NV 420", vintage: .nonVintage,
                                       prices: [Price(amount: 35, column: .glass), Price(amount: 420, column: .bottle)],
                                       bottleSizeML: 1500)]
        var found = Self.found("Krug Grande Cuvée NV 420", nil, [])
        found.prices = [Price(amount: 420, column: .bottle), Price(amount: 35, column: .glass)]
        found.bottleSizeML = 750
        let c = EntryMetrics.evaluate(detected: [found], truth: truth)
        #expect(c.vintageCorrect == 0 && c.vintageTotal == 1)
        #expect(c.pricesCorrect == 2 && c.pricesTotal == 2, "prices are matched by column, not by order")
        #expect(c.bottleSizeCorrect == 0 && c.bottleSizeTotal == 1)
        #expect(c.producerTotal == 0)
        #expect(c.catalogueCorrect == 1, "no match where the truth has none is right")
    }

    @Test func producerSplitOffMustMatchExactly() {
        var found = Self.found("Sassicaia 2018 410")
        found.producer = "Tenuta San Guido"
        #expect(EntryMetrics.producerMatches(truth: "Tenuta San Guido", found: found))
        found.producer = "Tenuta S. Guido"
        #expect(!EntryMetrics.producerMatches(truth: "Tenuta San Guido", found: found))
    }
}

@Suite struct ReceiptMetricsTests {
    @Test func keyFieldsCompareAsWordsAmountsAndDates() {
        let truth = GroundTruth.ReceiptTruth(merchant: "BOOK TA .K (TAMAN DAYA) SDN BHD", address: "NO.53, JALAN SAGU 18",
                                             date: "2018-12-25", time: "20:13", total: 9)
        let found = ReceiptObservation(merchant: "Book Ta K (Taman Daya) Sdn Bhd", address: "NO.53 JALAN SAGU 1B",
                                       date: "2018-12-25", time: "8:13 PM", total: 9.001)
        let c = ReceiptMetrics.evaluate(found: found, truth: truth)
        #expect(c.fields["merchant"] == Tally(correct: 1, total: 1))
        #expect(c.fields["address"] == Tally(correct: 0, total: 1))
        #expect(c.fields["date"] == Tally(correct: 1, total: 1))
        #expect(c.fields["time"] == Tally(correct: 0, total: 1), "8:13 is not 20:13")
        #expect(c.fields["total"] == Tally(correct: 1, total: 1))
        #expect(c.fields["tax"] == nil)
        #expect(c.keyFields == Tally(correct: 3, total: 5))
    }

    @Test func nothingFoundIsWrongOnEveryStatedField() {
        let c = ReceiptMetrics.evaluate(found: nil, truth: GroundTruth.ReceiptTruth(merchant: "A", total: 1))
        #expect(c.keyFields == Tally(correct: 0, total: 2))
    }
}
