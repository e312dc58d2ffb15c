import Evaluation
import Foundation

/// Writes metrics.json (everything, for tools and baselines) and metrics.csv (one row per scope:
/// each image, each job, each group, the corpus) into a folder.
public enum MetricsReportWriter {
    public static func write(_ report: MetricsReport, to directory: String) throws(AtomicFile.WriteError) {
        try AtomicFile.write(try JSONReport.encode(report), to: "\(directory)/metrics.json")
        try csv(report).write(to: "\(directory)/metrics.csv")
    }

    /// Writes a baseline: the report with its gate settings.
    public static func writeBaseline(_ report: MetricsReport, to path: String) throws(AtomicFile.WriteError) {
        try AtomicFile.write(try JSONReport.encode(report), to: path)
    }

    public static let csvHeader = ["scope", "name", "images", "failed_images", "characters", "words"]
        + Metric.ordered + ["receipt_fields"]

    public static func csv(_ report: MetricsReport) -> CSVWriter {
        var csv = CSVWriter(header: csvHeader)
        func row(_ scope: String, _ name: String, _ a: MetricsAggregate) -> [String] {
            let m = a.metrics
            let fields = a.receipt.fields.keys.sorted().compactMap { key in
                a.receipt.fields[key]?.accuracy.map { "\(key)=\(number($0))" }
            }.joined(separator: " ")
            return [scope, name, String(a.images), String(a.failedImages), String(a.nCharacters), String(a.nWords)]
                + Metric.ordered.map { m[$0].map(number) ?? "" } + [fields]
        }
        for image in report.images { csv.append(row("image", image.key, MetricsAggregate([image]))) }
        for (scope, aggregate) in report.scopes() {
            let parts = scope.split(separator: " ", maxSplits: 1).map(String.init)
            csv.append(row(parts[0], parts.count > 1 ? parts[1] : "", aggregate))
        }
        return csv
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        return String(format: "%.6f", value)
    }
}
