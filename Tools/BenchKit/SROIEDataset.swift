import Entries
import Evaluation
import Foundation

/// The SROIE receipts folder: `img/NNN.jpg` scans, `key/NNN.json` key fields and `box/NNN.csv`
/// line transcripts (`x1,y1,…,x4,y4,TEXT`, the text may hold commas).
public struct SROIEDataset: Sendable {
    public struct Receipt: Sendable {
        public var name: String
        public var imagePath: String
        public var key: ReceiptKeyTruth
        /// The printed rows as transcribed, top to bottom: boxes on one baseline joined left to
        /// right (the box file cuts a row into pieces, label and amount apart); nil without a box file.
        public var transcript: [String]?
    }

    public var directory: String
    public var receipts: [Receipt]

    /// Loads every receipt that has both an image and a key file.
    public static func load(directory: String) throws(GroundTruthError) -> SROIEDataset {
        let keyFolder = "\(directory)/key", imageFolder = "\(directory)/img"
        guard let keys = try? FileManager.default.contentsOfDirectory(atPath: keyFolder) else {
            throw GroundTruthError(file: keyFolder, "folder not found (expected SROIE's key/NNN.json files)")
        }
        let images = (try? FileManager.default.contentsOfDirectory(atPath: imageFolder)) ?? []
        var receipts: [Receipt] = []
        for file in keys.sorted() where file.hasSuffix(".json") {
            let name = (file as NSString).deletingPathExtension
            guard let image = images.first(where: { ($0 as NSString).deletingPathExtension == name }) else { continue }
            guard let data = FileManager.default.contents(atPath: "\(keyFolder)/\(file)") else {
                throw GroundTruthError(file: "\(keyFolder)/\(file)", "could not be read")
            }
            let key: ReceiptKeyTruth
            do { key = try JSONDecoder().decode(ReceiptKeyTruth.self, from: data) } catch {
                throw GroundTruthError(file: "\(keyFolder)/\(file)", "is not a key file with company, date, address and total: \(error)")
            }
            let box = "\(directory)/box/\(name).csv"
            let transcript = FileManager.default.contents(atPath: box).map { transcriptLines(String(decoding: $0, as: UTF8.self)) }
            receipts.append(Receipt(name: name, imagePath: "\(imageFolder)/\(image)", key: key, transcript: transcript))
        }
        guard !receipts.isEmpty else { throw GroundTruthError(file: directory, "no receipt has both img/NNN.* and key/NNN.json") }
        return SROIEDataset(directory: directory, receipts: receipts)
    }

    /// The rows of a box file: each box's text is everything after its eighth comma; boxes that
    /// share most of their height are one printed row.
    public static func transcriptLines(_ csv: String) -> [String] {
        struct Box { var minX, minY, maxY: Double; var text: String }
        var boxes: [Box] = []
        for row in csv.split(whereSeparator: \.isNewline) {
            let parts = row.split(separator: ",", maxSplits: 8, omittingEmptySubsequences: false)
            guard parts.count == 9 else { continue }
            let numbers = parts[..<8].compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            let text = parts[8].trimmingCharacters(in: .whitespaces)
            guard numbers.count == 8, !text.isEmpty else { continue }
            let xs = stride(from: 0, to: 8, by: 2).map { numbers[$0] }, ys = stride(from: 1, to: 8, by: 2).map { numbers[$0] }
            boxes.append(Box(minX: xs.min() ?? 0, minY: ys.min() ?? 0, maxY: ys.max() ?? 0, text: text))
        }
        var rows: [[Box]] = []
        for box in boxes.sorted(by: { ($0.minY + $0.maxY) < ($1.minY + $1.maxY) }) {
            if let last = rows.last, let first = last.first {
                let top = last.map(\.minY).min() ?? first.minY, bottom = last.map(\.maxY).max() ?? first.maxY
                let overlap = min(bottom, box.maxY) - max(top, box.minY)
                if overlap >= 0.5 * min(bottom - top, box.maxY - box.minY) {
                    rows[rows.count - 1].append(box)
                    continue
                }
            }
            rows.append([box])
        }
        return rows.map { $0.sorted { $0.minX < $1.minX }.map(\.text).joined(separator: " ") }
    }
}
