import Catalogue
import DecantTestSupport
import Entries
import Foundation
import Imaging
import Reporting
import Synchronization
import Testing

/// Opens the HTML review report of a real `decant run` over Corpus/smoke in headless Chromium:
/// the page renders (the screenshot is not blank and shows the entry boxes), the DOM holds every
/// entry of the job, and clicking filters changes which rows are visible.
@Suite(.serialized, SharedSmokeRun.Scope()) struct ReviewReportBrowserTests {
    let scratch = TemporaryFolder("decant-e2e")

    struct EntriesFile: Decodable {
        var entries: [EntryRecord]
    }

    /// Rows of the entry table in a dumped DOM: id and whether the script hid it.
    static func rows(_ dom: String) -> [(id: String, hidden: Bool)] {
        dom.components(separatedBy: "<tr id=\"r-").dropFirst().map { chunk in
            let tag = chunk.prefix { $0 != ">" }
            return (String(tag.prefix { $0 != "\"" }), tag.contains(" hidden=\"\""))
        }
    }

    static func visible(_ dom: String) -> Set<String> { Set(rows(dom).filter { !$0.hidden }.map(\.id)) }

    /// Entry boxes the script dimmed.
    static func dimmedBoxes(_ dom: String) -> Set<String> {
        Set(dom.components(separatedBy: " id=\"b-").dropFirst().compactMap { chunk in
            let tag = chunk.prefix { $0 != ">" }
            return tag.contains(" dim\"") ? String(tag.prefix { $0 != "\"" }) : nil
        })
    }

    /// Text as Chromium serializes a text node.
    static func serialized(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\u{A0}", with: "&nbsp;")
    }

    @Test(.enabled(if: Chromium.available, "needs Debian's chromium (scripts/setup.sh installs it)"))
    func jobPageRendersHoldsTheEntriesAndFilters() throws {
        let out = try SharedSmokeRun.output()
        let job = out + "/smoke"
        let page = job + "/index.html"
        let entries = try JSONDecoder().decode(EntriesFile.self, from: try #require(FileManager.default.contents(atPath: job + "/entries.json"))).entries
        #expect(entries.count > 5, "the smoke job should have entries")

        // Every flattened page has its preview beside the report, shrunk to the preview size but
        // never enlarged (a small receipt crop stays as it is).
        let pagesJSON = try #require(FileManager.default.contents(atPath: job + "/pages.json"))
        let pages = try #require((try JSONSerialization.jsonObject(with: pagesJSON) as? [String: Any])?["pages"] as? [[String: Any]])
        for image in ["receipt-0002.jpg", "winelist-0000.jpg", "winelist-0001.jpg"] {
            let preview = try ImageLoader.load(path: job + "/" + PagePreview.relativePath(for: image))
            let record = try #require(pages.first { $0["image"] as? String == image }, "\(image) not in pages.json")
            let flatLonger = max(record["flattenedWidth"] as? Int ?? 0, record["flattenedHeight"] as? Int ?? 0)
            let expected = min(PagePreview.maxSide, flatLonger)
            #expect(abs(max(preview.raster.width, preview.raster.height) - expected) <= 1,
                    "\(image): preview \(preview.raster.width)x\(preview.raster.height), flattened page's longer side \(flatLonger)")
        }

        // The DOM holds every entry: a row, a box and a detail each, with its recognized text.
        let dom = try Chromium.dumpDOM(Chromium.url(page))
        let rows = Self.rows(dom)
        #expect(rows.count == entries.count)
        #expect(rows.allSatisfy { !$0.hidden })
        #expect(dom.contains("\(entries.count) of \(entries.count) entries shown"))
        for entry in entries {
            #expect(dom.contains(Self.serialized(entry.rawText)), "\(entry.rawText) is not on the page")
        }
        #expect(dom.components(separatedBy: "class=\"box ").count - 1 == entries.count)
        #expect(dom.components(separatedBy: "class=\"entry-detail\"").count - 1 == entries.count)

        // Filters: the browser clicks the buttons named in the URL; the visible rows are exactly
        // the entries the filter describes.
        let ids = rows.map(\.id)
        let unmatched = Set(zip(ids, entries).filter { $0.1.isUnmatched }.map(\.0))
        let unsure = Set(zip(ids, entries).filter { $0.1.isLowConfidence }.map(\.0))
        #expect(!unmatched.isEmpty && unmatched.count < entries.count, "smoke should have both matched and unmatched entries")

        let filtered = try Chromium.dumpDOM(Chromium.url(page, query: "filter=unmatched"))
        #expect(Self.visible(filtered) == unmatched)
        #expect(filtered.contains("data-filter=\"unmatched\" aria-pressed=\"true\""))
        #expect(filtered.contains("\(unmatched.count) of \(entries.count) entries shown"))
        // Boxes of the rows filtered out are dimmed, the others not.
        #expect(Self.dimmedBoxes(filtered) == Set(ids).subtracting(unmatched))

        let both = try Chromium.dumpDOM(Chromium.url(page, query: "filter=unmatched,low-confidence"))
        #expect(Self.visible(both) == unmatched.intersection(unsure))

        // A screenshot: the page is drawn (not one flat colour), in the report's colours, with the
        // entry boxes over the first page.
        let shot = scratch.file("job.png")
        try Chromium.screenshot(Chromium.url(page), to: shot, height: 3200)
        let raster = try ImageLoader.load(path: shot).raster
        #expect(raster.width == 1280)
        let stats = ScreenshotStats(raster)
        #expect(stats.nonBackgroundShare > 0.05, "screenshot is nearly blank (\(stats.nonBackgroundShare))")
        #expect(stats.count(near: (0x7b, 0x1e, 0x3a)) > 10_000, "header colour missing: the stylesheet did not apply")
        let boxPixels = [(0x1a, 0x7f, 0x37), (0xb7, 0x79, 0x1f), (0xc6, 0x28, 0x28), (0x6e, 0x40, 0xc9)].map { stats.count(near: $0) }
        #expect(boxPixels.reduce(0, +) > 200, "no entry boxes drawn (\(boxPixels))")
        #expect(stats.distinctColours > 200, "screenshot has too few colours for a photo (\(stats.distinctColours))")
    }

    @Test(.enabled(if: Chromium.available, "needs Debian's chromium (scripts/setup.sh installs it)"))
    func runPageLinksTheJobAndDrawsItsCharts() throws {
        let out = try SharedSmokeRun.output()
        let dom = try Chromium.dumpDOM(Chromium.url(out + "/index.html"))
        #expect(dom.contains("<a href=\"smoke/index.html\">smoke</a>"))
        for chart in ["run-score", "run-cer", "run-f1-shape", "run-calibration"] {
            #expect(dom.contains("id=\"\(chart)\""), "\(chart) chart missing")
        }
        #expect(dom.contains("smoke/index.html#img-winelist-0001_2Ejpg"))
        let shot = scratch.file("run.png")
        try Chromium.screenshot(Chromium.url(out + "/index.html"), to: shot)
        let stats = ScreenshotStats(try ImageLoader.load(path: shot).raster)
        #expect(stats.nonBackgroundShare > 0.05, "screenshot is nearly blank (\(stats.nonBackgroundShare))")
    }

    /// Text no OCR would read cleanly, rendered into a page: the browser must show it as text.
    @Test(.enabled(if: Chromium.available, "needs Debian's chromium (scripts/setup.sh installs it)"))
    func hostileEntryTextStaysText() throws {
        let payload = "<img src=x onerror=\"document.title='pwned'\"><script>document.title='pwned'</script>"
        let wine = WineEntry(firstLine: 0, lastLine: 0, rawText: payload, box: PixelRect(x: 10, y: 10, width: 200, height: 30),
                             name: payload, ocrConfidence: 80)
        var record = PageRecord(image: "x\"><script>document.title='pwned'</script>.jpg", job: "j")
        record.flattenedWidth = 400
        record.flattenedHeight = 300
        record.warnings = [payload]
        let entry = EntryRecord(job: "j", image: record.image, entry: wine, match: nil)
        let html = JobHTMLReport(job: payload, pages: [PageResult(record: record, text: payload, entries: [entry])]).render()
        try Data(html.utf8).write(to: URL(fileURLWithPath: scratch.file("index.html")))
        let dom = try Chromium.dumpDOM(Chromium.url(scratch.file("index.html")))
        #expect(!dom.contains("pwned</title>"))
        #expect(!dom.contains("<img src=\"x\""))
        #expect(dom.components(separatedBy: "<script").count == 2, "only the page's own script element")
        #expect(dom.contains(Self.serialized(payload)))
        #expect(Self.rows(dom).count == 1)
    }
}

