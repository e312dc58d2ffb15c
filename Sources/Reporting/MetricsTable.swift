import Evaluation
import Foundation

/// Markdown tables for stdout, ready to paste into a pull request.
public enum MetricsTable {
    static let columns: [(title: String, metric: String)] = [
        ("CER", Metric.cerFolded), ("WER", Metric.wer), ("Word-bag F1", Metric.wordBagF1),
        ("Entry P", Metric.entryPrecision), ("Entry R", Metric.entryRecall), ("Entry F1", Metric.entryF1),
        ("Vintage", Metric.vintageAccuracy), ("Prices", Metric.priceAccuracy), ("Producer", Metric.producerAccuracy),
        ("Size", Metric.bottleSizeAccuracy), ("Catalogue", Metric.catalogueAccuracy), ("Items F1", Metric.itemF1),
        ("Item amounts", Metric.itemAmountAccuracy), ("Receipt keys", Metric.receiptKeyAccuracy),
    ]

    /// One row per scope (corpus, groups, jobs), percentages; columns nobody measured are left out.
    public static func summary(_ report: MetricsReport, includeJobs: Bool = true) -> String {
        let scopes = report.scopes().filter { includeJobs || !$0.scope.hasPrefix("job ") }
        let used = columns.filter { column in scopes.contains { $0.aggregate.metrics[column.metric] != nil } }
        var lines = ["| Scope | Images | " + used.map(\.title).joined(separator: " | ") + " |",
                     "|---|---:|" + used.map { _ in "---:|" }.joined()]
        for (scope, aggregate) in scopes {
            let m = aggregate.metrics
            let images = aggregate.failedImages > 0 ? "\(aggregate.images) (\(aggregate.failedImages) failed)" : "\(aggregate.images)"
            lines.append("| \(escape(scope)) | \(images) | " + used.map { m[$0.metric].map(percent) ?? "—" }.joined(separator: " | ") + " |")
        }
        if let lists = report.lists, let totals = report.listTotals {
            lines += ["", "| Real list | Entries | Recall | Precision | Price sets | Highest price | Vintage |",
                      "|---|---:|---:|---:|---:|---:|---:|"]
            for list in lists { lines.append(listRow("\(list.job)/\(list.file)", list.counts)) }
            lines.append(listRow("pooled", totals))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A real list's figures as the shared scorer prints them (the gate's "lists" scope holds the pooled row).
    static func listRow(_ name: String, _ c: ListCounts) -> String {
        let vintage = c.vintagesTruth > 0 ? percent(Double(c.vintagesRight) / Double(c.vintagesTruth)) : "—"
        return "| \(escape(name)) | \(c.truth) | \(percent(c.recall)) | \(percent(c.precision)) | "
            + "\(percent(c.priceSetAccuracy)) | \(percent(c.highestPriceAccuracy)) | \(vintage) |"
    }

    /// The gate's verdict: every regression, every improvement, and a count of what did not move.
    public static func gate(_ result: GateResult) -> String {
        var lines: [String] = []
        let changed = result.findings.filter { $0.verdict != .unchanged }
        if !changed.isEmpty {
            lines += ["| | Metric | Scope | Baseline | Now | Change | Tolerance |", "|---|---|---|---:|---:|---:|---:|"]
            for f in changed.sorted(by: { rank($0) < rank($1) }) {
                let mark = f.verdict == .improvement ? "✓" : "✗"
                let change = f.current.flatMap { c in f.baseline.map { c - $0 } }
                lines.append("| \(mark) | \(f.metric) | \(escape(f.scope)) | \(fixed(f.baseline)) | \(fixed(f.current)) | \(signed(change)) | \(fixed(f.tolerance)) |")
            }
            lines.append("")
        }
        let unchanged = result.findings.count - changed.count
        lines.append("\(result.regressions.count) regression(s), \(result.improvements.count) improvement(s), \(unchanged) unchanged metric(s).")
        for image in result.missingImages { lines.append("- missing from this run: \(image)") }
        for image in result.newImages { lines.append("- not in the baseline: \(image)") }
        lines.append(result.passed ? "**Gate passed.**" : "**Gate failed.**")
        return lines.joined(separator: "\n") + "\n"
    }

    static func rank(_ f: GateFinding) -> Int {
        switch f.verdict {
        case .regression, .missing: return 0
        case .improvement: return 1
        case .unchanged: return 2
        }
    }

    static func percent(_ value: Double) -> String {
        value.isFinite ? String(format: "%.1f%%", value * 100) : "∞"
    }

    static func fixed(_ value: Double?) -> String { value.map { String(format: "%.4f", $0) } ?? "—" }

    static func signed(_ value: Double?) -> String {
        guard let value else { return "—" }
        return (value >= 0 ? "+" : "−") + String(format: "%.4f", abs(value))
    }

    static func escape(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
