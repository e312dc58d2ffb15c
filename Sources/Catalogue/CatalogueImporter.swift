import Entries
import Foundation

/// `decant catalogue import`: CSV/TSV files → one catalogue, with every row-level problem reported by
/// file and line and duplicates merged.
public enum CatalogueImporter {
    public static func importFiles(_ paths: [String], mapping: ColumnMapping, name: String,
                                   text: MatchText = MatchText()) throws(CatalogueError) -> Catalogue {
        var problems: [CatalogueError] = []
        var wines: [(Wine, String, Int)] = []
        for path in paths {
            let file = (path as NSString).lastPathComponent
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CatalogueError(file: file, "file could not be read (missing or permission denied)")
            }
            let (rows, fileProblems) = try read([UInt8](data), file: file, mapping: mapping)
            problems += fileProblems
            wines += rows.map { ($0.0, file, $0.1) }
        }
        // One builder across files, so a wine listed in two files is merged too.
        var builder = CatalogueBuilder(file: paths.count == 1 ? (paths[0] as NSString).lastPathComponent : name, text: text)
        for (wine, file, line) in wines {
            let before = builder.problems.count
            builder.add(wine, line: line)
            if paths.count > 1 {
                for k in before..<builder.problems.count { builder.problems[k].file = file }
            }
        }
        var catalogue = builder.build(name: name)
        catalogue.problems = problems + catalogue.problems
        return catalogue
    }

    /// Rows of one file with the line each came from; problems that skip or repair a row.
    static func read(_ bytes: [UInt8], file: String, mapping: ColumnMapping) throws(CatalogueError) -> ([(Wine, Int)], [CatalogueError]) {
        let bytes = utf8(bytes)
        var separator = mapping.separator
        if mapping.detectsTabs {
            let firstLine = bytes.prefix { $0 != 0x0A }
            if firstLine.contains(0x09) && !firstLine.contains(0x2C) { separator = 0x09 }
        }
        let (records, problem) = CSVReader.records(bytes, separator: separator)
        var problems: [CatalogueError] = []
        if let problem { problems.append(CatalogueError(file: file, line: problem.line, problem.message)) }
        guard let header = records.first else { throw CatalogueError(file: file, "file is empty (expected a header row)") }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        var column: [ColumnMapping.Field: [Int]] = [:]
        for field in ColumnMapping.Field.allCases {
            let wanted = mapping.alternatives(field)
            let found = wanted.compactMap { w in names.firstIndex { $0.caseInsensitiveCompare(w) == .orderedSame } }
            if found.isEmpty {
                if !wanted.isEmpty && (mapping.required.contains(field) || (field == .id && mapping.idPrefix.isEmpty)) {
                    let what = wanted.count == 1 ? "no column \"\(wanted[0])\"" : "none of the columns \(wanted.map { "\"\($0)\"" }.joined(separator: ", "))"
                    throw CatalogueError(file: file, line: header.line,
                                         "\(what) for \(field.rawValue), which a \(mapping.name) file has (columns: \(names.joined(separator: ", ")))")
                }
                continue
            }
            // A score is read from the first column a row fills; any other field from the first column present.
            column[field] = field == .score ? found : [found[0]]
        }
        let base = ((file as NSString).deletingPathExtension as String)
        let fileColour = mapping.colourFromFileName ? WineColour.known(base) : nil
        var out: [(Wine, Int)] = []
        out.reserveCapacity(records.count)
        for record in records.dropFirst() {
            let line = record.line
            if record.fields.count < names.count {
                problems.append(CatalogueError(file: file, line: line, "expected \(names.count) columns, found \(record.fields.count); skipped"))
                continue
            }
            func value(_ f: ColumnMapping.Field) -> String? {
                for i in column[f] ?? [] {
                    let v = record.fields[i].trimmingCharacters(in: .whitespacesAndNewlines)
                    if !v.isEmpty { return v }
                }
                return nil
            }
            guard let producer = value(.producer) else {
                problems.append(CatalogueError(file: file, line: line, "row has no \(mapping.columns[.producer] ?? "producer"); skipped"))
                continue
            }
            var wineName = value(.wine) ?? ""
            var vintage: Vintage?
            if let v = value(.vintage) {
                vintage = mapping.nonVintageCodes.contains(v) ? .nonVintage : Vintage(v)
                if vintage == nil {
                    problems.append(CatalogueError(file: file, line: line, "vintage \"\(v)\" is not a year or NV; taken from the name if it has one"))
                }
            }
            let (cleaned, titleYear) = cleanName(wineName, producer: producer, isTitle: mapping.wineIsTitle)
            wineName = cleaned
            if vintage == nil, let titleYear { vintage = .year(titleYear) }
            func number(_ f: ColumnMapping.Field) -> Double? {
                guard let raw = value(f) else { return nil }
                if let d = Double(raw.replacingOccurrences(of: ",", with: ".")), d.isFinite { return d }
                problems.append(CatalogueError(file: file, line: line, "\(f.rawValue) \"\(raw)\" is not a number; left empty"))
                return nil
            }
            func year(_ f: ColumnMapping.Field) -> Int? {
                guard let raw = number(f) else { return nil }
                if (1800...2200).contains(raw), raw == raw.rounded() { return Int(raw) }
                problems.append(CatalogueError(file: file, line: line, "\(f.rawValue) \"\(value(f) ?? "")\" is not a year; left empty"))
                return nil
            }
            var score: Double?
            if let raw = value(.score) {
                if let points = Self.score(raw) {
                    let scaled = (points * mapping.scoreScale * 10).rounded() / 10
                    if (0...100).contains(scaled) { score = scaled } else {
                        problems.append(CatalogueError(file: file, line: line, "score \"\(raw)\" is beyond 100 points; left empty"))
                    }
                } else {
                    problems.append(CatalogueError(file: file, line: line, "score \"\(raw)\" is not a number; left empty"))
                }
            }
            var drinkFrom = year(.drinkFrom)
            var drinkTo = year(.drinkTo)
            if drinkFrom == nil && drinkTo == nil, let raw = value(.drinkWindow) {
                let years = Self.years(in: raw)
                drinkFrom = years.first
                drinkTo = years.count > 1 ? years.last : nil
                if years.isEmpty { problems.append(CatalogueError(file: file, line: line, "drinking window \"\(raw)\" holds no year; left empty")) }
            }
            if let from = drinkFrom, let to = drinkTo, to < from {
                problems.append(CatalogueError(file: file, line: line, "drinking window ends (\(to)) before it begins (\(from)); left empty"))
                drinkFrom = nil
                drinkTo = nil
            }
            let id = value(.id).map { mapping.idPrefix + $0 }
                ?? "\(mapping.idPrefix)\(mapping.colourFromFileName ? base.lowercased() + "-" : "")\(line)"
            var wine = Wine(id: id, producer: producer, wine: wineName, region: value(.region), subregion: value(.subregion),
                            country: value(.country), colour: value(.colour).map { WineColour.fromType($0) ?? WineColour.normalize($0) } ?? fileColour,
                            grapes: value(.grapes).map { $0.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) } } ?? [],
                            vintage: vintage, score: score, drinkFrom: drinkFrom, drinkTo: drinkTo,
                            releasePrice: number(.price).flatMap { $0 > 0 ? $0 : nil }, currency: value(.currency) ?? mapping.currency)
            if wine.subregion == wine.region { wine.subregion = nil }
            if wine.colour == nil, let grape = wine.grapes.first { wine.colour = GrapeColour.colour(of: grape) }
            if wine.releasePrice == nil { wine.currency = nil }
            out.append((wine, line))
        }
        return (out, problems)
    }

    /// Exports that are not UTF-8 (CellarTracker's CSV has been Windows-1252) are read as Windows-1252,
    /// so "Château" stays "Château" rather than becoming replacement characters.
    static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        if String(validating: bytes, as: UTF8.self) != nil { return bytes }
        guard let text = String(data: Data(bytes), encoding: .windowsCP1252) else { return bytes }
        return Array(text.utf8)
    }

    /// Points as exports write them: "93", "93.5", "93+" (93), a barrel range "93-95" (94).
    static func score(_ text: String) -> Double? {
        let cleaned = text.trimmingCharacters(in: CharacterSet(charactersIn: " ()+*")).replacingOccurrences(of: ",", with: ".")
        if let d = Double(cleaned) { return d.isFinite ? d : nil }
        let parts = cleaned.split(whereSeparator: { $0 == "-" || $0 == "–" }).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " +")) }
        guard parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1]), low.isFinite, high.isFinite, low <= high
        else { return nil }
        return (low + high) / 2
    }

    /// The years of "2020 - 2030", "2020–2030" or "from 2024".
    static func years(in text: String) -> [Int] {
        text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.filter { (1800...2200).contains($0) }
    }

    /// "Nicosia 2013 Vulkà Bianco  (Etna)" with producer "Nicosia" → ("Vulkà Bianco", 2013); a name
    /// "Pomerol 2011" → ("Pomerol", 2011).
    static func cleanName(_ raw: String, producer: String, isTitle: Bool) -> (String, Int?) {
        var s = raw
        if isTitle {
            if s.lowercased().hasPrefix(producer.lowercased()) { s = String(s.dropFirst(producer.count)) }
            if s.hasSuffix(")"), let open = s.lastIndex(of: "(") { s = String(s[..<open]) }
        }
        var year: Int?
        var words = s.split(whereSeparator: \.isWhitespace).map(String.init)
        if let i = words.firstIndex(where: { $0.count == 4 && Int($0).map { (1900...2100).contains($0) } == true }) {
            year = Int(words[i])
            words.remove(at: i)
        } else if let i = words.firstIndex(where: { ["N.V.", "NV", "n.v."].contains($0) }) {
            words.remove(at: i)
        }
        return (words.joined(separator: " "), year)
    }
}

