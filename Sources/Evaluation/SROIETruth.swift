import Entries
import Foundation

/// SROIE (ICDAR 2019 scanned receipts): `box/NAME.csv` holds one text line per row
/// (`x1,y1,…,x4,y4,TRANSCRIPT`, the transcript may hold commas); `key/NAME.json` holds `company`,
/// `date`, `address` and `total` as printed.
enum SROIETruth {
    static func load(box: String?, key: String?) throws(GroundTruthError) -> GroundTruth {
        var lines: [String] = []
        if let box {
            for (number, row) in ComparableText.plainLines(try TruthSource.text(box)).enumerated() {
                let text = String(String.UnicodeScalarView(row))
                guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
                let fields = text.split(separator: ",", maxSplits: 8, omittingEmptySubsequences: false)
                guard fields.count == 9, fields[..<8].allSatisfy({ Int($0.trimmingCharacters(in: .whitespaces)) != nil }) else {
                    throw GroundTruthError(file: (box as NSString).lastPathComponent, "line \(number + 1) is not x1,y1,…,y4,TRANSCRIPT")
                }
                lines.append(String(fields[8]))
            }
        }
        var receipt = GroundTruth.ReceiptTruth()
        if let key {
            let file = (key as NSString).lastPathComponent
            let data = Data(try TruthSource.text(key).utf8)
            guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
                throw GroundTruthError(file: file, "is not a JSON object with company, date, address, total")
            }
            func field(_ name: String) -> String? {
                (object[name] as? String).map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            }
            receipt.merchant = field("company")
            receipt.address = field("address")
            receipt.date = field("date").flatMap { DateReader.firstDate(in: $0, order: .dayFirst)?.iso }
            receipt.total = field("total").flatMap(amount)
        }
        return GroundTruth(kind: .receipt, lines: lines, receipt: receipt,
                           page: GroundTruth.PageTruth(shape: "flat", layout: "receipt"), generator: ["format": "sroie"])
    }

    /// "RM 1,234.50" → 1234.5
    static func amount(_ text: String) -> Double? {
        let digits = text.filter { $0.isNumber || $0 == "." }
        return Double(digits)
    }
}

/// Inv3D: `ground_truth_words.json` lists every word of the flat document with its box; the
/// photos' file names say how the paper was deformed (`warped_document_curled_shadow.jpg`).
enum Inv3DTruth {
    struct Word: Decodable {
        var text: String
        var top: Double
        var left: Double
        var height: Double
        var width: Double
    }

    static func load(path: String, image: String) throws(GroundTruthError) -> GroundTruth {
        let file = (path as NSString).lastPathComponent
        let words: [Word]
        do { words = try JSONDecoder().decode([Word].self, from: Data(try TruthSource.text(path).utf8)) } catch let error as GroundTruthError {
            throw error
        } catch {
            throw GroundTruthError(file: file, "is not a list of words with text, top, left, height, width (\(error))")
        }
        let base = (image as NSString).deletingPathExtension
        var shape = "flat", generator = ["format": "inv3d"]
        let parts = base.split(separator: "_")
        if base.hasPrefix("warped_document_"), parts.count >= 3 {
            shape = String(parts[2])
            if parts.count >= 4 { generator["lighting"] = String(parts[3]) }
        }
        return GroundTruth(kind: .receipt, lines: lines(words), page: GroundTruth.PageTruth(shape: shape, layout: "invoice"),
                           generator: generator)
    }

    /// Groups words into lines: a word joins the line whose vertical centre is within half a word
    /// height of its own; lines read top to bottom, words left to right.
    static func lines(_ words: [Word]) -> [String] {
        var lines: [(center: Double, height: Double, words: [Word])] = []
        for word in words.filter({ !$0.text.isEmpty }).sorted(by: { ($0.top + $0.height / 2, $0.left) < ($1.top + $1.height / 2, $1.left) }) {
            let center = word.top + word.height / 2
            if let i = lines.indices.last, abs(lines[i].center - center) < 0.5 * min(lines[i].height, word.height) {
                lines[i].words.append(word)
            } else {
                lines.append((center, word.height, [word]))
            }
        }
        return lines.map { $0.words.sorted { $0.left < $1.left }.map(\.text).joined(separator: " ") }
    }
}
