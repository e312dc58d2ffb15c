import Pipeline
import Documents
import ArgumentParser
import Catalogue
import Entries
import Foundation
import Imaging
import Jobs
import Logging
import Recognition
import Evaluation
import Flattening

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Read every job (folder of images) in an inbox and write reports.",
        discussion: RunArguments.discussion)

    @OptionGroup var arguments: RunArguments

    func validate() throws { try arguments.check() }

    func run() throws { try arguments.execute() }
}

/// Everything `decant run` takes, as a group, so that a tool can run exactly the same way with
/// settings of its own on top (`decant-bench run` adds the tuning options).
public struct RunArguments: ParsableArguments {
    public static let discussion = """
        Every folder of INBOX that holds images is a job; images directly in INBOX form one job. \
        Sidecars by file name: NAME.depth.png (16-bit millimetres) or NAME.depth.tiff / NAME.depth.pfm (32-bit float \
        metres), NAME.camera.json (intrinsics), \
        NAME.gt.json or NAME.gt.txt (ground truth). Reports go to OUT/JOB/.
        """

    public init() {}

    @Argument(help: "Folder of jobs (or of images), or a single image.")
    var inbox: String

    @Option(name: .long, help: "Output folder for reports.")
    var out: String = "Reports"

    @Option(name: .long, help: "Parallel workers, each with its own Tesseract engine (default: number of cores).")
    var jobs: Int = RunOptions.defaultWorkers

    @Option(name: .long, help: "Wine catalogue (.json in Decant's format, or .tsv id/producer/wine/vintage/…). Default: the built-in catalogue.")
    var catalogue: String?

    @Option(name: .long, help: "Document kind: auto, winelist or receipt.")
    var kind: KindOption = .auto

    @Option(name: .long, help: "auto (default): each page read with eng, and again with its own language first (deu, nld, dan, spa, ita, fra, tur) when its words show one; or Tesseract languages joined by '+', e.g. eng or fra+eng, for every page. A job's decant-job.json \"languages\" wins.")
    var lang: String = "auto"

    @Option(name: .long, help: "Recognizer: auto (default) reads phone photos, depth photos, rendered PDF pages and receipts with PP-OCR (when installed, scripts/setup/ppocr.sh) and flat scans of lists with Tesseract, each the reader measured to win on that kind of page (docs/ppocr.md); photos reads only photographed pages and receipts with PP-OCR; tesseract or ppocr for every page.")
    var engine: EngineOption = .auto

    @Option(name: .long, help: "Tesseract page segmentation mode (3 auto, 4 single column, 6 block, 11 sparse). Default: 11 for wine lists (their columns and prices are read wherever they stand), 6 for receipts (amounts stay on their lines).")
    var psm: Int?

    @Option(name: .long, help: "Write each flattened page as PNG into this folder.")
    var saveFlattened: String?

    @Option(name: .long, help: "Refuse images that declare more pixels than this (decompression bombs); PDF pages are rendered no larger.")
    var maxPixels: Int = ImageLimits.default.maxPixels

    @Option(name: .long, help: "PDF pages: auto reads a page's own text layer when it can be trusted and renders and OCRs it otherwise; always takes the text layer whatever it looks like; never renders and OCRs every page.")
    var pdfText: PDFTextMode = .auto

    @Option(name: .long, help: "Refuse PDFs with more pages than this.")
    var maxPages: Int = PDFLimits.default.maxPages

    @Option(name: .long, help: "Extra abbreviations (TSV: abbreviation<TAB>expansion[<TAB>exact]).")
    var abbreviations: String?

    @Option(name: .long, help: "Extra countries, regions, grapes or cuvée words for the wine-list fields (TSV: kind<TAB>name[<TAB>canonical<TAB>country<TAB>region]).")
    var vocabulary: String?

    @Option(name: .long, help: "SQLite run history to record this run in and compare it with; changes go to OUT/JOB/changes.csv|json and OUT/changes-summary.json (default: OUT/history.sqlite).")
    var history: String?

    @Option(name: .long, help: "Run date YYYY-MM-DD: drinking windows and two-digit vintages are judged against it (default: today).")
    var asOf: String?

    @Option(name: .long, help: "Mark entries whose bottle (or else glass) price fits this amount.")
    var budget: Double?

    @Option(name: .long, help: "Report only entries whose matched wine scores at least this.")
    var minScore: Double?

    @Option(name: .long, help: "Report only entries of this colour (red, white, rose, sparkling, sweet, fortified).")
    var colour: String?

    @Flag(name: .long, help: "Report only entries in their drinking window on the run date (the catalogue's, else one estimated from the wine's style; non-vintage wines are ready).")
    var readyNow = false

    @Flag(name: .long, help: "Report only the best value (score per price) of each colour within each list.")
    var bestValue = false

