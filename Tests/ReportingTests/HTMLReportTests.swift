import Catalogue
import Entries
import Evaluation
import Foundation
import Imaging
import StepTrace
import Testing
@testable import Reporting

@Suite struct HTMLReportTests {
    static let hostile = "</script><script>alert(1)</script> \"><img src=x onerror=alert(2)> & 'quoted'"

    static func entry(_ text: String, image: String = "menu.jpg", line: Int, box: PixelRect, match: MatchResult?,
                      insight: EntryInsight? = nil, prices: [Price] = [Price(amount: 48, column: .bottle)], ocr: Double = 91) -> EntryRecord {
        let wine = WineEntry(firstLine: line, lastLine: line, rawText: text, box: box, name: text, vintage: .year(2015),
                             prices: prices, currency: "€", ocrConfidence: ocr)
        return EntryRecord(job: "bistro", image: image, entry: wine, match: match, insight: insight)
    }

    static let sure = MatchResult(best: MatchCandidate(wineID: "w-1", name: "Château Margaux", vintage: .year(2015), score: 0.9),
                                  alternatives: [MatchCandidate(wineID: "w-2", name: "Pavillon Rouge", vintage: nil, score: 0.4)],
                                  confidence: 0.93, type: .exact)
    static let unsure = MatchResult(best: MatchCandidate(wineID: "w-3", name: "Barolo", vintage: nil, score: 0.5),
                                    confidence: 0.31, type: .vintageVariant)

    static func page(_ image: String = "menu.jpg", entries: [EntryRecord]) -> PageResult {
        var record = PageRecord(image: image, job: "bistro")
        record.kind = .winelist
        record.width = 2000
        record.height = 3000
        record.flattenedWidth = 1800
        record.flattenedHeight = 2400
        record.flatten = FlattenReport(method: .imageOnly, reason: "no depth")
        record.flatten?.steps[.angle] = "1.5°"
        record.preview = PagePreview(path: PagePreview.relativePath(for: image), width: 1050, height: 1400)
        record.lineCount = 40
        record.entryCount = entries.count
        return PageResult(record: record, text: "text", entries: entries)
    }

    static var samplePage: PageResult {
        page(entries: [
            entry("Ch. Margaux 2015 48", line: 3, box: PixelRect(x: 100, y: 200, width: 900, height: 40), match: sure,
                  insight: EntryInsight(score: 96, drinkFrom: 2022, drinkTo: 2040, drinkStatus: .ready, value: 2, bestValue: true,
                                        fitsBudget: .bottle)),
            entry(hostile, line: 7, box: PixelRect(x: 100, y: 400, width: 700, height: 40), match: .noMatch, ocr: 55),
            entry("Barolo 2016 120", line: 9, box: PixelRect(x: 120, y: 600, width: 800, height: 44), match: unsure,
                  insight: EntryInsight(score: 89, drinkFrom: 2028, drinkStatus: .tooYoung)),
        ])
    }

    @Test func theWindowSaysWhereItComesFrom() {
        func source(_ s: String?) -> String? {
            Self.entry("x", line: 0, box: PixelRect(x: 0, y: 0, width: 1, height: 1), match: nil,
                       insight: EntryInsight(drinkWindowSource: s)).drinkSourceText
        }
        #expect(source("catalogue") == "catalogue")
        #expect(source("style:barolo-barbaresco") == "estimated from style barolo-barbaresco")
        #expect(source("style:bordeaux-cru/premium") == "estimated from style bordeaux-cru, top price tier")
        #expect(source("non-vintage") == "non-vintage: sold ready")
        #expect(source(nil) == nil)
    }

    @Test func theirPriceSortsWinesSoldOnlyByTheGlass() {
        let glassOnly = Self.entry("Chablis 2015 12", line: 3, box: PixelRect(x: 100, y: 200, width: 900, height: 40), match: nil,
                                   prices: [Price(amount: 12, column: .glass)])
        let html = JobHTMLReport(job: "bistro", pages: [Self.page(entries: [glassOnly])]).render()
        #expect(html.contains("<td data-v=\"12\">€12 glass</td>"))
    }

