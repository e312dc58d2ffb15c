import Evaluation

/// What ground truth says about one reported entry: the printed entry it pairs with (as the entry
/// metrics pair them) and whether its catalogue answer is right. The review report shows it beside
/// the entry and pools it into the confidence calibration chart.
public struct EntryVerdict: Sendable, Equatable, Codable {
    public var job: String
    public var image: String
    /// Index into the page's `entries`.
    public var entry: Int
    /// The paired truth entry's text; nil: nothing printed pairs with it (an extra).
    public var truthText: String?
    /// The paired truth entry's catalogue id; nil: not in the catalogue (or an extra).
    public var truthCatalogueID: String?
    /// Whether the catalogue answer agrees with the truth; nil for an extra.
    public var matchCorrect: Bool?
    /// The calibrated confidence of the answer; nil when the entry has no answer.
    public var confidence: Double?

    public init(job: String, image: String, entry: Int, truthText: String?, truthCatalogueID: String?,
                matchCorrect: Bool?, confidence: Double?) {
        self.job = job
        self.image = image
        self.entry = entry
        self.truthText = truthText
        self.truthCatalogueID = truthCatalogueID
        self.matchCorrect = matchCorrect
        self.confidence = confidence
    }

    /// One check per entry of the page: wine entries against the truth's entries, receipt items
    /// against its items, paired exactly as `EntryMetrics` pairs them for the metrics.
    public static func checks(page: PageResult, truth: GroundTruth) -> [EntryVerdict] {
        let observation = page.observation
        var checks: [EntryVerdict] = []
        func check(kind: EntryRecord.Kind, observed: [EntryObservation], truth: [GroundTruth.Entry]) {
            let indices = page.entries.indices.filter { page.entries[$0].kind == kind }
            guard indices.count == observed.count else { return }
            let pairs = Dictionary(EntryMetrics.pairs(detected: observed, truth: truth).map { ($0.detected, $0.truth) },
                                   uniquingKeysWith: { a, _ in a })
            for (k, index) in indices.enumerated() {
                let entry = page.entries[index]
                let paired = pairs[k].map { truth[$0] }
                checks.append(EntryVerdict(
                    job: entry.job, image: entry.image, entry: index, truthText: paired?.text,
                    truthCatalogueID: paired?.catalogueID,
                    matchCorrect: paired.map { $0.catalogueID == observed[k].catalogueID },
                    confidence: entry.match?.confidence))
            }
        }
        if !truth.entries.isEmpty {
            check(kind: .wine, observed: observation.entries, truth: truth.entries)
        }
        if let items = truth.receipt?.items, !items.isEmpty {
            check(kind: .item, observed: observation.items, truth: items.map(ImageEvaluator.itemTruth))
        }
        return checks
    }
}
