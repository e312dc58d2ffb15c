import DecantCLI
import Read
import Pipeline
import Documents
import ArgumentParser
import Evaluation
import Flattening
import Foundation
import Imaging
import Jobs
import Recognition
import StepTrace
import Subprocess

/// Reads one image the way `decant run` does (flatten with the worker's OSD, then Tesseract
/// with the page segmentation the pipeline would choose), and the same file with the raw
/// `tesseract` CLI for comparison. Shared by the accuracy bench commands.
final class BenchReader {
    let engine: TesseractEngine
    let orientation: OSDOrientation?
    let flattener: Flattener
    let settings = RunSettings()

    /// `languages`: Tesseract models joined by "+", as `decant run --lang` takes them.
    /// `variables`: Tesseract variables set over Decant's defaults (tuning runs).
    init(options: ImageRectifier.Options, languages: String = "eng", variables: [(String, String)] = []) throws {
        var configuration = OCRConfiguration(languages: languages)
        for (name, value) in variables { configuration.variables[name] = value }
        engine = try TesseractEngine(configuration: configuration)
        orientation = (try? TesseractOSD()).map { [engine] in OSDOrientation(osd: $0, reader: engine) }
        flattener = Flattener(rectifier: ImageRectifier(options: options))
    }

    struct Reading {
        var text: String
        var milliseconds: Double
        var report: FlattenReport?
        var error: String?
    }

    func read(path: String, saveFlattenedTo folder: String?, name: String) -> Reading {
        let start = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 }
        do {
            let loaded = try ImageLoader.load(path: path, grayscale: !flattener.rectifier.options.darkestChannel)
            var flat = flattener.flatten(PagePhoto(image: loaded), orientation: orientation)
            let prior = KindClassifier.guessBeforeOCR(width: flat.raster.width, height: flat.raster.height, jobName: "")
            let segmentation = settings.segmentation(for: prior)
            var page = try engine.recognize(flat.raster, ppi: flat.ppi, segmentation: segmentation)
            if let decision = OrientationByReading.settle(&flat, firstReading: page, detector: orientation) {
                flat.report.steps.overlay(decision.steps)
                if decision.quarterTurns != 0 { page = try engine.recognize(flat.raster, ppi: flat.ppi, segmentation: segmentation) }
            }
            // As `decant run` does with kind auto.
            let raster = flat.raster, ppi = flat.ppi
            if case .kept(let block) = KindClassifier.blockReading(
                of: page, kind: KindClassifier.classify(page, prior: prior), readWith: segmentation,
                receiptSegmentation: settings.segmentation(for: .receipt),
                read: { try engine.recognize(raster, ppi: ppi, segmentation: $0) }) {
                page = block
            }
            if let folder {
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try? PNGFile.write(flat.raster, to: "\(folder)/\(name).png")
            }
            let text = page.lines.map(\.text).joined(separator: "\n")
            return Reading(text: text, milliseconds: elapsed(), report: flat.report)
        } catch {
            return Reading(text: "", milliseconds: elapsed(), report: nil, error: "\(error)")
        }
    }
}

/// How the text benches read: the rectifier's settings, the models and Tesseract's variables, the
/// same options on every bench that reads with a `BenchReader`.
struct BenchReaderOptions: ParsableArguments {
    @Option(name: .customLong("set"), help: "Flattening setting path=value (repeatable), for tuning: the lists' preset is read with, e.g. lists.rectifier.targetBlobHeight=22.")
    var settings: [String] = []
    @Option(help: "Tesseract languages joined by '+', as decant run --lang takes them.")
    var lang = "eng"
    @Option(name: .customLong("tesseract-variable"), help: ArgumentHelp("Tesseract variable name=value set on the engine (repeatable), for tuning runs.", visibility: .hidden))
    var tesseractVariables: [String] = []

    func reader() throws -> BenchReader {
        try BenchReader(options: BenchTable.tuned(FlattenSettings(), settings).lists.rectifier, languages: lang,
                        variables: BenchTable.parsePairs(tesseractVariables, option: "--tesseract-variable"))
    }
}

/// The raw `tesseract` CLI with default settings, one thread, started in the background so it
/// can run beside Decant on the other core. Run by swift-subprocess.
final class RawTesseract: Sendable {
    /// The text and the wall-clock milliseconds from start to exit; nil when tesseract could not run.
    private let reading: Task<(text: String, milliseconds: Double)?, Never>

