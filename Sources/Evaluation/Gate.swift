/// The baseline's rules: how far each metric may move the wrong way, and over which scopes.
public struct GateSettings: Sendable, Equatable, Codable {
    /// Absolute tolerance per metric name; metrics not listed use `defaultTolerance`.
    public var tolerances: [String: Double]
    public var defaultTolerance: Double
    /// Which scopes are gated: "corpus", "job", and any of `MetricsReport.dimensions`.
    public var scopes: [String]

    public init(tolerances: [String: Double], defaultTolerance: Double, scopes: [String]) {
        self.tolerances = tolerances
        self.defaultTolerance = defaultTolerance
        self.scopes = scopes
    }

    /// Half a point everywhere, so a one-point drop in entry F1 (0.01) fails; jobs are not gated
    /// on their own (they are folders, not populations), the corpus and its groups are.
    public static let standard = GateSettings(
        tolerances: [Metric.cer: 0.005, Metric.cerFolded: 0.005, Metric.wer: 0.005, Metric.entryF1: 0.005],
        defaultTolerance: 0.005, scopes: ["corpus"] + MetricsReport.dimensions)

    public func tolerance(for metric: String) -> Double { tolerances[metric] ?? defaultTolerance }

    func gates(_ scope: String) -> Bool {
        let dimension = scope == "corpus" ? "corpus" : String(scope.prefix { $0 != " " })
        return scopes.contains(dimension)
    }
}

/// One metric in one scope, compared with the baseline.
public struct GateFinding: Sendable, Equatable {
    public enum Verdict: String, Sendable {
        case regression, improvement, unchanged
        /// In the baseline, not measured now (a group vanished, ground truth was lost).
        case missing
    }
    public var scope: String
    public var metric: String
    public var baseline: Double?
    public var current: Double?
    public var tolerance: Double
    public var verdict: Verdict

    /// Signed change, positive when better.
    public var gain: Double? {
        guard let b = baseline, let c = current else { return nil }
        return Metric.lowerIsBetter(metric) ? b - c : c - b
    }

    public var description: String {
        let name = scope == "corpus" ? metric : "\(metric) [\(scope)]"
        switch verdict {
        case .missing: return "\(name): measured in the baseline (\(Gate.format(baseline))) but not in this run"
        default:
            return "\(name): \(Gate.format(baseline)) → \(Gate.format(current)) (\(Gate.signed(current.flatMap { c in baseline.map { c - $0 } }))), tolerance \(Gate.format(tolerance))"
        }
    }
}

public struct GateResult: Sendable, Equatable {
    public var findings: [GateFinding]
    /// Images in the baseline that this run did not evaluate, and the reverse.
    public var missingImages: [String]
    public var newImages: [String]

    public var regressions: [GateFinding] { findings.filter { $0.verdict == .regression || $0.verdict == .missing } }
    public var improvements: [GateFinding] { findings.filter { $0.verdict == .improvement } }
    /// The gate passes when nothing got worse beyond tolerance and both runs measured the same images.
    public var passed: Bool { regressions.isEmpty && missingImages.isEmpty && newImages.isEmpty }

    /// Every reason the gate failed, one line each.
    public var failures: [String] {
        regressions.map(\.description)
            + missingImages.map { "\($0): in the baseline but not evaluated in this run" }
            + newImages.map { "\($0): evaluated but not in the baseline (update the baseline with --update-baseline)" }
    }
}

/// Compares a run's metrics with a baseline's, metric by metric, in every gated scope.
public enum Gate {
    public static func check(current: MetricsReport, baseline: MetricsReport) -> GateResult {
        let settings = baseline.gate ?? .standard
        var now = Dictionary(current.scopes().map { ($0.scope, $0.aggregate.metrics) }, uniquingKeysWith: { a, _ in a })
        var scopes = baseline.scopes().filter { settings.gates($0.scope) }.map { (scope: $0.scope, metrics: $0.aggregate.metrics) }
        // Real wine lists are scored as whole documents (`ListCounts`), beside the images' scopes.
        if let lists = baseline.listTotals, lists.truth > 0 {
            scopes.append((scope: Self.listsScope, metrics: Self.listMetrics(lists)))
            if let currentLists = current.listTotals { now[Self.listsScope] = Self.listMetrics(currentLists) }
            // And per job, so that lists of one kind (the originals, their photographs) hold their own
            // figures: a loss on a few photographed pages is not hidden among many born-digital ones.
            let before = Self.listTotalsByJob(baseline.lists ?? []), after = Self.listTotalsByJob(current.lists ?? [])
            if before.count > 1 {
                for (job, counts) in before.sorted(by: { $0.key < $1.key }) where counts.truth > 0 {
                    scopes.append((scope: "\(Self.listsScope) \(job)", metrics: Self.listMetrics(counts)))
                    if let later = after[job] { now["\(Self.listsScope) \(job)"] = Self.listMetrics(later) }
                }
            }
        }
        var findings: [GateFinding] = []
        for (scope, before) in scopes {
            for metric in Metric.sorted(before.keys) {
                let tolerance = settings.tolerance(for: metric)
                let old = before[metric]
                guard let new = now[scope]?[metric] else {
                    findings.append(GateFinding(scope: scope, metric: metric, baseline: old, current: nil, tolerance: tolerance, verdict: .missing))
                    continue
                }
                var finding = GateFinding(scope: scope, metric: metric, baseline: old, current: new, tolerance: tolerance, verdict: .unchanged)
                let gain = finding.gain ?? 0
                // A hair of slack for values that were rounded to six decimals in the file.
                if gain < -(tolerance + 1e-9) { finding.verdict = .regression } else if gain > 1e-9 { finding.verdict = .improvement }
                findings.append(finding)
            }
        }
        let before = Set(baseline.images.map(\.key)), after = Set(current.images.map(\.key))
        return GateResult(findings: findings, missingImages: before.subtracting(after).sorted(),
                          newImages: after.subtracting(before).sorted())
    }

    /// The scope the real lists' pooled figures are gated in.
    public static let listsScope = "lists"

    /// The lists' counts pooled per job.
    static func listTotalsByJob(_ lists: [ListEvaluation]) -> [String: ListCounts] {
        Dictionary(grouping: lists, by: \.job).mapValues { $0.map(\.counts).reduce(ListCounts(), +) }
    }

    /// The pooled list figures the gate holds: recall, precision, whole price sets, highest price, vintage.
    public static func listMetrics(_ c: ListCounts) -> [String: Double] {
        var metrics = ["listRecall": c.recall, "listPrecision": c.precision, "listPriceSets": c.priceSetAccuracy,
                       "listHighestPrice": c.highestPriceAccuracy]
        if c.vintagesTruth > 0 { metrics["listVintage"] = Double(c.vintagesRight) / Double(c.vintagesTruth) }
        return metrics.mapValues(Metric.rounded)
    }

    static func format(_ value: Double?) -> String {
        guard let value else { return "—" }
        return String(format: "%.4f", value)
    }

    static func signed(_ value: Double?) -> String {
        guard let value else { return "—" }
        return (value >= 0 ? "+" : "") + String(format: "%.4f", value)
    }
}