    @Option(name: .long, help: ArgumentHelp("An exchange rate markup may use when a list's and a catalogue's currencies differ (repeatable): EUR/USD=1.08 is one euro for 1.08 dollars. None is looked up: without one, such entries have no markup.", valueName: "BASE/QUOTE=RATE"))
    var rate: [String] = []

    @Option(name: .long, help: ArgumentHelp("The currency of lists that print prices without one (USD, EUR, GBP …): markup needs the list's currency.", valueName: "CODE"))
    var listCurrency: String?

    @Option(name: .long, help: "How receipts' numeric dates are read: dmy (25/12/2018), mdy (12/25/2018) or auto (ambiguous dates like 03/04/2018 are reported with both readings, not guessed). A job folder's decant-job.json {\"dateOrder\": …} overrides it for that job.")
    var dateOrder: DateOrderOption = .auto

    @Option(name: .long, help: "Most OCR readings per receipt: a second one at Tesseract's preferred text size is made when the first does not add up (1: read once).")
    var receiptReadings: Int = 2

    @Flag(name: .long, help: "No HTML review report (OUT/index.html, OUT/JOB/index.html and the page previews in OUT/JOB/pages/).")
    var noHTML = false

    @Flag(name: .long, help: "No progress output.")
    var quiet = false

    @Option(name: .long, help: "Give up on an image after this many seconds (its worker is stopped and restarted).")
    var timeout: Double = 120

    @Flag(name: .long, help: "Read every image again, even those unchanged since the last run into this --out.")
    var force = false

    @Flag(name: .long, help: "Read images in this process instead of crash-isolated worker processes (debugging, valgrind).")
    var inProcess = false

    @Option(name: .long, help: ArgumentHelp("Read only part K of N of the images (K = 1…N), chosen by a stable hash of job and file name; combine the N output folders with `decant merge`. A shard records no history (the merge does).", valueName: "K/N"))
    var shard: String?

    @Flag(name: .long, help: "Do not record this run in the history database.")
    var noHistory = false

    @Flag(name: .long, help: ArgumentHelp("Serve images to a parent run over stdin/stdout (internal).", visibility: .hidden))
    var worker = false

    @Option(name: .long, help: "Log format: text, or json (one JSON line per image on stdout).")
    var logFormat: LogFormat = .text

    enum LogFormat: String, ExpressibleByArgument { case text, json }

