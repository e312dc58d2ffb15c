import Evaluation

/// `OUT/index.html`: the run at a glance, a link to each job's page and, with ground truth, the
/// accuracy per image and per page shape with its charts. Built from the run's small summaries
/// only (never from pages), so a 300-image run costs no memory here.
public struct RunHTMLReport: Sendable {
    public var summary: RunSummary
    public var metrics: MetricsReport?
    /// Ground truth's verdict on each entry of the run, for the calibration chart.
    public var checks: [EntryVerdict]
    public var problems: [String]
    /// Report files beside index.html to link to (summary.json …).
    public var files: [String]
    /// Jobs whose page was written (a job whose reports failed to write gets no link).
    public var jobPages: Set<String>

    public init(summary: RunSummary, metrics: MetricsReport? = nil, checks: [EntryVerdict] = [], problems: [String] = [],
                files: [String] = [], jobPages: Set<String>? = nil) {
        self.summary = summary
        self.metrics = metrics
        self.checks = checks
        self.problems = problems
        self.files = files
        self.jobPages = jobPages ?? Set(summary.jobs.map(\.name))
    }

    public func render() -> String {
        HTMLPage.document(title: "Decant run — \(summary.inbox)",
                          body: header() + "<main id=\"main\">" + jobsSection() + accuracySection() + problemsSection()
                            + settingsSection() + "</main><footer>Decant \(HTMLText.escape(summary.decantVersion)), "
                            + "Tesseract \(HTMLText.escape(summary.tesseractVersion)).</footer>")
    }

    func jobLink(_ job: String, anchor: String = "") -> String {
        HTMLText.url("\(job)/index.html") + anchor
    }

    func header() -> String {
        let s = summary
        var html = "<header class=\"top\"><p class=\"crumbs\">Decant run</p><h1>\(HTMLText.escape(s.inbox))</h1>"
        html += "<p class=\"facts\">\(s.jobs.count) job\(s.jobs.count == 1 ? "" : "s") · "
            + "\(HTMLText.fixed(s.wallClockMS / 1000, decimals: 1)) s wall clock</p>"
        if !files.isEmpty {
            html += "<nav class=\"files\" aria-label=\"Report files\">"
                + files.map { "<a href=\"\(HTMLText.url($0))\">\(HTMLText.escape($0))</a>" }.joined() + "</nav>"
        }
        html += "</header>"
        return html
    }

    func tiles() -> String {
        let s = summary
        var tiles: [(String, String)] = [
            ("\(s.images)", "images"), ("\(s.failedImages)", "failed"), ("\(s.entries)", "entries and items"),
            (s.entries > 0 ? HTMLText.percent(Double(s.matchedEntries) / Double(s.entries)) : "—", "matched"),
        ]
        if let m = metrics?.corpus.metrics {
            if let v = m[Metric.entryF1] { tiles.append((HTMLText.percent(v), "entry F1")) }
            if let v = m[Metric.receiptKeyAccuracy] { tiles.append((HTMLText.percent(v), "receipt keys")) }
        }
        return "<div class=\"tiles\">" + tiles.map { "<div class=\"tile\"><b>\(HTMLText.escape($0.0))</b><span>\($0.1)</span></div>" }.joined()
            + "</div>"
    }

