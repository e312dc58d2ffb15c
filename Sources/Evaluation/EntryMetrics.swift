import Entries

/// Counts behind entry precision/recall and field accuracy; additive so pages sum to jobs and corpora.
public struct EntryCounts: Sendable, Equatable, Codable {
    public var detected = 0
    public var truth = 0
    public var matched = 0
    public var vintageCorrect = 0
    public var vintageTotal = 0
    public var pricesCorrect = 0
    public var pricesTotal = 0
    public var catalogueCorrect = 0
    public var catalogueTotal = 0

    public init() {}

    public var precision: Double { detected == 0 ? (truth == 0 ? 1 : 0) : Double(matched) / Double(detected) }
    public var recall: Double { truth == 0 ? 1 : Double(matched) / Double(truth) }
    public var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
    public var vintageAccuracy: Double? { vintageTotal == 0 ? nil : Double(vintageCorrect) / Double(vintageTotal) }
    public var priceAccuracy: Double? { pricesTotal == 0 ? nil : Double(pricesCorrect) / Double(pricesTotal) }
    public var catalogueAccuracy: Double? { catalogueTotal == 0 ? nil : Double(catalogueCorrect) / Double(catalogueTotal) }

    public static func + (a: EntryCounts, b: EntryCounts) -> EntryCounts {
        var c = EntryCounts()
        c.detected = a.detected + b.detected
        c.truth = a.truth + b.truth
        c.matched = a.matched + b.matched
        c.vintageCorrect = a.vintageCorrect + b.vintageCorrect
        c.vintageTotal = a.vintageTotal + b.vintageTotal
        c.pricesCorrect = a.pricesCorrect + b.pricesCorrect
        c.pricesTotal = a.pricesTotal + b.pricesTotal
        c.catalogueCorrect = a.catalogueCorrect + b.catalogueCorrect
        c.catalogueTotal = a.catalogueTotal + b.catalogueTotal
        return c
    }
}

/// What Decant found for one entry, reduced to the fields ground truth can check.
public struct EntryObservation: Sendable, Equatable {
    public var text: String
    public var vintage: Vintage?
    public var prices: [Price]
    public var catalogueID: String?

    public init(text: String, vintage: Vintage?, prices: [Price], catalogueID: String?) {
        self.text = text
        self.vintage = vintage
        self.prices = prices
        self.catalogueID = catalogueID
    }
}

public enum EntryMetrics {
    /// Detection counts plus field accuracy on the assigned pairs. A price is right when its amount
    /// and, where the truth gives one, its column meaning agree.
    public static func evaluate(detected: [EntryObservation], truth: [GroundTruth.Entry]) -> EntryCounts {
        var counts = EntryCounts()
        counts.detected = detected.count
        counts.truth = truth.count
        let pairs = EntryAssignment.assign(detected: detected.map(\.text), truth: truth.map(\.text))
        counts.matched = pairs.count
        for (d, t) in pairs {
            let found = detected[d], expected = truth[t]
            counts.vintageTotal += 1
            if found.vintage == expected.vintage { counts.vintageCorrect += 1 }
            for (k, price) in expected.prices.enumerated() {
                counts.pricesTotal += 1
                let candidate = found.prices.first { $0.column == price.column && $0.column != .unknown }
                    ?? (k < found.prices.count ? found.prices[k] : nil)
                if let candidate, candidate.amount == price.amount,
                   price.column == .unknown || candidate.column == price.column || expected.prices.count == 1 {
                    counts.pricesCorrect += 1
                }
            }
            counts.catalogueTotal += 1
            if found.catalogueID == expected.catalogueID { counts.catalogueCorrect += 1 }
        }
        return counts
    }
}
