import Entries

/// Reads the tab-separated layout `id producer wine vintage region country colour [text]` with a header row.
enum TSVCatalogueReader {
    static func read(_ text: String, file: String) throws(CatalogueError) -> Catalogue {
        var wines: [Wine] = []
        var problems: [CatalogueError] = []
        var header: [String: Int] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.isEmpty { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if header.isEmpty {
                for (i, name) in columns.enumerated() { header[name.lowercased()] = i }
                guard header["id"] != nil, header["producer"] != nil else {
                    throw CatalogueError(file: file, line: 1, "header must name at least the columns id and producer")
                }
                continue
            }
            func column(_ name: String) -> String? {
                guard let i = header[name], i < columns.count else { return nil }
                let v = columns[i].trimmingCharacters(in: .whitespaces)
                return v.isEmpty ? nil : v
            }
            guard let id = column("id"), let producer = column("producer") else {
                problems.append(CatalogueError(file: file, line: index + 1, "row has no id or producer; skipped"))
                continue
            }
            let vintageText = column("vintage")
            let vintage = vintageText.flatMap(Vintage.init)
            if let vintageText, vintage == nil {
                problems.append(CatalogueError(file: file, line: index + 1, "vintage \"\(vintageText)\" is not a year or NV; kept without vintage"))
            }
            wines.append(Wine(id: id, producer: producer, wine: column("wine") ?? "", region: column("region"),
                              country: column("country"), colour: column("colour"), vintage: vintage))
        }
        return Catalogue(name: file, wines: wines, problems: problems)
    }
}
