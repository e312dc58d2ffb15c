import ArgumentParser
import Evaluation
import Foundation
import Jobs
import Reporting

struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Measure accuracy against ground truth from an earlier run's reports (no OCR), and gate on a baseline.",
        discussion: """
        decant eval REPORTS recomputes metrics.json / metrics.csv for every image of the run that has ground \
        truth (NAME.gt.json, NAME.gt.txt, SROIE box/ + key/, Inv3D ground_truth_words.json) and prints a \
        Markdown table. With --baseline FILE it exits with status 3 and names every metric that got worse than \
        the baseline beyond its tolerance (tolerances live in the baseline's "gate" section); \
        --update-baseline rewrites FILE instead. decant eval --text GT.txt OCR.txt scores one pair of files \
        (CER and WER as dinglehopper computes them, and the order-free word-bag F1).
        """)

    @Flag(name: .long, help: "Compare two text files: decant eval --text GT.txt OCR.txt.")
    var text = false

    @Argument(help: "The run's output folder (default: Reports), or GT.txt OCR.txt with --text.")
    var paths: [String] = []

    @Option(name: .long, help: "Folder the run read (images and ground truth). Default: the inbox recorded in summary.json.")
    var inbox: String?

    @Option(name: .long, help: "Baseline metrics file to gate against, e.g. Reports/baseline/metrics.json.")
    var baseline: String?

    @Flag(name: .long, help: "Write this run's metrics to the --baseline file (keeping its tolerances).")
    var updateBaseline = false

    @Flag(name: .long, help: "Add a row per job to the table.")
    var perJob = false

    @Flag(name: .long, help: "Do not rewrite metrics.json / metrics.csv in the reports folder.")
    var noWrite = false

    @Option(name: .long, help: "Output: markdown (tables) or json.")
    var format: OutputFormat = .markdown

    enum OutputFormat: String, ExpressibleByArgument { case markdown, json }

    func validate() throws {
        if text {
            guard paths.count == 2 else { throw ValidationError("--text needs two files: GT.txt OCR.txt") }
            guard baseline == nil, !updateBaseline else { throw ValidationError("--baseline applies to a run's reports, not to --text") }
        } else {
            guard paths.count <= 1 else { throw ValidationError("give one reports folder (or use --text GT.txt OCR.txt)") }
        }
        if updateBaseline, baseline == nil { throw ValidationError("--update-baseline needs --baseline FILE") }
    }

    func run() throws {
        if text { return try compareTexts() }
        let check = AccuracyGate(reports: paths.first ?? "Reports", inbox: inbox, baseline: baseline,
                                  updateBaseline: updateBaseline, writeMetrics: !noWrite)
        let outcome: AccuracyGate.Outcome
        do { outcome = try check.run() } catch {
            FileHandle.standardError.write(Data("decant: \(error.message)\n".utf8))
            throw ExitCode(error.exitCode)
        }
        switch format {
        case .json:
            let data = (try? JSONReport.encode(outcome.report)) ?? Data()
            FileHandle.standardOutput.write(data)
        case .markdown:
            print(MetricsTable.summary(outcome.report, includeJobs: perJob))
            if let gate = outcome.gate { print(MetricsTable.gate(gate), terminator: "") }
            if outcome.baselineWritten, let baseline { print("Baseline written to \(baseline).") }
        }
        fflush(nil) // tables before the failures on stderr
        for problem in outcome.report.problems { FileHandle.standardError.write(Data("decant: \(problem)\n".utf8)) }
        if let gate = outcome.gate, !gate.passed {
            for failure in gate.failures { FileHandle.standardError.write(Data("decant: accuracy regression: \(failure)\n".utf8)) }
        }
        if outcome.exitCode != ExitStatus.success { throw ExitCode(outcome.exitCode) }
    }

    func compareTexts() throws {
        func read(_ path: String) throws -> String {
            guard let text = TextFile.read(path) else {
                FileHandle.standardError.write(Data("decant: \(path): cannot be read\n".utf8))
                throw ExitCode(ExitStatus.usage)
            }
            return text
        }
        let m = TextMetrics.compare(truth: try read(paths[0]), recognized: try read(paths[1]))
        func json(_ v: Double) -> String { v.isFinite ? "\(v)" : "null" }
        switch format {
        case .json:
            print("{\"cer\":\(json(m.cer)),\"cerFolded\":\(json(m.cerFolded)),\"wer\":\(json(m.wer)),\"wordBagF1\":\(json(m.wordBagF1)),\"nCharacters\":\(m.nCharacters),\"nFoldedCharacters\":\(m.nFoldedCharacters),\"nWords\":\(m.nWords)}")
        case .markdown:
            func pct(_ v: Double) -> String { v.isFinite ? String(format: "%.2f%%", v * 100) : "∞" }
            print("| CER | CER, leaders folded | WER | Word-bag F1 | Characters | Words |\n|---:|---:|---:|---:|---:|---:|")
            print("| \(pct(m.cer)) | \(pct(m.cerFolded)) | \(pct(m.wer)) | \(pct(m.wordBagF1)) | \(m.nCharacters) | \(m.nWords) |")
        }
    }
}
