/// Comma- (or tab-) separated records as RFC 4180 writes them: quoted fields may hold the separator,
/// doubled quotes and line breaks (review prose does). Each record keeps the line it starts on, so a
/// problem can be reported as file:line.
///
/// Hand-written rather than yaslab/CSV.swift's reader, for two measured reasons
/// (docs/benchmarks/libraries.md): on the matching benchmark's 1M-row catalogue.tsv CSV.swift took
/// 16.6 s of CPU against 2.1 s here, for the same fields (it decodes scalar by scalar through an
/// `AnyIterator`), which would add a quarter to `decant catalogue import` of a million rows; and
/// it keeps no line numbers and reads a quote left open to the end of the file without a word,
/// where an import must name the line.
struct CSVReader {
    struct Record {
        var line: Int
        var fields: [String]
    }

    struct Problem: Error {
        var line: Int
        var message: String
    }

    /// All records, header included; a quote left open at the end of the file is a problem.
    static func records(_ bytes: [UInt8], separator: UInt8 = 0x2C) -> (records: [Record], problem: Problem?) {
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var quotedLine = 0
        var i = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: recordLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
        }
        while i < bytes.count {
            let b = bytes[i]
            if inQuotes {
                if b == 0x22 {
                    if i + 1 < bytes.count && bytes[i + 1] == 0x22 { field.append(0x22); i += 2; continue }
                    inQuotes = false
                } else {
                    if b == 0x0A { line += 1 }
                    field.append(b)
                }
                i += 1
                continue
            }
            switch b {
            case 0x22 where field.isEmpty:
                inQuotes = true
                quotedLine = line
            case separator:
                endField()
            case 0x0D:
                break
            case 0x0A:
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(b)
            }
            i += 1
        }
        if inQuotes {
            return (records, Problem(line: quotedLine, message: "a quoted field opened here is never closed; the rest of the file was not read"))
        }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return (records, nil)
    }
}
