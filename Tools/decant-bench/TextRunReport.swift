import Evaluation
import Foundation

/// Word-bag F1 of a `decant run` over scored images, by group, with the run's cost: what
/// `decant-bench inv3d` and `sroie-text` print.
struct TextRunReport {
    struct Row: Codable {
        var name: String
        var groups: [String: String]
        var f1: Double
        var engine: String?
        var megapixels: Double
        var error: String?
    }

    var rows: [Row] = []

    /// Scores each image's text against its truth.
    init(images: [(image: DecantRunBench.Image, truth: String, groups: [String: String])], outcome: DecantRunBench.Outcome) {
        for item in images {
            let page = outcome.pages[item.image.name]
            let record = page?.record
            let megapixels = Double((record?.width ?? 0) * (record?.height ?? 0)) / 1e6
            rows.append(Row(name: item.image.name, groups: item.groups,
                            f1: WordBag.f1(truth: item.truth, recognized: page?.text ?? ""), engine: record?.engine,
                            megapixels: megapixels, error: record?.error?.message ?? (record == nil ? "no page record" : nil)))
        }
    }

    func table(by key: String, order: [String]) -> String {
        var out = "| \(key) | images | word-bag F1 | read by PP-OCR |\n|---|---:|---:|---:|\n"
        for k in order.filter({ k in rows.contains { $0.groups[key] == k } }) + ["all"] {
            let sel = k == "all" ? rows : rows.filter { $0.groups[key] == k }
            let f1 = sel.map(\.f1).reduce(0, +) / Double(max(sel.count, 1))
            out += "| \(k) | \(sel.count) | \(String(format: "%.3f", f1)) | \(sel.filter { $0.engine == "ppocr" }.count) |\n"
        }
        return out
    }

    func cost(_ outcome: DecantRunBench.Outcome, workers: Int) -> String {
        let megapixels = rows.map(\.megapixels).reduce(0, +)
        let failed = rows.filter { $0.error != nil }
        var text = String(format: "cost: %.1f CPU s (runner + workers, user + system) for %d images of %.1f MP: %.2f CPU s per MP, "
                          + "%.2f CPU s per image; %.1f s wall clock with %d workers; peak RSS %.0f MB (largest process)",
                          outcome.cpuSeconds, rows.count, megapixels, outcome.cpuSeconds / max(megapixels, 0.001),
                          outcome.cpuSeconds / Double(max(rows.count, 1)), outcome.wallSeconds, workers, outcome.peakRSSMB)
        if !failed.isEmpty { text += "\nfailed: " + failed.map { "\($0.name): \($0.error ?? "")" }.joined(separator: "; ") }
        return text
    }

    func writeJSON(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(rows).write(to: URL(fileURLWithPath: path))
    }
}
