import Evaluation

/// The accuracy tables and charts the run page and the job pages share.
enum AccuracyHTML {
    /// Colour of an error-rate bar: green under 2 %, amber under 10 %, red above.
    static func errorColour(_ value: Double) -> String {
        guard value.isFinite else { return "#c62828" }
        return value < 0.02 ? "#1a7f37" : (value < 0.1 ? "#b7791f" : "#c62828")
    }

    /// Colour of a score bar (F1, accuracy): green from 90 %, amber from 70 %, red below.
    static func scoreColour(_ value: Double) -> String {
        value >= 0.9 ? "#1a7f37" : (value >= 0.7 ? "#b7791f" : "#c62828")
    }

    /// The score a reader judges a page by: a wine list's entry F1, a receipt's key fields (its item
    /// F1 when no key is known). Character error rates stay in the tables: a flat list whose entries
    /// are all right can show 60 % CER from the dot leaders Decant erases on purpose.
    static func headlineScore(_ e: ImageEvaluation) -> (value: Double, measure: String)? {
        let m = MetricsAggregate([e]).metrics
        if let v = m[Metric.entryF1] { return (v, "entry F1") }
        if let v = m[Metric.receiptKeyAccuracy] { return (v, "receipt keys") }
        if let v = m[Metric.itemF1] { return (v, "item F1") }
        return nil
    }

    /// One bar per page with the score it is judged by (`headlineScore`); nil when no page has one.
    static func scoreChart(id: String, evaluations: [ImageEvaluation], label: (ImageEvaluation) -> String) -> String? {
        let bars = evaluations.compactMap { e -> SVGChart.Bar? in
            guard let score = headlineScore(e) else { return nil }
            return SVGChart.Bar(label: label(e), value: score.value, note: "(\(score.measure))")
        }
        guard !bars.isEmpty else { return nil }
        return SVGChart.bars(id: id, title: "Score per image",
                             description: "Entry F1 of each wine list and key-field accuracy of each receipt, \(bars.count) images.",
                             bars: bars, maxValue: 1, colour: scoreColour)
    }

    static func cerChart(id: String, evaluations: [ImageEvaluation], label: (ImageEvaluation) -> String) -> String {
        let bars = evaluations.map { e in
            SVGChart.Bar(label: label(e), value: e.text.cerFolded, note: e.shape.map { "(\($0))" } ?? "")
        }
        let finite = bars.map(\.value).filter(\.isFinite)
        // Up to the worst page, but at least 10 %, so a good run does not look like a bad one.
        let top = max(0.1, min(finite.max() ?? 0.1, 2))
        return SVGChart.bars(id: id, title: "Character error rate per image",
                             description: "CER of each of \(bars.count) images against its ground truth, dot leaders folded away on both sides.",
                             bars: bars, maxValue: top, colour: errorColour)
    }

    /// Entry F1 per value of a grouping dimension (page shape by default).
    static func f1Chart(id: String, report: MetricsReport, dimension: String = "shape") -> String? {
        let groups = (report.groups[dimension] ?? [:]).sorted { $0.key < $1.key }
            .compactMap { name, aggregate -> SVGChart.Bar? in
                guard let f1 = aggregate.metrics[Metric.entryF1] ?? aggregate.metrics[Metric.itemF1] else { return nil }
                let n = aggregate.entryImages > 0 ? aggregate.entryImages : aggregate.itemImages
                return SVGChart.Bar(label: name, value: f1, note: "(\(n) image\(n == 1 ? "" : "s"))")
            }
        guard !groups.isEmpty else { return nil }
        return SVGChart.bars(id: id, title: "Entry F1 by page \(dimension)",
                             description: "Wine-list entry F1 (receipt item F1 where a group has no wine list) pooled per page \(dimension).",
                             bars: groups, maxValue: 1, colour: scoreColour)
    }

    /// One row per scope (corpus, shape, layout, flatten method, kind, job) with the metrics measured.
    static func scopeTable(_ report: MetricsReport, includeJobs: Bool) -> String {
        let scopes = report.scopes().filter { includeJobs || !$0.scope.hasPrefix("job ") }
        let used = MetricsTable.columns.filter { column in scopes.contains { $0.aggregate.metrics[column.metric] != nil } }
        var html = "<div class=\"table-wrap\"><table><caption>Accuracy pooled by scope (rates from pooled counts)</caption><thead><tr>"
            + "<th scope=\"col\">Scope</th><th scope=\"col\" class=\"num\">Images</th>"
            + used.map { "<th scope=\"col\" class=\"num\">\(HTMLText.escape($0.title))</th>" }.joined() + "</tr></thead><tbody>"
        for (scope, aggregate) in scopes {
            let m = aggregate.metrics
            let images = aggregate.failedImages > 0 ? "\(aggregate.images) (\(aggregate.failedImages) failed)" : "\(aggregate.images)"
            html += "<tr><th scope=\"row\">\(HTMLText.escape(scope))</th><td class=\"num\">\(images)</td>"
                + used.map { "<td class=\"num\">\(HTMLText.percent(m[$0.metric]))</td>" }.joined() + "</tr>"
        }
        return html + "</tbody></table></div>"
    }

    static let imageColumns: [(title: String, metric: String)] = [
        ("CER", Metric.cerFolded), ("WER", Metric.wer), ("Word-bag F1", Metric.wordBagF1), ("Entry F1", Metric.entryF1),
        ("Catalogue", Metric.catalogueAccuracy), ("Items F1", Metric.itemF1), ("Receipt keys", Metric.receiptKeyAccuracy),
    ]

    /// One row per image, linked to the image on its job page.
    static func imageTable(_ evaluations: [ImageEvaluation], link: (ImageEvaluation) -> String,
                           label: (ImageEvaluation) -> String) -> String {
        var html = "<div class=\"table-wrap\"><table><caption>Accuracy per image</caption><thead><tr>"
            + "<th scope=\"col\">Image</th><th scope=\"col\">Shape</th><th scope=\"col\">Layout</th><th scope=\"col\">Flatten</th>"
            + imageColumns.map { "<th scope=\"col\" class=\"num\">\($0.title)</th>" }.joined() + "</tr></thead><tbody>"
        for e in evaluations {
            let m = MetricsAggregate([e]).metrics
            html += "<tr><th scope=\"row\"><a href=\"\(link(e))\">\(HTMLText.escape(label(e)))</a>"
                + (e.failed ? " <span class=\"badge bad\">failed</span>" : "") + "</th>"
                + "<td>\(HTMLText.escape(e.shape ?? ""))</td><td>\(HTMLText.escape(e.layout ?? ""))</td>"
                + "<td>\(HTMLText.escape(e.flatten ?? ""))</td>"
                + imageColumns.map { "<td class=\"num\">\(HTMLText.percent(m[$0.metric]))</td>" }.joined() + "</tr>"
        }
        return html + "</tbody></table></div>"
    }
}
