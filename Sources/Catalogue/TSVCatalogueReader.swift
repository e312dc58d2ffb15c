import Entries
import Foundation

/// Reads the tab-separated layout `id producer wine vintage region country colour [text]` with a header
/// row (the matching benchmark's catalogue.tsv), keeping its ids.
///
/// Works on the file's bytes: a million rows become interned ids without a `String` per field, which
/// is what keeps loading under a second or two.
enum TSVCatalogueReader {
    static let columns = ["id", "producer", "wine", "vintage", "region", "subregion", "country", "colour",
                          "score", "releaseprice", "currency", "drinkfrom", "drinkto", "grapes"]

    static func read(_ data: Data, file: String) throws(CatalogueError) -> Catalogue {
        var builder = CatalogueBuilder(file: file)
        var failure: CatalogueError?
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            do throws(CatalogueError) { try read(raw.bindMemory(to: UInt8.self), file: file, into: &builder) } catch { failure = error }
        }
        if let failure { throw failure }
        return builder.build(name: (file as NSString).deletingPathExtension)
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String, into builder: inout CatalogueBuilder) throws(CatalogueError) {
        var position = 0
        // A UTF-8 byte order mark is not part of the first column's name.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        var lineNumber = 0
        var slot: [Int] = []           // column index → field slot (-1: ignored)
        var fields: [Range<Int>] = []
        fields.reserveCapacity(16)
        var haveHeader = false
        var values = [Range<Int>?](repeating: nil, count: columns.count)
        // About 100 bytes a row in the benchmark layout.
        builder.reserve(rows: bytes.count / 100)

        while position < bytes.count {
            lineNumber += 1
            var end = position
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > position && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            defer { position = end + 1 }
            if lineEnd == position { continue }
            fields.removeAll(keepingCapacity: true)
            var start = position
            for i in position..<lineEnd where bytes[i] == 0x09 {
                fields.append(start..<i)
                start = i + 1
            }
            fields.append(start..<lineEnd)

            if !haveHeader {
                haveHeader = true
                slot = fields.map { range in
                    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                        .trimmingCharacters(in: .whitespaces).lowercased()
                    return columns.firstIndex(of: name) ?? -1
                }
                guard slot.contains(0), slot.contains(1) else {
                    throw CatalogueError(file: file, line: lineNumber,
                                         "header must name at least the columns id and producer (tab-separated), got \"\(String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<lineEnd]), as: UTF8.self))\"")
                }
                continue
            }

            for k in values.indices { values[k] = nil }
            for (column, range) in fields.enumerated() where column < slot.count && slot[column] >= 0 {
                let trimmed = trim(range, in: bytes)
                if !trimmed.isEmpty { values[slot[column]] = trimmed }
            }
            if fields.count < slot.count && fields.count < 2 {
                builder.problems.append(CatalogueError(file: file, line: lineNumber, "expected \(slot.count) tab-separated columns, found \(fields.count); skipped"))
                continue
            }
            guard let idRange = values[0], let producerRange = values[1] else {
                builder.problems.append(CatalogueError(file: file, line: lineNumber, "row has no id or producer; skipped"))
                continue
            }
            func text(_ i: Int) -> UInt32 {
                guard let r = values[i] else { return 0 }
                return builder.pool.intern(UnsafeBufferPointer(rebasing: bytes[r]))
            }
            var row = CatalogueRow()
            row.producer = builder.pool.intern(UnsafeBufferPointer(rebasing: bytes[producerRange]))
            row.wine = text(2)
            if let r = values[3] {
                if let v = vintageCode(UnsafeBufferPointer(rebasing: bytes[r])) {
                    row.vintage = v
                } else {
                    let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[r]), as: UTF8.self)
                    builder.problems.append(CatalogueError(file: file, line: lineNumber, "vintage \"\(written)\" is not a year or NV; kept without vintage"))
                }
            }
            row.region = text(4)
            row.subregion = text(5)
            row.country = text(6)
            row.colour = builder.normalizedColour(text(7))
            row.score = number(values[8], in: bytes) ?? .nan
            row.releasePrice = number(values[9], in: bytes) ?? .nan
            row.currency = text(10)
            // A window and grapes written by `decant catalogue import -o FILE.tsv` (absent from older files).
            row.drinkFrom = number(values[11], in: bytes).flatMap { (1800...2200).contains($0) ? Int16($0) : nil } ?? 0
            row.drinkTo = number(values[12], in: bytes).flatMap { (1800...2200).contains($0) ? Int16($0) : nil } ?? 0
            if let r = values[13] {
                let grapes = String(decoding: UnsafeBufferPointer(rebasing: bytes[r]), as: UTF8.self)
                    .split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                if !grapes.isEmpty { row.grapes = builder.pool.intern(grapes.joined(separator: String(CatalogueRow.grapeSeparator))) }
            }
            builder.add(row, id: UnsafeBufferPointer(rebasing: bytes[idRange]), line: lineNumber)
        }
        if !haveHeader { throw CatalogueError(file: file, "file is empty (expected a header row naming id and producer)") }
    }

    static func trim(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi && bytes[lo] == 0x20 { lo += 1 }
        while hi > lo && bytes[hi - 1] == 0x20 { hi -= 1 }
        return lo..<hi
    }

    /// "2015" → 2015, "NV" / "N.V." / "MV" → non-vintage; nil for anything else.
    static func vintageCode(_ p: UnsafeBufferPointer<UInt8>) -> Int16? {
        if p.count == 4, p.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            let y = p.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            return (1800...2200).contains(y) ? Int16(y) : nil
        }
        let letters = p.filter { $0 != 0x2E }.map { $0 & 0xDF }
        if letters == [0x4E, 0x56] { return CatalogueRow.nonVintage }
        if letters == [0x4D, 0x56] { return CatalogueRow.multiVintage }
        return nil
    }

    static func number(_ range: Range<Int>?, in bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let range else { return nil }
        return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
    }
}
