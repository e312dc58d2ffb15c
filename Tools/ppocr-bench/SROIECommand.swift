import ArgumentParser
import Evaluation
import Foundation
import Recognition

/// PP-OCR on the SROIE receipt scans, scored as `decant bench sroie-text` scores Decant: the
/// transcript of every box/NNN.csv line against the page text.
struct SROIECommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sroie", abstract: "Word-bag F1 on SROIE scans: PP-OCR beside Tesseract.")

    @Option(help: "SROIE folder (img/, box/).") var data = "../shared/data/sroie"
    @Option(help: "Skip the first N receipts (sorted by name).") var skip = 0
    @Option(help: "Then take N receipts.") var count = 100
    @Flag(help: "Also read each scan with Tesseract (one block, as Decant reads receipts) for its F1 and confidence.")
    var tesseract = false
    @Option(help: "Write per-receipt results as JSON.") var json: String?
    @Option(help: "Also score these word-gap ratios (comma-separated) from the same reading, as ppocr-gap-R.")
    var gapSweep: String?
    @Flag(help: "One line per receipt.") var details = false
    @OptionGroup var engineOptions: EngineOptions

    /// As `decant bench sroie-text` reads a box file: whatever follows the eight corner coordinates.
    static func transcript(csv: String) -> String {
        csv.split(whereSeparator: \.isNewline).map { line in
            line.split(separator: ",", maxSplits: 8, omittingEmptySubsequences: false).dropFirst(8).joined(separator: ",")
        }.joined(separator: "\n")
    }

    func run() throws {
        let engine = try engineOptions.engine()
        let tess = tesseract ? try TesseractEngine() : nil
        guard let images = try? FileManager.default.contentsOfDirectory(atPath: "\(data)/img") else {
            throw ValidationError("\(data)/img: SROIE folder not found")
        }
        let names = images.filter { $0.hasSuffix(".jpg") }.sorted().dropFirst(skip).prefix(count)
        var rows: [Row] = []
        for file in names {
            let id = (file as NSString).deletingPathExtension
            guard let box = FileManager.default.contents(atPath: "\(data)/box/\(id).csv") else {
                throw ValidationError("\(data)/box/\(id).csv: missing transcript")
            }
            let truth = Self.transcript(csv: String(decoding: box, as: UTF8.self))
            let path = "\(data)/img/\(file)"
            var row = Row(name: id, groups: ["set": "sroie"], readings: [:])
            if let gapSweep {
                for (key, reading) in Measure.ppocrSweep(engine, path: path, truth: truth, gapRatios: gapSweep) {
                    row.readings[key] = reading
                }
            } else {
                row.readings["ppocr"] = Measure.ppocr(engine, path: path, truth: truth)
            }
            if let tess { row.readings["tesseract"] = Measure.tesseract(tess, path: path, truth: truth, segmentation: .singleBlock) }
            rows.append(row)
            if details {
                Measure.line("\(id) " + row.readings.sorted { $0.key < $1.key }.map { key, r in
                    "\(key) \(Measure.f(r.f1)) conf \(r.confidence.map { String(format: "%.0f", $0) } ?? "–") "
                        + String(format: "%.2fs", r.cpuSeconds) + (r.error.map { " ERROR \($0)" } ?? "")
                }.joined(separator: " | "))
            }
        }
        if let json { try Measure.writeJSON(rows, to: json) }
        let readings = Set(rows.flatMap(\.readings.keys)).sorted()
        print("\nSROIE word-bag F1 (receipts \(skip + 1)–\(skip + rows.count) by name; PP-OCRv6 small on ONNX Runtime, one thread)\n")
        print(Measure.table(rows, by: "set", order: ["sroie"], readings: readings))
        print("Peak RSS: \(ResourceUsage.peakRSSMB) MB")
    }
}