    func jobsSection() -> String {
        var html = "<section class=\"card\" aria-labelledby=\"h-jobs\"><h2 id=\"h-jobs\">Jobs</h2>" + tiles()
        let perJob = metrics?.jobs ?? [:]
        html += "<div class=\"table-wrap\"><table><caption>Each job's page shows its pages with the entry boxes and the entry table.</caption>"
            + "<thead><tr><th scope=\"col\">Job</th><th scope=\"col\" class=\"num\">Images</th><th scope=\"col\" class=\"num\">Failed</th>"
            + "<th scope=\"col\" class=\"num\">Entries</th><th scope=\"col\" class=\"num\">Matched</th>"
            + "<th scope=\"col\" class=\"num\">Entry F1</th><th scope=\"col\" class=\"num\">Receipt keys</th>"
            + "<th scope=\"col\" class=\"num\">Image time</th></tr></thead><tbody>"
        for job in summary.jobs {
            let name = HTMLText.escape(job.name)
            let m = perJob[job.name]?.metrics
            html += "<tr><th scope=\"row\">" + (jobPages.contains(job.name) ? "<a href=\"\(jobLink(job.name))\">\(name)</a>" : name) + "</th>"
                + "<td class=\"num\">\(job.images)</td><td class=\"num\">\(job.failedImages > 0 ? "<span class=\"off\">\(job.failedImages)</span>" : "0")</td>"
                + "<td class=\"num\">\(job.entries)</td><td class=\"num\">\(job.matchedEntries)</td>"
                + "<td class=\"num\">\(HTMLText.percent(m?[Metric.entryF1]))</td><td class=\"num\">\(HTMLText.percent(m?[Metric.receiptKeyAccuracy]))</td>"
                + "<td class=\"num\">\(HTMLText.fixed(job.timingsMS.total / 1000, decimals: 1)) s</td></tr>"
        }
        return html + "</tbody></table></div></section>"
    }

    func accuracySection() -> String {
        guard let metrics, !metrics.images.isEmpty else { return "" }
        var html = "<section class=\"card\" aria-labelledby=\"h-accuracy\"><h2 id=\"h-accuracy\">Accuracy against ground truth</h2>"
        html += "<div class=\"charts\">"
        if let chart = AccuracyHTML.scoreChart(id: "run-score", evaluations: metrics.images, label: { "\($0.job)/\($0.image)" }) {
            html += "<figure class=\"wide\">" + chart
                + "<figcaption>Entry F1 of each wine list, key-field accuracy of each receipt (higher is better).</figcaption></figure>"
        }
        html += "<figure class=\"wide\">"
            + AccuracyHTML.cerChart(id: "run-cer", evaluations: metrics.images, label: { "\($0.job)/\($0.image)" })
            + "<figcaption>Character error rate of each image against its full transcript, dot leaders included (lower is better; shape in brackets).</figcaption></figure>"
        if let chart = AccuracyHTML.f1Chart(id: "run-f1-shape", report: metrics) {
            html += "<figure>" + chart + "<figcaption>Entry F1 pooled per page shape.</figcaption></figure>"
        }
        let calibration = ConfidenceCalibration(checks: checks)
        html += "<figure>" + SVGChart.reliability(id: "run-calibration", title: "Match confidence calibration", calibration: calibration)
            + "<figcaption>Share of right catalogue answers per match-confidence bin; a calibrated matcher follows the diagonal.</figcaption></figure>"
        html += "</div><h3>By scope</h3>" + AccuracyHTML.scopeTable(metrics, includeJobs: true)
        html += "<h3>By image</h3>" + AccuracyHTML.imageTable(metrics.images,
                                                              link: { jobLink($0.job, anchor: "#" + HTMLText.anchor("img-", $0.image)) },
                                                              label: { "\($0.job)/\($0.image)" })
        if !metrics.problems.isEmpty {
            html += "<h3>Ground truth not read</h3><ul>" + metrics.problems.map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ul>"
        }
        return html + "</section>"
    }

    func problemsSection() -> String {
        guard !problems.isEmpty else { return "" }
        return "<section class=\"card\" aria-labelledby=\"h-problems\"><h2 id=\"h-problems\">Problems</h2><ul class=\"warn-list\">"
            + problems.map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ul></section>"
    }

    func settingsSection() -> String {
        let pairs = summary.settings.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }
        return "<section class=\"card\" aria-labelledby=\"h-settings\"><h2 id=\"h-settings\">Settings</h2>"
            + JobHTMLReport.definitions(pairs.map { ($0.key, $0.value) }) + "</section>"
    }
}