    /// The checks of `validate()`, called by every command that takes this group.
    public func check() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        if let psm, PageSegmentation(rawValue: psm) == nil {
            throw ValidationError("--psm must be one of \(PageSegmentation.allCases.map(\.rawValue).map(String.init).joined(separator: ", "))")
        }
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive") }
        guard maxPages > 0 else { throw ValidationError("--max-pages must be positive") }
        if let asOf, Self.year(of: asOf) == nil { throw ValidationError("--as-of must be a date YYYY-MM-DD, got \"\(asOf)\"") }
        if let budget, budget <= 0 { throw ValidationError("--budget must be positive") }
        for r in rate where ExchangeRate(r) == nil {
            throw ValidationError("--rate must be BASE/QUOTE=RATE with two different currencies and a positive rate (EUR/USD=1.08), got \"\(r)\"")
        }
        if let listCurrency, listCurrency.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--list-currency must name a currency (USD, EUR, GBP …)")
        }
        if let colour, WineColour.known(colour) == nil {
            throw ValidationError("--colour must be one of red, white, rose, sparkling, sweet, fortified")
        }
        guard receiptReadings >= 1 else { throw ValidationError("--receipt-readings must be at least 1") }
        if let shard {
            guard Shard(argument: shard) != nil else {
                throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N (e.g. 1/4 … 4/4), got \"\(shard)\"")
            }
            if history != nil { throw ValidationError("--shard runs record no history: pass --history to `decant merge` instead") }
        }
    }

    /// The year of a YYYY-MM-DD date (month and day checked for range).
    public static func year(of date: String) -> Int? {
        let parts = date.split(separator: "-").map { Int($0) }
        guard parts.count == 3, let y = parts[0], let m = parts[1], let d = parts[2], date.count == 10,
              (1900...2200).contains(y), (1...12).contains(m), (1...31).contains(d) else { return nil }
        return y
    }

    /// Runs the inbox; `tuning` changes the settings before any image is read (tools only).
    public func execute(tuning: (inout RunSettings) throws -> Void = { _ in }) throws {
        let runYear = asOf.flatMap(Self.year(of:)) ?? FieldParser.currentYear
        var settings = RunSettings(kind: kind, runYear: runYear)
        do throws(EntriesError) {
            if let abbreviations { try settings.entries.useAbbreviations(abbreviations) }
            if let vocabulary { try settings.entries.useVocabulary(vocabulary) }
        } catch {
            throw ValidationError(error.description)
        }
        settings.insights = InsightOptions(year: runYear, budget: budget, minScore: minScore, colour: colour,
                                           readyNow: readyNow, bestValueOnly: bestValue,
                                           rates: rate.compactMap(ExchangeRate.init), listCurrency: listCurrency)
        settings.load = LoadSettings(limits: ImageLimits(maxPixels: maxPixels), pdfText: pdfText, maxPages: maxPages)
        settings.read.segmentation = psm.flatMap(PageSegmentation.init(rawValue:))
        settings.read.receiptReadings = receiptReadings
        settings.read.setLanguages(lang)
        settings.read.engine = engine
        settings.entries.dateOrder = dateOrder.order
        settings.outputs = RunOutputs(saveFlattened: saveFlattened, pagePreviews: noHTML ? nil : out)
        try tuning(&settings)
        if worker {
            do { try WorkerService.serve(settings: settings, cataloguePath: catalogue) } catch {
                FileHandle.standardError.write(Data("decant worker: \(error.message)\n".utf8))
                throw ExitCode(error.exitCode)
            }
            return
        }
        var options = RunOptions(inbox: inbox, output: out, workers: jobs, cataloguePath: catalogue, settings: settings,
                                 progress: quiet ? .quiet : (logFormat == .json ? .json : .automatic),
                                 historyPath: noHistory || shard != nil ? nil : (history ?? "\(out)/history.sqlite"), html: !noHTML)
        options.shard = shard.flatMap(Shard.init(argument:))
        if !inProcess {
            options.isolation = .processes(executable: RunFingerprint.executable,
                                           arguments: Array(CommandLine.arguments.dropFirst()) + ["--worker"], timeout: timeout)
        }
        options.cache = ResultCache(output: out, fingerprint: RunFingerprint.make(settings: settings, files: [catalogue].compactMap { $0 },
                                                                                   engines: settings.engineFingerprint))
        options.force = force
        // Said once per run, so an operator knows which recognizer read the night's photos.
        if !quiet && logFormat == .text { FileHandle.standardError.write(Data("decant: \(settings.engineSummary)\n".utf8)) }
        let outcome: RunOutcome
        do { outcome = try blocking { [options] in try await Runner(options: options).run() } } catch let error as RunError {
            FileHandle.standardError.write(Data("decant: \(error.message)\n".utf8))
            throw ExitCode(error.exitCode)
        }
        for problem in outcome.problems {
            FileHandle.standardError.write(Data("decant: \(problem)\n".utf8))
        }
        let s = outcome.summary
        if logFormat == .json {
            JSONLinesLogHandler.logger().info("run", metadata: [
                "images": .stringConvertible(s.images), "failed": .stringConvertible(s.failedImages),
                "entries": .stringConvertible(s.entries), "matched": .stringConvertible(s.matchedEntries),
                "ms": .stringConvertible(Int(s.wallClockMS)), "engine": .string(settings.engineSummary),
            ])
        } else if !quiet {
            print("\(s.jobs.count) job(s), \(s.images) image(s), \(s.failedImages) failed, \(s.entries) entries (\(s.matchedEntries) matched) in \(String(format: "%.1f", s.wallClockMS / 1000)) s → \(out)/")
            if !noHTML { print("review report → \(out)/index.html") }
            if let c = outcome.changes, c.recorded {
                print("\(c.totals.total) change(s) in \(c.jobsWithChanges) job(s), \(c.newJobs) new job(s) since the last run → \(out)/changes-summary.json")
            }
            if let metrics = outcome.metrics?.corpus.metrics {
                let parts = [("entry F1", Metric.entryF1), ("receipt keys", Metric.receiptKeyAccuracy), ("word-bag F1", Metric.wordBagF1),
                             ("CER", Metric.cerFolded)]
                    .compactMap { name, key in metrics[key].map { "\(name) \(String(format: "%.1f%%", $0 * 100))" } }
                print("accuracy on \(outcome.metrics?.images.count ?? 0) image(s) with ground truth: \(parts.joined(separator: ", ")) → \(out)/metrics.json")
            }
        }
        if outcome.exitCode != ExitStatus.success { throw ExitCode(outcome.exitCode) }
    }
}

extension KindOption: ExpressibleByArgument {}
extension EngineOption: ExpressibleByArgument {}
extension PDFTextMode: ExpressibleByArgument {}

/// `--date-order`: the spellings `DateOrder(argument:)` accepts.
public struct DateOrderOption: ExpressibleByArgument, Sendable {
    public var order: DateOrder
    public static let auto = DateOrderOption(order: .unspecified)

    public init(order: DateOrder) { self.order = order }

    public init?(argument: String) {
        guard let order = DateOrder(argument: argument) else { return nil }
        self.order = order
    }

    public static var allValueStrings: [String] { ["dmy", "mdy", "auto"] }
    public var defaultValueDescription: String { order.rawValue }
}
