/// Left-aligned columns for a terminal: a header, a rule, and rows padded to each column's widest cell.
public struct TextTable {
    public var header: [String]
    public var rows: [[String]] = []

    public init(header: [String]) {
        self.header = header
    }

    public var text: String {
        let all = [header] + rows
        let widths = header.indices.map { c in all.map { $0.indices.contains(c) ? $0[c].count : 0 }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { c, cell in
                c == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[c] - cell.count)
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }
        return ([line(header), line(rule)] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}
