import CSVSwift

/// Rows of CSV text as yaslab/CSV.swift reads them, to check what the reports wrote.
public enum CSVRows {
    public static func parse(_ text: String) throws -> [[String]] {
        let reader = try CSVReader(string: text)
        var rows: [[String]] = []
        while let row = reader.next() { rows.append(row) }
        return rows
    }
}
