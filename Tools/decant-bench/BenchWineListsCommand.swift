import Documents
import ArgumentParser
import DecantCLI
import Evaluation
import Foundation
import Jobs
import Pipeline
import Recognition

/// `decant-bench winelists`: real restaurants' lists (PDFs, renders, photos) read by the whole pipeline
/// and scored by their entries, paired as the shared set's `score_winelist.py` pairs them: per list and
/// pooled (micro-averages), all lists and by kind.
struct BenchWineListsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "winelists",
        abstract: "Entry recall, precision, price and vintage accuracy on real wine lists with ground truth (NAME.gt.json).",
        discussion: """
        Runs `decant run` over DATA (each list beside its NAME.gt.json in the shared lists' format) into OUT, or \
        reads the metrics.json of an earlier run (--reports), and prints the table. --photographed reads the \
        lists' pages photographed by decant synth's camera instead (generated once into --photos). Prices: the share of paired \
        entries whose whole price set is right; highest price: whose highest true price was found; vintage: over \
        paired entries whose truth prints one.
        """)

    @Option(name: .long, help: "Folder of lists with their ground truth.")
    var data: String = "../shared/data/winelists/docs"

    @Option(name: .long, help: "Output folder for the run's reports.")
    var out: String = "Reports/bench-winelists"

    @Option(name: .long, help: "Read the metrics.json of this earlier run instead of running.")
    var reports: String?

    @Option(name: .long, help: "Parallel workers.")
    var jobs: Int = RunOptions.defaultWorkers

    @Option(name: .long, help: "auto (default) or Tesseract languages joined by '+', as decant run --lang takes them.")
    var lang = "auto"

    @Option(name: .long, help: "PDF pages: auto, always or never read from their text layer.")
    var pdfText: PDFTextMode = .auto

    @Option(name: .long, help: ArgumentHelp("Keep recognized pages in this folder and reuse them: parsing changes re-run without OCR (use with --force or a fresh --out).", valueName: "DIR"))
    var ocrCache: String?

    @Option(name: .long, help: ArgumentHelp("Print the rows and entries the parser made of one list (a PDF, or an image kept in --ocr-cache), and stop.", valueName: "FILE", visibility: .hidden))
    var explain: String?

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("With --explain: only these pages.", visibility: .hidden))
    var page: [Int] = []

    @Option(name: .long, help: "Recognizer, as decant run --engine takes it.")
    var engine: EngineOption = .auto

    @Option(name: .customLong("set"), help: "Any result-shaping setting path=value (repeatable), for tuning: flatten.lists.rectifier.toneCurve=2, read.ppocr.unclipRatio=1.8.")
    var settingPaths: [String] = []

    @Flag(name: .long, help: "Read every list again (do not reuse an earlier run's pages in OUT).")
    var force = false

    @Flag(name: .long, help: "Read the lists' pages as a phone photographs them: each page their truth covers, photographed by decant synth's camera (a mild and a hard variant) into --photos, with the page's truth.")
    var photographed = false

    @Option(name: .long, help: ArgumentHelp("With --photographed: the folder the photos are written to once and reused from.", valueName: "DIR"))
    var photos: String = "Reports/photographed-lists"

    @Option(name: .long, help: "With --photographed: the photos' random seed.")
    var seed: UInt64 = 1

    func run() throws {
        if let explain {
            do { print(try BenchWineListsExplain.explain(file: explain, ocrCache: ocrCache, pages: page.isEmpty ? nil : page)) } catch {
                throw ValidationError("\(error)")
            }
            return
        }
        let folder = reports ?? out
        var data = self.data
        if photographed, reports == nil {
            do {
                let count = try PhotographedLists.make(from: data, into: photos, seed: seed)
                FileHandle.standardError.write(Data("decant-bench: \(count) photographed pages in \(photos)\n".utf8))
            } catch { throw ValidationError("--photographed: \(error)") }
            data = photos
        }
        if reports == nil {
            var settings = RunSettings(kind: .winelist)
            settings.read.setLanguages(lang)
            settings.load.pdfText = pdfText
            settings.aids.ocrCache = ocrCache
            settings.read.engine = engine
            for path in settingPaths {
                do { try settings.set(path) } catch { throw ValidationError("--set \(error)") }
            }
            var options = RunOptions(inbox: data, output: out, workers: jobs, settings: settings, progress: .automatic, html: false)
            options.cache = ResultCache(output: out, fingerprint: RunFingerprint.make(settings: settings, engines: settings.engineFingerprint))
            options.force = force
            try BenchRun.run(options)
        }
        let metrics: MetricsReport
        do { metrics = try MetricsReport.load(path: "\(folder)/metrics.json") } catch { throw ValidationError(error.message) }
        guard let lists = metrics.lists, !lists.isEmpty else { throw ValidationError("\(folder)/metrics.json: no wine list was scored") }
        print(Self.table(lists))
    }

    static func table(_ lists: [ListEvaluation]) -> String {
        func pct(_ x: Double) -> String { String(format: "%.3f", x) }
        func row(_ name: String, _ kind: String, _ c: ListCounts) -> String {
            "| \(name) | \(kind) | \(c.truth) | \(c.predicted) | \(c.paired) | \(pct(c.recall)) | \(pct(c.precision)) "
                + "| \(pct(c.priceSetAccuracy)) | \(pct(c.highestPriceAccuracy)) | \(pct(c.vintageAccuracy)) (\(c.vintagesTruth)) |"
        }
        var out = "| list | kind | truth | found | paired | recall | precision | prices | highest price | vintage (n) |\n"
        out += "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for list in lists { out += row(list.file, list.kind ?? "", list.counts) + "\n" }
        let pdfs = lists.filter { $0.file.lowercased().hasSuffix(".pdf") }, others = lists.filter { !$0.file.lowercased().hasSuffix(".pdf") }
        // Photographed pages (`--photographed`): pooled by variant too.
        let variants = PhotographedLists.variants.map { variant in
            ("**pooled, \(variant.name) photos**", lists.filter { ($0.file as NSString).deletingPathExtension.hasSuffix("-\(variant.name)") })
        }
        for (name, group) in [("**pooled, PDFs**", pdfs), ("**pooled, images**", others)] + variants + [("**pooled, all**", lists)]
        where !group.isEmpty {
            out += row(name, "\(group.count) lists", group.map(\.counts).reduce(ListCounts(), +)) + "\n"
        }
        return out
    }
}