    init(path: String) {
        reading = Task {
            let start = ContinuousClock.now
            guard let result = try? await Subprocess.run(.name("tesseract"), arguments: [path, "stdout"],
                                                         environment: .inherit.updating(["OMP_THREAD_LIMIT": "1"]),
                                                         output: .string(limit: 64 << 20), error: .discarded) else { return nil }
            let elapsed = ContinuousClock.now - start
            return (result.standardOutput, Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
    }

    /// Waits for the process; returns its text and wall-clock milliseconds.
    func finish() -> (text: String, milliseconds: Double)? {
        try? blocking { [reading] in await reading.value }
    }
}

/// One benchmarked image: its groups (class, lighting …), and both readers' scores.
struct BenchRow: Codable {
    var name: String
    var groups: [String: String]
    var decantF1: Double
    var decantMS: Double
    var rawF1: Double?
    var rawMS: Double?
    var steps: [String: String]?
    var error: String?
}

enum BenchTable {
    /// Prints a line unbuffered, so long runs show progress.
    static func line(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }

    /// The rectifier's record of one page, in the order the steps run, for `--details` lines.
    static func steps(_ s: [String: String]) -> String {
        // Steps that record nothing when they did nothing are left out rather than shown as "-".
        let shown: [(label: String, key: String, optional: Bool)] = [
            ("page", "page", false), ("persp", "perspective", false), ("angle", "angle", false),
            ("orient", "orientation", false), ("lineperspective", "linePerspective", true), ("dewarp", "dewarp", false),
            ("linedewarp", "lineDewarp", false), ("scale", "scale", false), ("reverseprint", "reversePrint", true)]
        return shown.compactMap { item in
            guard let value = s[item.key] else { return item.optional ? nil : "\(item.label) -" }
            return "\(item.label) \(value)"
        }.joined(separator: " | ")
    }

    static func f(_ x: Double?) -> String { x.map { String(format: "%.3f", $0) } ?? "–" }

    static func mean(_ xs: [Double]) -> Double? { xs.isEmpty ? nil : xs.reduce(0, +) / Double(xs.count) }

    /// Markdown table of mean word-bag F1 and seconds per image by the values of `key`, plus "all".
    static func render(_ rows: [BenchRow], by key: String, order: [String]) -> String {
        var out = "| \(key) | images | raw tesseract F1 | decant F1 | raw s/img | decant s/img |\n|---|---:|---:|---:|---:|---:|\n"
        var keys = order.filter { k in rows.contains { $0.groups[key] == k } }
        keys.append("all")
        for k in keys {
            let sel = k == "all" ? rows : rows.filter { $0.groups[key] == k }
            let raw = sel.compactMap(\.rawF1), rawMS = sel.compactMap(\.rawMS)
            out += "| \(k) | \(sel.count) | \(f(mean(raw))) | \(f(mean(sel.map(\.decantF1)))) | "
            out += "\(mean(rawMS).map { String(format: "%.2f", $0 / 1000) } ?? "–") | "
            out += "\(String(format: "%.2f", (mean(sel.map(\.decantMS)) ?? 0) / 1000)) |\n"
        }
        return out
    }

    /// Mean milliseconds of each rectification step (`ms.*` in the report) over the images that ran it.
    static func renderSteps(_ rows: [BenchRow]) -> String {
        var sums: [String: (Double, Int)] = [:]
        for row in rows {
            for (key, value) in row.steps ?? [:] where key.hasPrefix("ms.") {
                guard let ms = Double(value) else { continue }
                let name = String(key.dropFirst(3))
                sums[name] = ((sums[name]?.0 ?? 0) + ms, (sums[name]?.1 ?? 0) + 1)
            }
        }
        var out = "| step | images | mean ms |\n|---|---:|---:|\n"
        for (name, (sum, n)) in sums.sorted(by: { $0.value.0 > $1.value.0 }) {
            out += "| \(name) | \(n) | \(String(format: "%.0f", sum / Double(n))) |\n"
        }
        return out
    }

    /// `value` with each `path=value` of `pairs` set (`SettingsTree.apply`): the names are the
    /// settings' own field paths (`lists.rectifier.targetBlobHeight`, `read.ppocr.unclipRatio`).
    static func tuned<T: Codable>(_ value: T, _ pairs: [String], option: String = "--set") throws -> T {
        var value = value
        for pair in pairs {
            do { try SettingsTree.apply(pair, to: &value) } catch { throw BenchError("\(option) \(error.description)") }
        }
        return value
    }

    /// `name=value` pairs as given to `option`, in order. A value may be empty (`name=` clears a
    /// Tesseract string variable); a name may not.
    static func parsePairs(_ pairs: [String], option: String) throws -> [(String, String)] {
        try pairs.map { pair in
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw BenchError("\(option) \(pair): expected name=value")
            }
            return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
        }
    }

    static func writeJSON(_ rows: [BenchRow], to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(rows).write(to: URL(fileURLWithPath: path))
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
