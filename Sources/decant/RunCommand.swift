import ArgumentParser
import Entries
import Foundation
import Imaging
import Jobs
import Recognition

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Read every job (folder of images) in an inbox and write reports.",
        discussion: """
        Every folder of INBOX that holds images is a job; images directly in INBOX form one job. \
        Sidecars by file name: NAME.depth.png (16-bit millimetres), NAME.camera.json (intrinsics), \
        NAME.gt.json or NAME.gt.txt (ground truth). Reports go to OUT/JOB/.
        """)

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

    @Option(name: .long, help: "Tesseract languages joined by '+', e.g. eng+fra+ita+deu+spa.")
    var lang: String = "eng"

    @Option(name: .long, help: "Tesseract page segmentation mode (3 auto, 4 single column, 6 block, 11 sparse). Default: 3 for wine lists, 4 for receipts.")
    var psm: Int?

    @Option(name: .long, help: "Write each flattened page as PNG into this folder.")
    var saveFlattened: String?

    @Option(name: .long, help: "Refuse images that declare more pixels than this (decompression bombs).")
    var maxPixels: Int = ImageLimits.default.maxPixels

    @Option(name: .long, help: "Extra abbreviations (TSV: abbreviation<TAB>expansion[<TAB>exact]).")
    var abbreviations: String?

    @Option(name: .long, help: "How receipts' numeric dates are read: dmy (25/12/2018), mdy (12/25/2018) or auto (ambiguous dates like 03/04/2018 are reported with both readings, not guessed). A job folder's decant-job.json {\"dateOrder\": …} overrides it for that job.")
    var dateOrder: DateOrderOption = .auto

    @Option(name: .long, help: "Most OCR readings per receipt: a second one at Tesseract's preferred text size is made when the first does not add up (1: read once).")
    var receiptReadings: Int = 2

    @Flag(name: .long, help: "No progress output.")
    var quiet = false

    @Option(name: .long, help: "Log format: text, or json (one JSON line per image on stdout).")
    var logFormat: LogFormat = .text

    enum LogFormat: String, ExpressibleByArgument { case text, json }

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if let psm, PageSegmentation(rawValue: psm) == nil {
            throw ValidationError("--psm must be one of \(PageSegmentation.allCases.map(\.rawValue).map(String.init).joined(separator: ", "))")
        }
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive") }
        guard receiptReadings >= 1 else { throw ValidationError("--receipt-readings must be at least 1") }
    }

    func run() async throws {
        var table = AbbreviationTable.builtIn
        if let abbreviations {
            guard let text = try? String(contentsOfFile: abbreviations, encoding: .utf8) else {
                throw ValidationError("\(abbreviations): abbreviations file cannot be read")
            }
            do { try table.merge(tsv: text, source: (abbreviations as NSString).lastPathComponent) } catch {
                throw ValidationError(error.description)
            }
        }
        let settings = RunSettings(kind: kind, ocr: OCRConfiguration(languages: lang),
                                   segmentation: psm.flatMap(PageSegmentation.init(rawValue:)),
                                   limits: ImageLimits(maxPixels: maxPixels), saveFlattened: saveFlattened,
                                   abbreviations: table, dateOrder: dateOrder.order,
                                   receiptReadings: receiptReadings)
        let options = RunOptions(inbox: inbox, output: out, workers: jobs, cataloguePath: catalogue, settings: settings,
                                 progress: quiet ? .quiet : (logFormat == .json ? .json : .automatic))
        let outcome: RunOutcome
        do { outcome = try await Runner(options: options).run() } catch {
            FileHandle.standardError.write(Data("decant: \(error.message)\n".utf8))
            throw ExitCode(error.exitCode)
        }
        for problem in outcome.problems {
            FileHandle.standardError.write(Data("decant: \(problem)\n".utf8))
        }
        let s = outcome.summary
        if logFormat == .json {
            let line = "{\"event\":\"run\",\"images\":\(s.images),\"failed\":\(s.failedImages),\"entries\":\(s.entries),\"matched\":\(s.matchedEntries),\"ms\":\(Int(s.wallClockMS))}\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        } else if !quiet {
            print("\(s.jobs.count) job(s), \(s.images) image(s), \(s.failedImages) failed, \(s.entries) entries (\(s.matchedEntries) matched) in \(String(format: "%.1f", s.wallClockMS / 1000)) s → \(out)/")
        }
        if outcome.exitCode != ExitStatus.success { throw ExitCode(outcome.exitCode) }
    }
}

extension KindOption: ExpressibleByArgument {}

/// `--date-order`: the spellings `DateOrder(argument:)` accepts.
struct DateOrderOption: ExpressibleByArgument, Sendable {
    var order: DateOrder
    static let auto = DateOrderOption(order: .unspecified)

    init(order: DateOrder) { self.order = order }

    init?(argument: String) {
        guard let order = DateOrder(argument: argument) else { return nil }
        self.order = order
    }

    static var allValueStrings: [String] { ["dmy", "mdy", "auto"] }
    var defaultValueDescription: String { order.rawValue }
}
