import Foundation

/// One row of a user-extendable TSV table (abbreviations, wine vocabulary): columns split at tabs
/// and trimmed, with the row's 1-based line number so errors can name file and line. Blank lines
/// and `#` comments are no rows.
struct TableRow {
    let line: Int
    let text: String
    let columns: [String]

    static func rows(of tsv: String) -> [TableRow] {
        tsv.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let text = line.trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
            if text.trimmingCharacters(in: .whitespaces).isEmpty || text.hasPrefix("#") { return nil }
            let columns = text.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            return TableRow(line: index + 1, text: text, columns: columns)
        }
    }
}
