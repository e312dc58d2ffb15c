import ArgumentParser
import Evaluation
import Foundation

/// Word-bag F1 of Decant on the SROIE receipt scans: already-flat inputs, where rectification
/// must do no harm and recognition of faded print decides. By default the scans go through
/// `decant run` itself (`--jobs` workers) with the run's cost; `--in-bench` reads them inside this
/// tool with Tesseract beside raw `tesseract`, for tuning the rectifier (`--set`).
struct BenchSROIETextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sroie-text",
        abstract: "Word-bag F1 on the SROIE receipt scans against box/NNN.csv transcripts, read by decant run.")

    @Option(help: "SROIE folder (img/, box/).")
    var data = "../shared/data/sroie"
    @Option(help: "Only the first N receipts.")
    var limit: Int?
    @Flag(help: "Skip raw tesseract.")
    var noRaw = false
    @Flag(help: "Print one line per receipt.")
    var details = false
    @Option(help: "Write each flattened page as PNG into this folder.")
    var saveFlattened: String?
    @Option(help: "Write per-receipt results as JSON.")
    var json: String?
    @OptionGroup var reading: BenchReaderOptions
    @Flag(help: "Read inside this tool (flattening + Tesseract) beside raw tesseract, as tuning runs with --set do.")
    var inBench = false
    @Option(help: "Workers of the decant run.")
    var jobs = 2
    @Option(help: "Folder for the run's inbox and reports.")
    var work = "/tmp/decant-bench-sroie-text"
    @Option(name: .customLong("decant-arg"), parsing: .unconditionalSingleValue,
            help: "An argument passed to decant run (repeatable), e.g. --decant-arg=--engine=tesseract.")
    var decantArguments: [String] = []

    /// The transcript of every line: whatever follows the eight corner coordinates.
    static func transcript(csv: String) -> String {
        csv.split(whereSeparator: \.isNewline).map { line in
            line.split(separator: ",", maxSplits: 8, omittingEmptySubsequences: false).dropFirst(8).joined(separator: ",")
        }.joined(separator: "\n")
    }

    func run() throws {
        guard let images = try? FileManager.default.contentsOfDirectory(atPath: "\(data)/img") else {
            throw BenchError("\(data)/img: SROIE folder not found (expected ../shared/data/sroie)")
        }
        var names = images.filter { $0.hasSuffix(".jpg") }.sorted()
        if let limit { names = Array(names.prefix(limit)) }
        if !inBench { return try runDecant(names) }
        let reader = try reading.reader()
        var rows: [BenchRow] = []
        for file in names {
            let id = (file as NSString).deletingPathExtension
            let boxPath = "\(data)/box/\(id).csv"
            guard let data = FileManager.default.contents(atPath: boxPath) else { throw BenchError("\(boxPath): missing transcript") }
            let truth = Self.transcript(csv: String(decoding: data, as: UTF8.self))
            let path = "\(self.data)/img/\(file)"
            let raw = noRaw ? nil : RawTesseract(path: path)
            let reading = reader.read(path: path, saveFlattenedTo: saveFlattened, name: id)
            let rawResult = raw?.finish()
            let row = BenchRow(name: id, groups: ["set": "sroie"], decantF1: WordBag.f1(truth: truth, recognized: reading.text),
                               decantMS: reading.milliseconds, rawF1: rawResult.map { WordBag.f1(truth: truth, recognized: $0.text) },
                               rawMS: rawResult?.milliseconds, steps: reading.report?.steps.dictionary, error: reading.error)
            rows.append(row)
            if details {
                let s = row.steps ?? [:]
                BenchTable.line("\(id) decant \(BenchTable.f(row.decantF1)) raw \(BenchTable.f(row.rawF1)) \(String(format: "%.1f", row.decantMS / 1000))s | \(BenchTable.steps(s))")
            }
        }
        if let json { try BenchTable.writeJSON(rows, to: json) }
        print("\nSROIE word-bag F1 (\(rows.count) scans; raw = `tesseract FILE stdout`, default settings, OMP_THREAD_LIMIT=1)\n")
        print(BenchTable.render(rows, by: "set", order: ["sroie"]))
        print("Rectification steps (wall-clock, this machine):\n")
        print(BenchTable.renderSteps(rows))
    }
}

extension BenchSROIETextCommand {
    /// The scans through `decant run`.
    func runDecant(_ names: [String]) throws {
        var images: [(image: DecantRunBench.Image, truth: String, groups: [String: String])] = []
        for file in names {
            let id = (file as NSString).deletingPathExtension
            let boxPath = "\(data)/box/\(id).csv"
            guard let csv = FileManager.default.contents(atPath: boxPath) else { throw BenchError("\(boxPath): missing transcript") }
            images.append((DecantRunBench.Image(name: file, path: "\(data)/img/\(file)"),
                           Self.transcript(csv: String(decoding: csv, as: UTF8.self)), ["set": Self.set(of: id)]))
        }
        let arguments = ["--jobs", "\(jobs)"] + decantArguments
        let outcome = try DecantRunBench.run(images.map(\.image), work: work, arguments: arguments)
        let report = TextRunReport(images: images, outcome: outcome)
        if details {
            for row in report.rows {
                BenchTable.line("\(row.name) \(BenchTable.f(row.f1)) \(row.engine ?? "–")\(row.error.map { " ERROR \($0)" } ?? "")")
            }
        }
        if let json { try report.writeJSON(to: json) }
        print("\nSROIE word-bag F1: \(images.count) scans through decant run \(arguments.joined(separator: " "))\n")
        print(report.table(by: "set", order: Self.sets))
        print(report.cost(outcome, workers: jobs))
    }

    /// The shared set's scans numbered 000, 006, …, 594 are the hundred the recognizer bar was
    /// first set on; the others are scored apart.
    static let sets = ["000, 006, … (every sixth)", "the others"]

    static func set(of id: String) -> String {
        Int(id).map { $0 % 6 == 0 } == true ? sets[0] : sets[1]
    }
}
