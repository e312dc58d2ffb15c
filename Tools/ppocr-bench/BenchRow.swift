import Evaluation
import Foundation
import Imaging
import Recognition

/// One engine's reading of one image: word-bag F1 against the truth, mean word confidence, CPU.
struct Reading: Codable {
    var f1: Double
    var confidence: Double?
    var cpuSeconds: Double
    var words: Int
    var error: String?
}

/// One measured image and every reading of it.
struct Row: Codable {
    var name: String
    var groups: [String: String]
    var readings: [String: Reading]
}

enum Measure {
    /// Reads a file with PP-OCR and scores it as the decant benches do (WordBag on the page text).
    static func ppocr(_ engine: PPOCREngine, path: String, truth: String) -> Reading {
        let usage = ResourceUsage()
        do {
            let image = try ImageLoader.load(path: path)
            let page = try engine.recognize(image.raster)
            return Reading(f1: WordBag.f1(truth: truth, recognized: page.text), confidence: page.meanConfidence,
                           cpuSeconds: usage.cpuSeconds, words: page.lines.map(\.words.count).reduce(0, +))
        } catch {
            return Reading(f1: 0, confidence: nil, cpuSeconds: usage.cpuSeconds, words: 0, error: "\(error)")
        }
    }

    /// One PP-OCR reading laid out with each word-gap ratio (and without glyph-gap splitting, "off").
    static func ppocrSweep(_ engine: PPOCREngine, path: String, truth: String, gapRatios: String) -> [(String, Reading)] {
        let usage = ResourceUsage()
        do {
            let image = try ImageLoader.load(path: path)
            let reading = try engine.read(image.raster)
            let cpu = usage.cpuSeconds
            var out: [(String, Reading)] = []
            // "a0.4": the adaptive gap capped at 0.4.
            let settings: [(String, Bool, Double, Bool)] = [("ppocr-gap-off", false, 0, false)]
                + gapRatios.split(separator: ",").compactMap { item in
                    item.hasPrefix("a") ? Double(item.dropFirst()).map { ("ppocr-gap-a\($0)", true, $0, true) }
                        : Double(item).map { ("ppocr-gap-\($0)", true, $0, false) }
                }
            for (key, split, ratio, adaptive) in settings {
                let page = reading.page(splitWords: split, gapRatio: ratio, adaptiveGaps: adaptive)
                out.append((key, Reading(f1: WordBag.f1(truth: truth, recognized: page.text), confidence: page.meanConfidence,
                                         cpuSeconds: cpu, words: page.lines.map(\.words.count).reduce(0, +))))
            }
            return out
        } catch {
            return [("ppocr-gap-off", Reading(f1: 0, confidence: nil, cpuSeconds: usage.cpuSeconds, words: 0, error: "\(error)"))]
        }
    }

    /// The same file read by Decant's Tesseract engine with one page segmentation.
    static func tesseract(_ engine: TesseractEngine, path: String, truth: String, segmentation: PageSegmentation) -> Reading {
        let usage = ResourceUsage()
        do {
            let image = try ImageLoader.load(path: path, grayscale: true)
            let page = try engine.recognize(image.raster, segmentation: segmentation)
            return Reading(f1: WordBag.f1(truth: truth, recognized: page.text), confidence: page.meanConfidence,
                           cpuSeconds: usage.cpuSeconds, words: page.lines.map(\.words.count).reduce(0, +))
        } catch {
            return Reading(f1: 0, confidence: nil, cpuSeconds: usage.cpuSeconds, words: 0, error: "\(error)")
        }
    }

    static func line(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }

    static func f(_ x: Double?) -> String { x.map { String(format: "%.3f", $0) } ?? "–" }

    static func mean(_ xs: [Double]) -> Double? { xs.isEmpty ? nil : xs.reduce(0, +) / Double(xs.count) }

    /// Markdown table: per group value, mean F1 (and mean confidence, CPU s) of each reading.
    static func table(_ rows: [Row], by key: String, order: [String], readings: [String]) -> String {
        var out = "| \(key) | images |" + readings.map { " \($0) F1 |" }.joined() + readings.map { " \($0) conf |" }.joined()
            + readings.map { " \($0) CPU s |" }.joined() + "\n"
        out += "|---|---:|" + String(repeating: "---:|", count: 3 * readings.count) + "\n"
        var keys = order.filter { k in rows.contains { $0.groups[key] == k } }
        keys.append("all")
        for k in keys {
            let selected = k == "all" ? rows : rows.filter { $0.groups[key] == k }
            out += "| \(k) | \(selected.count) |"
            for r in readings { out += " \(f(mean(selected.compactMap { $0.readings[r]?.f1 }))) |" }
            for r in readings {
                out += " \(mean(selected.compactMap { $0.readings[r]?.confidence }).map { String(format: "%.1f", $0) } ?? "–") |"
            }
            for r in readings {
                out += " \(mean(selected.compactMap { $0.readings[r]?.cpuSeconds }).map { String(format: "%.2f", $0) } ?? "–") |"
            }
            out += "\n"
        }
        return out
    }

    static func writeJSON(_ rows: [Row], to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(rows).write(to: URL(fileURLWithPath: path))
    }
}
