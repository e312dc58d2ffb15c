import Catalogue
import Entries
import Evaluation
import StepTrace

/// `OUT/JOB/index.html`: every page of a job with its entry boxes drawn over the flattened page, a
/// sortable, filterable table of the entries, receipts beside their photo and, with ground truth,
/// the metrics of each page. A plain function of the job's results; it reads no file.
public struct JobHTMLReport: Sendable {
    public var job: String
    public var pages: [PageResult]
    /// This job's images scored against ground truth (empty without truth).
    public var evaluations: [ImageEvaluation]
    /// Ground truth's verdict on each entry (empty without truth).
    public var checks: [EntryVerdict]
    /// The run's `--budget`, filled into the budget filter.
    public var budget: Double?
    /// Report files beside index.html to link to (entries.csv …), as relative paths.
    public var files: [String]
    /// Where the run page is, relative to this page (`../index.html` for `OUT/JOB/`).
    public var runPage: String?

    public init(job: String, pages: [PageResult], evaluations: [ImageEvaluation] = [], checks: [EntryVerdict] = [],
                budget: Double? = nil, files: [String] = [], runPage: String? = nil) {
        self.job = job
        self.pages = pages.sorted(by: PageResult.inReadingOrder)
        self.evaluations = evaluations
        self.checks = checks
        self.budget = budget
        self.files = files
        self.runPage = runPage
    }

    /// `../index.html` from `OUT/a/b/` for job `a/b`.
    public static func runPage(forJob job: String) -> String {
        String(repeating: "../", count: job.split(separator: "/").count) + "index.html"
    }

    public func render() -> String {
        HTMLPage.document(title: "\(job) — Decant review", body: header() + "<main id=\"main\">" + entriesSection()
                          + pagesSection() + accuracySection() + "</main>" + footer())
    }

    // MARK: header

    var entries: [(id: String, page: Int, entry: EntryRecord)] {
        pages.enumerated().flatMap { p, page in page.entries.enumerated().map { (Self.entryID(page: p, entry: $0), p, $1) } }
    }

    static func entryID(page: Int, entry: Int) -> String { "e\(page + 1)-\(entry + 1)" }

    func header() -> String {
        let all = pages.flatMap(\.entries)
        let matched = all.filter { !$0.isUnmatched }.count
        let failed = pages.filter { $0.record.error != nil }.count
        var facts = ["\(pages.count) image\(pages.count == 1 ? "" : "s")", "\(all.count) entries", "\(matched) matched"]
        if failed > 0 { facts.append("\(failed) failed") }
        if !evaluations.isEmpty {
            let pooled = MetricsAggregate(evaluations).metrics
            if let f1 = pooled[Metric.entryF1] { facts.append("entry F1 \(HTMLText.percent(f1))") }
            if let keys = pooled[Metric.receiptKeyAccuracy] { facts.append("receipt keys \(HTMLText.percent(keys))") }
        }
        var html = "<header class=\"top\">"
        if let runPage { html += "<p class=\"crumbs\"><a href=\"\(HTMLText.url(runPage))\">Run</a> › \(HTMLText.escape(job))</p>" }
        html += "<h1>\(HTMLText.escape(job))</h1><p class=\"facts\">\(HTMLText.escape(facts.joined(separator: " · ")))</p>"
        if !files.isEmpty {
            html += "<nav class=\"files\" aria-label=\"Report files\">"
                + files.map { "<a href=\"\(HTMLText.url($0))\">\(HTMLText.escape($0))</a>" }.joined() + "</nav>"
        }
        return html + "</header>"
    }

    // MARK: entry table

    static let filters: [(key: String, label: String)] = [
        ("score90", "90+ points"), ("ready", "Ready now"), ("best-value", "Best value"), ("budget", "Under budget"),
        ("unmatched", "Unmatched"), ("low-confidence", "Low confidence"),
    ]

