import ArgumentParser
import Evaluation
import Foundation

/// Word-bag F1 of Decant on the Inv3DReal phone photos, by warp class and lighting: by default the
/// photos go through `decant run` itself (the release binary beside this tool, `--jobs` workers)
/// and the run's CPU time per megapixel and peak memory are printed with it; `--in-bench` reads
/// them inside this tool with Tesseract beside raw `tesseract`, for tuning the rectifier (`--set`).
struct BenchInv3DCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inv3d",
        abstract: "Word-bag F1 on real phone photos (Inv3DReal) read by decant run, per class and lighting, with CPU per MP.")

    static let classes = ["perspective", "curled", "fewfold", "multifold", "crumpleseasy", "crumpleshard"]
    static let lightings = ["bright", "color", "shadow"]

    @Option(help: "Inv3DReal folder (one sub-folder per document).")
    var data = "../shared/data/inv3d"
    @Option(help: "Comma-separated warp classes (default: all six).")
    var classes: String?
    @Option(help: "Comma-separated lightings (default: bright,color,shadow).")
    var lightings: String?
    @Option(help: "Comma-separated document ids (default: all).")
    var docs: String?
    @Flag(help: "Skip raw tesseract (faster tuning runs).")
    var noRaw = false
    @Flag(help: "Print one line per photo.")
    var details = false
    @Option(help: "Write each flattened page as PNG into this folder.")
    var saveFlattened: String?
    @Option(help: "Write per-photo results as JSON.")
    var json: String?
    @OptionGroup var reading: BenchReaderOptions
    @Flag(help: "Read inside this tool (flattening + Tesseract) beside raw tesseract, as tuning runs with --set do.")
    var inBench = false
    @Option(help: "Workers of the decant run.")
    var jobs = 2
    @Option(help: "Folder for the run's inbox and reports.")
    var work = "/tmp/decant-bench-inv3d"
    @Option(name: .customLong("decant-arg"), parsing: .unconditionalSingleValue,
            help: "An argument passed to decant run (repeatable), e.g. --decant-arg=--engine=tesseract.")
    var decantArguments: [String] = []

    func run() throws {
        if !inBench { return try runDecant() }
        let classList = classes.map { $0.split(separator: ",").map(String.init) } ?? Self.classes
        let lightList = lightings.map { $0.split(separator: ",").map(String.init) } ?? Self.lightings
        guard let all = try? FileManager.default.contentsOfDirectory(atPath: data) else {
            throw BenchError("\(data): Inv3DReal folder not found (expected ../shared/data/inv3d)")
        }
        let docList = docs.map { $0.split(separator: ",").map(String.init) } ?? all.sorted().filter {
            FileManager.default.fileExists(atPath: "\(data)/\($0)/ground_truth_words.json")
        }
        let reader = try reading.reader()
        var rows: [BenchRow] = []
        for doc in docList {
            let truthPath = "\(data)/\(doc)/ground_truth_words.json"
            guard let truthData = FileManager.default.contents(atPath: truthPath),
                  let words = try? JSONDecoder().decode([TruthWord].self, from: truthData) else {
                throw BenchError("\(truthPath): missing or not a list of {text, …} words")
            }
            let truth = words.map(\.text).joined(separator: " ")
            for cls in classList {
                for light in lightList {
                    let name = "warped_document_\(cls)_\(light)"
                    let path = "\(data)/\(doc)/\(name).jpg"
                    guard FileManager.default.fileExists(atPath: path) else { continue }
                    let raw = noRaw ? nil : RawTesseract(path: path)
                    let reading = reader.read(path: path, saveFlattenedTo: saveFlattened, name: "\(doc)_\(cls)_\(light)")
                    let rawResult = raw?.finish()
                    let row = BenchRow(name: "\(doc)/\(name)", groups: ["class": cls, "lighting": light],
                                       decantF1: WordBag.f1(truth: truth, recognized: reading.text), decantMS: reading.milliseconds,
                                       rawF1: rawResult.map { WordBag.f1(truth: truth, recognized: $0.text) }, rawMS: rawResult?.milliseconds,
                                       steps: reading.report?.steps.dictionary, error: reading.error)
                    rows.append(row)
                    if details {
                        let s = row.steps ?? [:]
                        BenchTable.line("\(doc) \(cls) \(light) decant \(BenchTable.f(row.decantF1)) raw \(BenchTable.f(row.rawF1)) "
                              + "\(String(format: "%.1f", row.decantMS / 1000))s | \(BenchTable.steps(s))\(row.error.map { " | ERROR \($0)" } ?? "")")
                    }
                }
            }
        }
        if let json { try BenchTable.writeJSON(rows, to: json) }
        print("\nInv3DReal word-bag F1 (\(rows.count) photos; raw = `tesseract FILE stdout`, default settings, OMP_THREAD_LIMIT=1)\n")
        print(BenchTable.render(rows, by: "class", order: classList))
        print(BenchTable.render(rows, by: "lighting", order: lightList))
        print("Rectification steps (wall-clock, this machine):\n")
        print(BenchTable.renderSteps(rows))
    }
}

private struct TruthWord: Decodable { var text: String }

extension BenchInv3DCommand {
    /// The photos through `decant run`.
    func runDecant() throws {
        let classList = classes.map { $0.split(separator: ",").map(String.init) } ?? Self.classes
        let lightList = lightings.map { $0.split(separator: ",").map(String.init) } ?? Self.lightings
        guard let all = try? FileManager.default.contentsOfDirectory(atPath: data) else {
            throw BenchError("\(data): Inv3DReal folder not found (expected ../shared/data/inv3d)")
        }
        let docList = docs.map { $0.split(separator: ",").map(String.init) } ?? all.sorted().filter {
            FileManager.default.fileExists(atPath: "\(data)/\($0)/ground_truth_words.json")
        }
        var images: [(image: DecantRunBench.Image, truth: String, groups: [String: String])] = []
        for doc in docList {
            let truthPath = "\(data)/\(doc)/ground_truth_words.json"
            guard let truthData = FileManager.default.contents(atPath: truthPath),
                  let words = try? JSONDecoder().decode([TruthWord].self, from: truthData) else {
                throw BenchError("\(truthPath): missing or not a list of {text, …} words")
            }
            let truth = words.map(\.text).joined(separator: " ")
            for cls in classList {
                for light in lightList {
                    let path = "\(data)/\(doc)/warped_document_\(cls)_\(light).jpg"
                    guard FileManager.default.fileExists(atPath: path) else { continue }
                    images.append((DecantRunBench.Image(name: "\(doc)_\(cls)_\(light).jpg", path: path), truth,
                                   ["class": cls, "lighting": light, "document": doc]))
                }
            }
        }
        let outcome = try DecantRunBench.run(images.map(\.image), work: work, arguments: ["--jobs", "\(jobs)"] + decantArguments)
        let report = TextRunReport(images: images, outcome: outcome)
        if details {
            for row in report.rows {
                BenchTable.line("\(row.name) \(BenchTable.f(row.f1)) \(row.engine ?? "–")\(row.error.map { " ERROR \($0)" } ?? "")")
            }
        }
        if let json { try report.writeJSON(to: json) }
        print("\nInv3DReal word-bag F1: \(images.count) photos through decant run \((["--jobs", "\(jobs)"] + decantArguments).joined(separator: " "))\n")
        print(report.table(by: "class", order: classList))
        print(report.table(by: "lighting", order: lightList))
        print(report.table(by: "document", order: docList))
        print(report.cost(outcome, workers: jobs))
    }
}