/// Colour of a wine from its main grape or style, for sources that give no colour (Wine Enthusiast).
enum GrapeColour {
    static let red: Set<String> = [
        "cabernet sauvignon", "merlot", "pinot noir", "syrah", "shiraz", "malbec", "zinfandel", "sangiovese",
        "nebbiolo", "tempranillo", "grenache", "garnacha", "cabernet franc", "petite sirah", "petit verdot",
        "barbera", "dolcetto", "gamay", "mourvedre", "monastrell", "carmenere", "aglianico", "nero d avola",
        "primitivo", "touriga nacional", "pinotage", "tannat", "corvina", "montepulciano", "red blend",
        "bordeaux style red blend", "rhone style red blend", "portuguese red", "cabernet blend", "g s m",
        "sangiovese grosso", "tinta de toro", "mencia", "lagrein", "blaufrankisch", "zweigelt", "st laurent",
        "nerello mascalese", "cannonau", "carignan", "cinsault", "petite verdot", "meritage",
    ]
    static let white: Set<String> = [
        "chardonnay", "sauvignon blanc", "riesling", "pinot gris", "pinot grigio", "gewurztraminer",
        "gruner veltliner", "chenin blanc", "viognier", "semillon", "albarino", "verdejo", "vermentino",
        "muscadet", "melon", "marsanne", "roussanne", "white blend", "portuguese white", "bordeaux style white blend",
        "rhone style white blend", "pinot blanc", "torrontes", "garganega", "trebbiano", "friulano", "fiano",
        "greco", "assyrtiko", "godello", "moscato", "muscat", "silvaner", "sylvaner", "verdicchio", "vidal",
        "arneis", "cortese", "furmint", "alvarinho", "loureiro", "macabeo", "viura", "carricante", "grillo",
    ]

    static func colour(of grape: String) -> String? {
        let key = MatchText.tokenize(grape).map(\.text).joined(separator: " ")
        if key.contains("rose") || key.contains("rosado") || key.contains("rosato") { return "rose" }
        if key.contains("sparkling") || key.contains("champagne") { return "sparkling" }
        if key == "port" || key.contains("sherry") || key.contains("madeira") { return "fortified" }
        if red.contains(key) { return "red" }
        if white.contains(key) { return "white" }
        return nil
    }
}

extension WineColour {
    /// A colour from an export's type column: "Red", "White - Sweet/Dessert" (sweet), "Rosé - Sparkling"
    /// (sparkling), "Dessert wine"; the style outranks the colour it is made from.
    public static func fromType(_ text: String) -> String? {
        if let colour = known(text) { return colour }
        let words = Set(MatchText.tokenize(text).map(\.text))
        for (colour, names) in [("sparkling", ["sparkling", "champagne"]), ("fortified", ["fortified", "port", "sherry", "madeira"]),
                                ("sweet", ["sweet", "dessert"]), ("rose", ["rose", "blush"]), ("red", ["red"]), ("white", ["white"])]
        where names.contains(where: words.contains) {
            return colour
        }
        return nil
    }
}