    func entriesSection() -> String {
        let rows = entries
        var html = "<section class=\"card\" id=\"entries-section\" aria-labelledby=\"h-entries\"><h2 id=\"h-entries\">Entries</h2>"
        html += "<div class=\"filters\" role=\"group\" aria-label=\"Filter entries\">"
        for filter in Self.filters {
            html += "<button type=\"button\" class=\"filter\" data-filter=\"\(filter.key)\" aria-pressed=\"false\">\(filter.label)</button>"
        }
        html += "<label>Budget <input type=\"number\" id=\"budget\" min=\"0\" step=\"any\" inputmode=\"decimal\" "
            + "value=\"\(HTMLText.number(budget))\" aria-describedby=\"budget-help\"></label>"
        html += "<span id=\"budget-help\" hidden>Under budget keeps entries whose bottle or glass price is at most this.</span>"
        // Only the colours this job's entries have are offered.
        let colours = Set(rows.compactMap { $0.entry.reviewColour })
        html += "<label>Colour <select id=\"colour\"><option value=\"\">any</option>"
            + WineColour.allCases.filter { colours.contains($0.rawValue) }
                .map { "<option value=\"\($0.rawValue)\">\($0.rawValue)</option>" }.joined() + "</select></label>"
        html += "<label>Search <input type=\"search\" id=\"search\" autocomplete=\"off\"></label>"
        html += "<button type=\"button\" class=\"filter\" id=\"clear\">Clear</button>"
        html += "<output id=\"shown\" aria-live=\"polite\">\(rows.count) of \(rows.count) entries shown</output></div>"
        let checksByEntry = checkIndex()
        let hasChecks = !checks.isEmpty
        var columns: [(title: String, numeric: Bool)] = [
            ("Page", false), ("Raw text", false), ("Producer", false), ("Wine", false), ("Vintage", true), ("Prices", false),
            ("Match", false), ("Confidence", true), ("OCR", true), ("Score", true), ("Ready to drink", false),
            ("Value", true), ("Markup", true), ("Budget fit", false),
        ]
        if hasChecks { columns.append(("Truth", false)) }
        html += "<div class=\"table-wrap\"><table id=\"entries\" class=\"entries\">"
        html += "<caption>Entries of \(HTMLText.escape(job)); the column buttons sort, the filters above hide rows.</caption><thead><tr>"
        for column in columns {
            html += "<th scope=\"col\" aria-sort=\"none\"\(column.numeric ? " class=\"num\"" : "")>"
                + "<button type=\"button\">\(column.title)</button></th>"
        }
        html += "</tr></thead><tbody>"
        for (id, p, e) in rows {
            html += row(id: id, page: p, entry: e, check: checksByEntry[id], hasChecks: hasChecks)
        }
        html += "</tbody></table></div>"
        if rows.isEmpty { html += "<p class=\"hint\">No entries were found in this job.</p>" }
        return html + "</section>"
    }

    func checkIndex() -> [String: EntryVerdict] {
        let pageIndex = Dictionary(pages.enumerated().map { ($1.record.image, $0) }, uniquingKeysWith: { a, _ in a })
        var index: [String: EntryVerdict] = [:]
        for check in checks {
            guard let p = pageIndex[check.image] else { continue }
            index[Self.entryID(page: p, entry: check.entry)] = check
        }
        return index
    }

    func row(id: String, page p: Int, entry e: EntryRecord, check: EntryVerdict?, hasChecks: Bool) -> String {
        let insight = e.insight
        var attributes = [
            ("id", "r-\(id)"), ("data-id", id), ("data-score", HTMLText.number(insight?.score)),
            ("data-drink", insight?.drinkStatus?.rawValue ?? ""), ("data-best", insight?.bestValue == true ? "1" : "0"),
            ("data-bottle", HTMLText.number(e.bottlePrice)), ("data-glass", HTMLText.number(e.glassPrice)),
            ("data-fits", insight?.fitsBudget?.rawValue ?? ""), ("data-matched", e.isUnmatched ? "0" : "1"),
            ("data-low", e.isLowConfidence ? "1" : "0"), ("data-colour", e.reviewColour ?? ""),
        ]
        attributes.append(("data-kind", e.kind.rawValue))
        var html = "<tr" + attributes.map { " \($0.0)=\"\(HTMLText.escape($0.1))\"" }.joined() + ">"
        func cell(_ text: String, sort: Double?? = nil, numeric: Bool = false, cls: String? = nil) {
            var a = ""
            if let sort { a += " data-v=\"\(HTMLText.number(sort))\"" }
            let classes = [numeric ? "num" : nil, cls].compactMap { $0 }.joined(separator: " ")
            if !classes.isEmpty { a += " class=\"\(classes)\"" }
            html += "<td\(a)>\(text)</td>"
        }
        let order = Double((p + 1) * 100_000 + e.firstLine)
        cell("<a href=\"#d-\(id)\">\(HTMLText.escape(e.image))</a> <span class=\"facts\">line \(e.firstLine + 1)</span>", sort: order)
        cell(HTMLText.escape(e.rawText), cls: "raw")
        cell(HTMLText.escape(e.producer ?? ""))
        cell(HTMLText.escape(e.name))
        cell(HTMLText.escape(e.vintage?.description ?? ""), sort: e.vintage?.year.map(Double.init), numeric: true)
        // Typed apart: written inline, `sort:` (Double??) made the compiler wrap the bottle price and
        // never fall back to the glass price, so glass-only wines sorted as having no price.
        let priceKey: Double? = e.bottlePrice ?? e.glassPrice ?? e.prices.compactMap(\.amount).first
        cell(HTMLText.escape(e.pricesText), sort: priceKey)
        let matchID = e.matchedID.map { " <span class=\"facts\">\(HTMLText.escape($0))</span>" } ?? ""
        cell("<span class=\"badge \(e.confidenceClass)\">\(HTMLText.escape(e.match?.type.rawValue ?? "none"))</span> "
             + HTMLText.escape(e.matchText) + matchID)
        cell(e.match.map { HTMLText.percent($0.confidence) } ?? "", sort: e.match?.confidence, numeric: true)
        cell(HTMLText.fixed(e.ocrConfidence, decimals: 0), sort: e.ocrConfidence, numeric: true,
             cls: e.ocrConfidence < EntryRecord.lowOCRConfidence ? "off" : nil)
        cell(HTMLText.escape(HTMLText.number(insight?.score)), sort: insight?.score, numeric: true)
        let source = e.drinkSourceText.map { " <span class=\"facts\">\(HTMLText.escape($0))</span>" } ?? ""
        cell(HTMLText.escape(e.drinkText) + source)
        let best = insight?.bestValue == true ? " <span class=\"badge good\">best value</span>" : ""
        cell((insight?.value.map { HTMLText.fixed($0, decimals: 2) } ?? "") + best, sort: insight?.value, numeric: true)
        cell(insight?.markup.map { "×" + HTMLText.fixed($0, decimals: 2) } ?? "", sort: insight?.markup, numeric: true)
        cell(HTMLText.escape(insight?.fitsBudget?.rawValue ?? ""))
        if hasChecks { cell(verdict(check)) }
        return html + "</tr>"
    }

    /// ✓ right catalogue answer, ✗ wrong one, or an extra nothing printed pairs with.
    func verdict(_ check: EntryVerdict?) -> String {
        guard let check else { return "" }
        guard let right = check.matchCorrect else { return "<span class=\"badge warn\">extra</span>" }
        return right ? "<span class=\"badge good\" title=\"catalogue answer agrees with the truth\">✓ right</span>"
            : "<span class=\"badge bad\" title=\"truth: \(HTMLText.escape(check.truthCatalogueID ?? "not in catalogue"))\">✗ wrong</span>"
    }

    // MARK: pages

    func pagesSection() -> String {
        let checksByEntry = checkIndex()
        let evaluationByImage = Dictionary(evaluations.map { ($0.image, $0) }, uniquingKeysWith: { a, _ in a })
        var html = "<section class=\"card\" aria-labelledby=\"h-pages\"><h2 id=\"h-pages\">Pages</h2>"
        for (p, page) in pages.enumerated() {
            html += pageSection(p, page, checks: checksByEntry, evaluation: evaluationByImage[page.record.image])
        }
        return html + "</section>"
    }

    func pageSection(_ p: Int, _ page: PageResult, checks: [String: EntryVerdict], evaluation: ImageEvaluation?) -> String {
        let r = page.record
        let anchor = HTMLText.anchor("img-", r.image)
        var html = "<section class=\"page\" id=\"\(anchor)\" aria-labelledby=\"h-\(anchor)\">"
        let kind = r.kind.map { $0 == .receipt ? "receipt" : "wine list" }
        html += "<h3 id=\"h-\(anchor)\">\(HTMLText.escape(r.image))\(kind.map { " <span class=\"badge\">\($0)</span>" } ?? "")</h3>"
        var facts: [String] = []
        if let w = r.width, let h = r.height { facts.append("photo \(w)×\(h)") }
        if let w = r.flattenedWidth, let h = r.flattenedHeight { facts.append("flattened \(w)×\(h)") }
        if let ppi = r.ppi { facts.append("\(ppi) ppi") }
        if let c = r.meanConfidence { facts.append("mean OCR confidence \(HTMLText.fixed(c, decimals: 1))") }
        facts.append("\(r.lineCount) lines, \(page.entries.count) \(r.kind == .receipt ? "items" : "entries")")
        if let t = r.timingsMS?.total { facts.append("\(HTMLText.fixed(t / 1000, decimals: 1)) s") }
        html += "<p class=\"facts\">\(HTMLText.escape(facts.joined(separator: " · ")))</p>"
        html += "<div class=\"page-grid\">" + figure(p, page) + "<aside class=\"side\" aria-label=\"\(HTMLText.escape(r.image)) details\">"
        html += "<div class=\"panel details\" aria-live=\"polite\"><p class=\"hint\">Select a box or a table row to see its entry.</p>"
        for (k, entry) in page.entries.enumerated() {
            let id = Self.entryID(page: p, entry: k)
            html += detail(id: id, number: k + 1, entry: entry, check: checks[id])
        }
        html += "</div>"
        if let error = r.error {
            html += "<div class=\"panel\"><p class=\"error\">Failed at \(HTMLText.escape(error.stage.rawValue)): \(HTMLText.escape(error.message))</p></div>"
        }
        if !r.warnings.isEmpty {
            html += "<div class=\"panel\"><h4>Warnings</h4><ul class=\"warn-list\">"
                + r.warnings.map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ul></div>"
        }
        if r.kind == .receipt || r.receipt != nil { html += ReceiptHTML.panel(page, evaluation: evaluation) }
        if let evaluation { html += metricsPanel(evaluation) }
        if let flatten = r.flatten { html += flattenPanel(flatten) }
        return html + "</aside></div></section>"
    }

    func figure(_ p: Int, _ page: PageResult) -> String {
        let r = page.record
        guard let width = r.flattenedWidth, let height = r.flattenedHeight, width > 0, height > 0 else {
            return "<figure class=\"scan\"><p class=\"hint\">No flattened page (the image failed before flattening).</p></figure>"
        }
        var html = "<figure class=\"scan\"><div class=\"frame\" style=\"aspect-ratio:\(width)/\(height)\">"
        let what = page.entries.count == 1 ? "1 entry box" : "\(page.entries.count) entry boxes"
        if let preview = r.preview {
            // The first pages load at once (a screenshot or print sees them); the rest as they scroll in.
            html += "<img src=\"\(HTMLText.url(preview.path))\" width=\"\(preview.width)\" height=\"\(preview.height)\" "
                + "alt=\"Flattened page of \(HTMLText.escape(r.image)) with \(what) drawn over it\"\(p < 3 ? "" : " loading=\"lazy\"")>"
        }
        html += "<svg class=\"boxes\" viewBox=\"0 0 \(width) \(height)\" preserveAspectRatio=\"none\" "
            + "role=\"group\" aria-label=\"Entry boxes of \(HTMLText.escape(r.image))\">"
        for (k, e) in page.entries.enumerated() {
            let id = Self.entryID(page: p, entry: k)
            let label = "Entry \(k + 1): \(e.rawText) — \(e.matchText)"
                + (e.match.map { ", confidence \(HTMLText.percent($0.confidence))" } ?? "")
            html += "<a href=\"#d-\(id)\" id=\"b-\(id)\" class=\"box \(e.confidenceClass)\" aria-label=\"\(HTMLText.escape(label))\">"
                + "<title>\(HTMLText.escape(label))</title>"
                + "<rect x=\"\(e.box.x)\" y=\"\(e.box.y)\" width=\"\(max(e.box.width, 1))\" height=\"\(max(e.box.height, 1))\"/></a>"
        }
        html += "</svg></div><figcaption>Boxes by match confidence:<span class=\"key high\"></span>80 % and over"
            + "<span class=\"key mid\"></span>50–80 %<span class=\"key low\"></span>under 50 %"
            + "<span class=\"key none\"></span>no wine matched</figcaption></figure>"
        return html
    }

    func detail(id: String, number: Int, entry e: EntryRecord, check: EntryVerdict?) -> String {
        var html = "<div class=\"entry-detail\" id=\"d-\(id)\"><h4>\(e.kind == .item ? "Item" : "Entry") \(number) "
            + "<span class=\"facts\">line\(e.firstLine == e.lastLine ? " \(e.firstLine + 1)" : "s \(e.firstLine + 1)–\(e.lastLine + 1)")</span></h4>"
        html += "<p class=\"raw\">\(HTMLText.escape(e.rawText))</p>"
        var fields: [(String, String)] = [("Name", e.name)]
        if let v = e.producer { fields.append(("Producer", v)) }
        if let v = e.section { fields.append(("Section", v)) }
        if let v = e.colour { fields.append(("Colour", v.rawValue)) }
        if let v = e.bin { fields.append(("Bin", v)) }
        if let v = e.vintage { fields.append(("Vintage", v.description)) }
        if let v = e.bottleSizeML { fields.append(("Bottle", "\(v) ml")) }
        if let v = e.quantity { fields.append(("Quantity", HTMLText.number(v))) }
        if !e.prices.isEmpty { fields.append(("Prices", e.pricesText)) }
        if let v = e.currency { fields.append(("Currency", v)) }
        fields.append(("OCR confidence", HTMLText.fixed(e.ocrConfidence, decimals: 1)))
        fields.append(("Box", "\(e.box.x), \(e.box.y), \(e.box.width)×\(e.box.height) px"))
        html += Self.definitions(fields)
        html += EntryLayoutHTML.disclosure(e.layout)
        html += "<h5>Match</h5>"
        if let match = e.match {
            var m: [(String, String)] = [("Answer", match.type.rawValue)]
            if let best = match.best {
                m.append(("Wine", best.name))
                if !best.wineID.isEmpty { m.append(("Catalogue id", best.wineID)) }
                if let v = best.vintage { m.append(("Vintage", v.description)) }
            }
            m.append(("Confidence", HTMLText.percent(match.confidence)))
            html += Self.definitions(m)
            if !match.alternatives.isEmpty {
                html += "<h5>Alternatives</h5><ol class=\"alts\">" + match.alternatives.map { a in
                    "<li>\(HTMLText.escape(a.name))\(a.vintage.map { " \($0)" } ?? "") "
                        + "<span class=\"facts\">\(HTMLText.escape(a.wineID)) · score \(HTMLText.fixed(a.score, decimals: 2))</span></li>"
                }.joined() + "</ol>"
            }
        } else {
            html += "<p class=\"hint\">No catalogue match.</p>"
        }
        if let insight = e.insight, insight.score != nil || insight.drinkStatus != nil || insight.value != nil
            || insight.markup != nil || insight.fitsBudget != nil {
            var i: [(String, String)] = []
            if let v = insight.score { i.append(("Score", HTMLText.number(v))) }
            if !e.drinkText.isEmpty { i.append(("Drink", e.drinkText)) }
            if let v = e.drinkSourceText { i.append(("Window", v)) }
            if let v = insight.releasePrice { i.append(("Release price", HTMLText.number(v))) }
            if let v = insight.markup { i.append(("Markup", "×" + HTMLText.fixed(v, decimals: 2))) }
            if let v = insight.value { i.append(("Value", HTMLText.fixed(v, decimals: 2) + " points per unit of price")) }
            if insight.bestValue { i.append(("Best value", "of its colour on this list")) }
            if let v = insight.fitsBudget { i.append(("Budget", "a \(v.rawValue) fits")) }
            html += "<h5>Insight</h5>" + Self.definitions(i)
        }
        if let check {
            var t: [(String, String)] = []
            if let text = check.truthText {
                t.append(("Printed", text))
                t.append(("Catalogue id", check.truthCatalogueID ?? "not in catalogue"))
                t.append(("Answer", check.matchCorrect == true ? "right" : "wrong"))
            } else {
                t.append(("Printed", "nothing: an extra entry"))
            }
            html += "<h5>Ground truth</h5>" + Self.definitions(t)
        }
        return html + "</div>"
    }

    static func definitions(_ pairs: [(String, String)]) -> String {
        "<dl>" + pairs.map { "<dt>\(HTMLText.escape($0.0))</dt><dd>\(HTMLText.escape($0.1))</dd>" }.joined() + "</dl>"
    }

    func flattenPanel(_ f: FlattenReport) -> String {
        var pairs: [(String, String)] = [("Method", f.method.rawValue)]
        if let v = f.reason { pairs.append(("Why", v)) }
        if let v = f.residualMM { pairs.append(("Fit residual", HTMLText.fixed(v, decimals: 2) + " mm")) }
        if let v = f.pageSizeMM, v.count == 2 {
            pairs.append(("Page size", "\(HTMLText.fixed(v[0], decimals: 0)) × \(HTMLText.fixed(v[1], decimals: 0)) mm"))
        }
        for a in f.assumptions { pairs.append(("Assumed", a)) }
        for (k, v) in f.steps.dictionary.sorted(by: { $0.key < $1.key }) { pairs.append((k, v)) }
        return "<div class=\"panel\"><h4>Flattening</h4>" + Self.definitions(pairs) + "</div>"
    }

    func metricsPanel(_ e: ImageEvaluation) -> String {
        let m = MetricsAggregate([e]).metrics
        var rows: [(String, String)] = []
        for (title, key) in MetricsTable.columns { if let v = m[key] { rows.append((title, HTMLText.percent(v))) } }
        var html = "<div class=\"panel\"><h4>Against ground truth</h4>"
        html += "<table><caption>\(HTMLText.escape(e.truth))\(e.shape.map { " · shape \(HTMLText.escape($0))" } ?? "")"
            + "\(e.layout.map { " · layout \(HTMLText.escape($0))" } ?? "")</caption>"
            + "<thead><tr><th scope=\"col\">Metric</th><th scope=\"col\" class=\"num\">Value</th></tr></thead><tbody>"
        html += rows.map { "<tr><th scope=\"row\">\($0.0)</th><td class=\"num\">\($0.1)</td></tr>" }.joined()
        return html + "</tbody></table></div>"
    }

    // MARK: accuracy

    func accuracySection() -> String {
        guard !evaluations.isEmpty else { return "" }
        var html = "<section class=\"card\" aria-labelledby=\"h-accuracy\"><h2 id=\"h-accuracy\">Accuracy</h2><div class=\"charts\">"
        if let chart = AccuracyHTML.scoreChart(id: "job-score", evaluations: evaluations, label: \.image) {
            html += "<figure class=\"wide\">" + chart
                + "<figcaption>Entry F1 of each wine list, key-field accuracy of each receipt (higher is better).</figcaption></figure>"
        }
        html += "<figure class=\"wide\">" + AccuracyHTML.cerChart(id: "job-cer", evaluations: evaluations, label: \.image)
            + "<figcaption>Character error rate of each page against its full transcript, dot leaders included (lower is better).</figcaption></figure>"
        let calibration = ConfidenceCalibration(checks: checks)
        if calibration.count > 0 {
            html += "<figure>" + SVGChart.reliability(id: "job-calibration", title: "Match confidence calibration", calibration: calibration)
                + "<figcaption>Share of right catalogue answers by match confidence.</figcaption></figure>"
        }
        html += "</div>" + AccuracyHTML.imageTable(evaluations, link: { "#" + HTMLText.anchor("img-", $0.image) }, label: \.image)
        return html + "</section>"
    }

    func footer() -> String {
        "<footer>Decant review page. Entry boxes are in flattened-page pixels; confidences are calibrated probabilities "
            + "that the catalogue answer is right.</footer>"
    }
}