/// One `decant run` over Corpus/smoke shared by the tests of a suite (a run takes a while in a debug
/// build), made when a test first asks for it. The suite's `Scope` holds it and lets it go after the
/// suite's last test, and the run's folder goes with it.
final class SharedSmokeRun: Sendable {
    @TaskLocal static var current: SharedSmokeRun?

    private let folder = TemporaryFolder("decant-e2e")
    private let outcome = Mutex<Result<String, Failure>?>(nil)

    /// The output folder of the suite's run.
    static func output() throws -> String {
        try #require(current, "the suite has no SharedSmokeRun.Scope trait").madeOnce().get()
    }

    private func madeOnce() -> Result<String, Failure> {
        outcome.withLock { outcome in
            let made = outcome ?? run()
            outcome = made
            return made
        }
    }

    private func run() -> Result<String, Failure> {
        let out = folder.file("out")
        do {
            let result = try DecantProcess.run(["run", Repository.root + "/Corpus/smoke", "--out", out, "--jobs", "1", "--quiet"])
            guard result.status == 0 else { return .failure(Failure("decant run exited \(result.status): \(result.stderr)")) }
            return .success(out)
        } catch {
            return .failure(Failure("decant run could not start: \(error)"))
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Runs a whole suite with one `SharedSmokeRun`.
    struct Scope: SuiteTrait, TestScoping {
        func provideScope(for test: Test, testCase: Test.Case?,
                          performing function: @Sendable () async throws -> Void) async throws {
            try await SharedSmokeRun.$current.withValue(SharedSmokeRun()) { try await function() }
        }
    }
}

/// Pixel statistics of a screenshot.
struct ScreenshotStats {
    let raster: Raster

    init(_ raster: Raster) { self.raster = raster }

    func rgb(_ i: Int) -> (Int, Int, Int) {
        raster.channels >= 3
            ? (Int(raster.pixels[i * raster.channels]), Int(raster.pixels[i * raster.channels + 1]), Int(raster.pixels[i * raster.channels + 2]))
            : (Int(raster.pixels[i]), Int(raster.pixels[i]), Int(raster.pixels[i]))
    }

    /// Share of pixels that differ from the most common colour.
    var nonBackgroundShare: Double {
        var counts: [Int: Int] = [:]
        for i in 0..<raster.pixelCount {
            let (r, g, b) = rgb(i)
            counts[(r << 16) | (g << 8) | b, default: 0] += 1
        }
        let background = counts.values.max() ?? 0
        return 1 - Double(background) / Double(max(raster.pixelCount, 1))
    }

    var distinctColours: Int {
        var seen = Set<Int>()
        for i in 0..<raster.pixelCount {
            let (r, g, b) = rgb(i)
            seen.insert((r << 16) | (g << 8) | b)
        }
        return seen.count
    }

    func count(near colour: (Int, Int, Int), tolerance: Int = 6) -> Int {
        var n = 0
        for i in 0..<raster.pixelCount {
            let (r, g, b) = rgb(i)
            if abs(r - colour.0) <= tolerance && abs(g - colour.1) <= tolerance && abs(b - colour.2) <= tolerance { n += 1 }
        }
        return n
    }
}
