import ArgumentParser
import Evaluation
import Foundation
import Recognition

/// PP-OCR on the Inv3DReal photos, raw and as Decant flattened them, beside Decant's own F1
/// (from `decant bench inv3d --json`) and Tesseract's confidence on the flattened page: what a
/// per-page choice between the engines would be decided on.
struct Inv3DCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inv3d", abstract: "Word-bag F1 on Inv3DReal photos: PP-OCR raw and flattened, beside Decant.")

    static let classes = ["perspective", "curled", "fewfold", "multifold", "crumpleseasy", "crumpleshard"]
    static let lightings = ["bright", "color", "shadow"]

    @Option(help: "Inv3DReal folder.") var data = "../shared/data/inv3d"
    @Option(help: "Decant's flattened pages (decant bench inv3d --save-flattened DIR), DOC_CLASS_LIGHT.png.")
    var flattened: String?
    @Option(help: "Decant's per-photo results (decant bench inv3d --json FILE) for its F1.")
    var decantJSON: String?
    @Option(help: ArgumentHelp("Comma-separated readings: raw (PP-OCR on the photo), flat (PP-OCR on the flattened page), "
                               + "tess (Tesseract, sparse text, on the flattened page: its F1 and confidence)."))
    var readings = "raw,flat"
    @Option(help: "Comma-separated document ids (default: all).") var docs: String?
    @Option(help: "Comma-separated warp classes (default: all).") var classes: String?
    @Option(help: "Write per-photo results as JSON.") var json: String?
    @Option(help: "Flattened pages: also score these word-gap ratios (comma-separated; aR: adaptive, capped at R) from the same reading.")
    var gapSweep: String?
    @Flag(help: "One line per photo.") var details = false
    @OptionGroup var engineOptions: EngineOptions

    func run() throws {
        let wanted = Set(readings.split(separator: ",").map(String.init))
        let engine = try engineOptions.engine()
        let tess = wanted.contains("tess") ? try TesseractEngine() : nil
        let decant = try decantJSON.map(Self.decantF1)
        guard let all = try? FileManager.default.contentsOfDirectory(atPath: data) else {
            throw ValidationError("\(data): Inv3DReal folder not found")
        }
        let docList = docs.map { $0.split(separator: ",").map(String.init) }
            ?? all.sorted().filter { FileManager.default.fileExists(atPath: "\(data)/\($0)/ground_truth_words.json") }
        let classList = classes.map { $0.split(separator: ",").map(String.init) } ?? Self.classes
        var rows: [Row] = []
        for doc in docList {
            guard let truthData = FileManager.default.contents(atPath: "\(data)/\(doc)/ground_truth_words.json"),
                  let words = try? JSONDecoder().decode([TruthWord].self, from: truthData) else {
                throw ValidationError("\(data)/\(doc)/ground_truth_words.json: missing or not a list of words")
            }
            let truth = words.map(\.text).joined(separator: " ")
            for cls in classList {
                for light in Self.lightings {
                    let name = "warped_document_\(cls)_\(light)"
                    let path = "\(data)/\(doc)/\(name).jpg"
                    guard FileManager.default.fileExists(atPath: path) else { continue }
                    var row = Row(name: "\(doc)/\(name)", groups: ["class": cls, "lighting": light], readings: [:])
                    if wanted.contains("raw") { row.readings["ppocr-raw"] = Measure.ppocr(engine, path: path, truth: truth) }
                    if let flattened {
                        let flat = "\(flattened)/\(doc)_\(cls)_\(light).png"
                        if FileManager.default.fileExists(atPath: flat) {
                            if wanted.contains("flat"), let gapSweep {
                                for (key, reading) in Measure.ppocrSweep(engine, path: flat, truth: truth, gapRatios: gapSweep) {
                                    row.readings[key] = reading
                                }
                            } else if wanted.contains("flat") {
                                row.readings["ppocr-flat"] = Measure.ppocr(engine, path: flat, truth: truth)
                            }
                            if let tess {
                                row.readings["tess-flat"] = Measure.tesseract(tess, path: flat, truth: truth, segmentation: .sparse)
                            }
                        }
                    }
                    if let f1 = decant?[row.name] {
                        row.readings["decant"] = Reading(f1: f1, confidence: nil, cpuSeconds: 0, words: 0)
                    }
                    rows.append(row)
                    if details {
                        Measure.line("\(doc) \(cls) \(light) " + row.readings.sorted { $0.key < $1.key }.map { key, r in
                            "\(key) \(Measure.f(r.f1)) conf \(r.confidence.map { String(format: "%.0f", $0) } ?? "–") "
                                + String(format: "%.2fs", r.cpuSeconds) + (r.error.map { " ERROR \($0)" } ?? "")
                        }.joined(separator: " | "))
                    }
                }
            }
        }
        if let json { try Measure.writeJSON(rows, to: json) }
        let sweepKeys = Set(rows.flatMap { $0.readings.keys }.filter { $0.hasPrefix("ppocr-gap") }).sorted()
        let readings = (["ppocr-raw", "ppocr-flat", "tess-flat", "decant"] + sweepKeys).filter { r in rows.contains { $0.readings[r] != nil } }
        print("\nInv3DReal word-bag F1 (\(rows.count) photos; PP-OCRv6 small on ONNX Runtime, one thread)\n")
        print(Measure.table(rows, by: "class", order: classList, readings: readings))
        print(Measure.table(rows, by: "lighting", order: Self.lightings, readings: readings))
        let better = rows.filter { ($0.readings["ppocr-raw"]?.f1 ?? 0) > ($0.readings["decant"]?.f1 ?? 1) }.count
        if rows.contains(where: { $0.readings["decant"] != nil }) {
            print("PP-OCR on the raw photo beats Decant on \(better) of \(rows.count) photos.")
        }
        print("Peak RSS: \(ResourceUsage.peakRSSMB) MB")
    }

    static func decantF1(path: String) throws -> [String: Double] {
        guard let data = FileManager.default.contents(atPath: path),
              let rows = try? JSONDecoder().decode([DecantRow].self, from: data) else {
            throw ValidationError("\(path): not a decant bench --json file")
        }
        return Dictionary(rows.map { ($0.name, $0.decantF1) }, uniquingKeysWith: { a, _ in a })
    }
}

private struct TruthWord: Decodable { var text: String }
private struct DecantRow: Decodable { var name: String; var decantF1: Double }