    @Test func escapingCoversMarkupQuotesAndControls() {
        #expect(HTMLText.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(HTMLText.escape("a\u{0}b\u{1B}c\td\ne") == "a\u{FFFD}b\u{FFFD}c\td\ne")
        #expect(HTMLText.url("pages/menu #2?.jpg.jpg") == "pages/menu%20%232%3F.jpg.jpg")
        #expect(HTMLText.url("a\"b/<c>%.jpg") == "a%22b/%3Cc%3E%25.jpg")
        #expect(HTMLText.anchor("img-", "menu.jpg") == "img-menu_2Ejpg")
        #expect(HTMLText.anchor("img-", "a b.jpg") != HTMLText.anchor("img-", "a_b.jpg"))
        #expect(HTMLText.anchor("img-", "é\"<.jpg").allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) })
        #expect(HTMLText.percent(0.1234) == "12.3%")
        #expect(HTMLText.percent(.infinity) == "∞")
        #expect(HTMLText.fixed(-0.004, decimals: 2) == "0.00")
        #expect(HTMLText.fixed(2.5, decimals: 0) == "3")
    }

    @Test func textFromThePhotoCannotInjectMarkup() throws {
        var hostilePage = Self.samplePage
        hostilePage.record.image = "a\"><script>alert(3)</script>.jpg"
        hostilePage.record.warnings = [Self.hostile]
        // Step names are typed; a detail may hold anything.
        hostilePage.record.flatten?.steps[.angle] = Self.hostile
        let html = JobHTMLReport(job: "job<script>", pages: [hostilePage], files: ["entries.csv"], runPage: "../index.html").render()
        // One script element: the page's own, at the end.
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(html.components(separatedBy: "</script>").count == 2)
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("onerror=alert(2)>"))
        #expect(html.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"))
        // The image name cannot close the attribute it is placed in.
        let script = try #require(html.range(of: "<script nonce=")).lowerBound
        let markup = String(html[..<script])
        #expect(!markup.contains("=\"a\"><"))
        // Nothing but the page's own script may run, and nothing refers to the network.
        #expect(markup.contains("script-src 'nonce-"))
        #expect(!markup.contains("http:") && !markup.contains("https:"))
    }

    @Test func jobPageHoldsEveryEntryWithItsBoxDetailAndFilterFacts() {
        let html = JobHTMLReport(job: "bistro", pages: [Self.samplePage], budget: 60).render()
        for k in 1...3 {
            #expect(html.contains("id=\"r-e1-\(k)\""))
            #expect(html.contains("id=\"b-e1-\(k)\""))
            #expect(html.contains("id=\"d-e1-\(k)\""))
        }
        // Boxes are drawn in flattened-page pixels over a preview of any size.
        #expect(html.contains("viewBox=\"0 0 1800 2400\""))
        #expect(html.contains("<rect x=\"100\" y=\"200\" width=\"900\" height=\"40\"/>"))
        #expect(html.contains("src=\"pages/menu.jpg.jpg\" width=\"1050\" height=\"1400\""))
        #expect(html.contains("alt=\"Flattened page of menu.jpg with 3 entry boxes drawn over it\""))
        // Box colour follows match confidence.
        #expect(html.contains("id=\"b-e1-1\" class=\"box high\""))
        #expect(html.contains("id=\"b-e1-2\" class=\"box none\""))
        #expect(html.contains("id=\"b-e1-3\" class=\"box low\""))
        // The facts the filters test.
        #expect(html.contains("id=\"r-e1-1\" data-id=\"e1-1\" data-score=\"96\" data-drink=\"ready\" data-best=\"1\" data-bottle=\"48\" data-glass=\"\" data-fits=\"bottle\" data-matched=\"1\" data-low=\"0\""))
        #expect(html.contains("id=\"r-e1-2\" data-id=\"e1-2\" data-score=\"\" data-drink=\"\" data-best=\"0\" data-bottle=\"48\" data-glass=\"\" data-fits=\"\" data-matched=\"0\" data-low=\"1\""))
        #expect(html.contains("data-matched=\"1\" data-low=\"1\" data-colour=\"\" data-kind=\"wine\""))
        #expect(html.contains("value=\"60\""))
        // Filters are buttons with a pressed state; the table has column headers that sort.
        for filter in ["score90", "ready", "best-value", "budget", "unmatched", "low-confidence"] {
            #expect(html.contains("<button type=\"button\" class=\"filter\" data-filter=\"\(filter)\" aria-pressed=\"false\">"))
        }
        #expect(html.contains("<th scope=\"col\" aria-sort=\"none\"><button type=\"button\">Raw text</button></th>"))
        // The detail names the match, its alternatives and the flattening diagnostics.
        #expect(html.contains("<dt>Catalogue id</dt><dd>w-1</dd>"))
        #expect(html.contains("Pavillon Rouge"))
        #expect(html.contains("<dt>Method</dt><dd>image-only</dd>"))
        #expect(html.contains("<dt>angle</dt><dd>1.5°</dd>"))
        #expect(html.contains("<dt>Drink</dt><dd>ready (2022–2040)</dd>"))
    }

    @Test func groundTruthMarksEntriesAndFeedsTheCalibration() {
        let page = Self.samplePage
        let truth = GroundTruth(kind: .winelist, lines: [], entries: [
            GroundTruth.Entry(text: "Ch. Margaux 2015 48", catalogueID: "w-1"),
            GroundTruth.Entry(text: "Barolo 2016 120", catalogueID: "w-9"),
        ])
        let checks = EntryVerdict.checks(page: page, truth: truth)
        #expect(checks.count == 3)
        #expect(checks[0].entry == 0 && checks[0].matchCorrect == true && checks[0].truthCatalogueID == "w-1")
        #expect(checks[1].entry == 1 && checks[1].matchCorrect == nil && checks[1].truthText == nil)
        #expect(checks[2].entry == 2 && checks[2].matchCorrect == false && checks[2].confidence == 0.31)
        let html = JobHTMLReport(job: "bistro", pages: [page], checks: checks).render()
        #expect(html.contains("✓ right"))
        #expect(html.contains("✗ wrong"))
        #expect(html.contains(">extra</span>"))
    }

    @Test func calibrationBinsByConfidenceAndMeasuresTheGap() {
        func check(_ confidence: Double, _ right: Bool) -> EntryVerdict {
            EntryVerdict(job: "j", image: "i", entry: 0, truthText: "t", truthCatalogueID: nil, matchCorrect: right, confidence: confidence)
        }
        let checks = [check(0.95, true), check(0.91, true), check(0.99, false), check(0.12, false), check(0.18, true),
                      EntryVerdict(job: "j", image: "i", entry: 1, truthText: nil, truthCatalogueID: nil, matchCorrect: nil, confidence: 0.5),
                      check(1.0, true)]
        let calibration = ConfidenceCalibration(checks: checks)
        #expect(calibration.count == 6)
        #expect(calibration.bins.map(\.count) == [2, 4])
        #expect(calibration.bins[0].lower == 0.1 && calibration.bins[0].accuracy == 0.5)
        #expect(calibration.bins[1].lower == 0.9 && calibration.bins[1].accuracy == 0.75)
        let mean0 = (0.12 + 0.18) / 2, mean1 = (0.95 + 0.91 + 0.99 + 1.0) / 4
        let ece = (2 * abs(mean0 - 0.5) + 4 * abs(mean1 - 0.75)) / 6
        #expect(abs(calibration.expectedError - ece) < 1e-12)
        let svg = SVGChart.reliability(id: "c", title: "Calibration", calibration: calibration)
        #expect(svg.contains("role=\"img\" aria-labelledby=\"c-t c-d\""))
        #expect(svg.components(separatedBy: "<g class=\"bin\">").count == 3)
    }

    @Test func barsClipAtTheTopAndWriteTheirValue() {
        let svg = SVGChart.bars(id: "cer", title: "CER", description: "d",
                                bars: [.init(label: "a.jpg", value: 0.05), .init(label: "b.jpg", value: .infinity),
                                       .init(label: "c.jpg", value: 0.5)], maxValue: 0.1)
        // Short labels take the narrowest label column (60), leaving 720 − 60 − 130 = 530 for the
        // bars: half the top value is half the plot, over the top is all of it.
        #expect(svg.contains("<rect x=\"60\" y=\"29\" width=\"265\""))
        #expect(svg.contains("<rect x=\"60\" y=\"51\" width=\"530\""))
        #expect(svg.contains("<rect x=\"60\" y=\"73\" width=\"530\""))
        #expect(svg.contains(">∞</text>"))
        #expect(svg.contains(">50.0%+</text>"))
    }

    @Test func aPageIsScoredByEntriesOrKeyFields() {
        func evaluation(kind: String, entries: EntryCounts?, receipt: ReceiptCounts?) -> ImageEvaluation {
            ImageEvaluation(job: "j", image: "p.jpg", truth: "p.gt.json", truthFormat: .decant, kind: kind, shape: nil,
                            layout: nil, flatten: nil, failed: false,
                            text: TextMetrics(characterErrors: 65, nCharacters: 100, wordErrors: 0, nWords: 20,
                                              wordBag: WordBagCounts(hits: 20, truth: 20, recognized: 20)),
                            entries: entries, receipt: receipt)
        }
        var all = EntryCounts()
        all.detected = 8; all.truth = 8; all.matched = 8
        // Every entry right beside a CER of 65 %: the page scores 100 %.
        let list = AccuracyHTML.headlineScore(evaluation(kind: "winelist", entries: all, receipt: nil))
        #expect(list?.value == 1 && list?.measure == "entry F1")
        #expect(AccuracyHTML.headlineScore(evaluation(kind: "winelist", entries: nil, receipt: nil)) == nil)
    }

    @Test func runPageLinksJobsAndDrawsTheAccuracyCharts() {
        func evaluation(_ job: String, _ image: String, shape: String, errors: Int, entries: EntryCounts) -> ImageEvaluation {
            ImageEvaluation(job: job, image: image, truth: "\(image).gt.json", truthFormat: .decant, kind: "winelist", shape: shape,
                            layout: "one-column", flatten: "none", failed: false,
                            text: TextMetrics(characterErrors: errors, nCharacters: 100, wordErrors: 1, nWords: 20,
                                              wordBag: WordBagCounts(hits: 19, truth: 20, recognized: 20)),
                            entries: entries)
        }
        var counts = EntryCounts()
        counts.detected = 10; counts.truth = 10; counts.matched = 9
        let metrics = MetricsReport(images: [evaluation("lists/a b", "p#1.jpg", shape: "flat", errors: 1, entries: counts),
                                             evaluation("lists/a b", "p2.jpg", shape: "curl", errors: 12, entries: counts)])
        let job = JobSummary(name: "lists/a b", images: 2, failedImages: 0, entries: 20, matchedEntries: 15, timingsMS: StageTimings())
        let summary = RunSummary(decantVersion: "0", tesseractVersion: "5", inbox: "Corpus", settings: ["kind": "auto"],
                                 jobs: [job], wallClockMS: 1200)
        let html = RunHTMLReport(summary: summary, metrics: metrics, files: ["summary.json"]).render()
        #expect(html.contains("<a href=\"lists/a%20b/index.html\">lists/a b</a>"))
        #expect(html.contains("href=\"lists/a%20b/index.html#img-p_231_2Ejpg\""))
        #expect(html.contains("id=\"run-cer\""))
        #expect(html.contains("id=\"run-score\""))
        #expect(html.contains("id=\"run-f1-shape\""))
        // The headline tiles are the scores a reader judges by, not the character error rate.
        let tiles = RunHTMLReport(summary: summary, metrics: metrics).tiles()
        #expect(tiles.contains("<span>entry F1</span>") && !tiles.contains("CER"))
        #expect(html.contains("id=\"run-calibration\""))
        #expect(html.contains("<th scope=\"row\">shape curl</th>"))
        #expect(html.contains("12.0%"))
        #expect(!RunHTMLReport(summary: summary).render().contains("id=\"run-cer\""))
        #expect(!RunHTMLReport(summary: summary).render().contains("id=\"run-score\""))
        #expect(JobHTMLReport.runPage(forJob: "lists/a b") == "../../index.html")
    }

    @Test func previewShrinksTheFlattenedPageAndNeverEnlargesIt() throws {
        let folder = NSTemporaryDirectory() + "decant-preview-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var big = Raster(width: 2800, height: 2100, channels: 1, fill: 240)
        for x in 0..<2800 where x % 40 < 20 { for y in 1000..<1100 { big.pixels[y * 2800 + x] = 10 } }
        let preview = try PagePreview.write(big, image: "menu #1.jpg", jobDirectory: folder)
        #expect(preview == PagePreview(path: "pages/menu #1.jpg.jpg", width: 1400, height: 1050))
        let loaded = try ImageLoader.load(path: "\(folder)/\(preview.path)")
        #expect(loaded.raster.width == 1400 && loaded.raster.height == 1050)
        // The stripes survive: a dark pixel inside a stripe, a light one outside.
        #expect(loaded.raster[5, 525] < 60 && loaded.raster[15, 525] > 180)
        let small = try PagePreview.write(Raster(width: 300, height: 400, channels: 3, fill: 200), image: "slip.png", jobDirectory: folder)
        #expect(small.width == 300 && small.height == 400)
    }
}
