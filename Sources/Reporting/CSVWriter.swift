/// RFC 4180 CSV: CRLF line ends, fields quoted when they hold a comma, quote, CR or LF,
/// quotes doubled. UTF-8 without a byte-order mark.
public struct CSVWriter: Sendable {
    public private(set) var text = ""

    public init(header: [String]) {
        append(header)
    }

    public mutating func append(_ row: [String]) {
        text += row.map(Self.field).joined(separator: ",") + "\r\n"
    }

    public static func field(_ value: String) -> String {
        if value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) {
            return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return value
    }

    /// Parses RFC 4180 text back into rows (used by tests and by `decant eval` on existing reports).
    public static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var iterator = Array(text).makeIterator()
        var pending: Character? = iterator.next()
        while let c = pending {
            pending = iterator.next()
            if quoted {
                if c == "\"" {
                    if pending == "\"" { field.append("\""); pending = iterator.next() } else { quoted = false }
                } else {
                    field.append(c)
                }
                continue
            }
            switch c {
            case "\"": quoted = true
            case ",": row.append(field); field = ""
            case "\r\n", "\n", "\r":
                row.append(field); field = ""
                rows.append(row); row = []
            default: field.append(c)
            }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}
