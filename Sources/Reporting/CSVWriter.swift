import CSVSwift
import Foundation

/// RFC 4180 CSV as yaslab/CSV.swift writes it: CRLF line ends, fields quoted when they hold a comma,
/// a quote, a CR or an LF (a CR LF pair too), quotes doubled; UTF-8 without a byte-order mark. Every
/// row ends with its line break, the last one included.
///
/// CSV.swift writes byte by byte through an `OutputStream`: on 100,000 catalogue rows it took 5.2 s
/// of CPU where a hand-written writer took 0.73 s (docs/benchmarks/libraries.md), which is a few
/// milliseconds on a job's reports of some hundred rows, and it quotes a field holding a CR LF
/// pair, which the hand-written one left bare.
public struct CSVWriter: Sendable {
    /// The rows so far, header first; written out in one go by `text`.
    public private(set) var rows: [[String]]

    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public init(header: [String]) {
        rows = [header]
    }

    public mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The file's text. CSV.swift writes into memory here, where a write fails only when memory does.
    public var text: String {
        get throws(WriteError) {
            do {
                let writer = try CSVSwift.CSVWriter(stream: .toMemory(), newline: .crlf)
                for row in rows { try writer.write(row: row) }
                writer.stream.close()
                guard let data = writer.stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data else {
                    throw WriteError(description: "CSV text could not be read back from memory")
                }
                // CSV.swift puts line breaks between rows; the last row ends with one too.
                return String(decoding: data, as: UTF8.self) + "\r\n"
            } catch let error as WriteError {
                throw error
            } catch {
                throw WriteError(description: "CSV text could not be written (\(error))")
            }
        }
    }

    /// Writes the text to `path` whole or not at all (`AtomicFile`).
    public func write(to path: String) throws(AtomicFile.WriteError) {
        let text: String
        do { text = try self.text } catch { throw AtomicFile.WriteError(path: path, message: error.description) }
        try AtomicFile.write(text, to: path)
    }
}
