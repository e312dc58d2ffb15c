import Entries
import Foundation

/// Which source column feeds which catalogue field, plus the clean-ups a source needs (a title that
/// carries the producer and vintage, a colour given by the file name, a 5-star rating).
public struct ColumnMapping: Sendable, Equatable {
    public enum Field: String, Sendable, CaseIterable {
        case id, producer, wine, vintage, region, subregion, country, colour, grapes, score, price, currency, drinkFrom, drinkTo
    }

    public var name: String
    public var columns: [Field: String]
    /// The wine column holds "Producer 2013 Cuvée (Region)": strip producer, year and bracket, take the year.
    public var wineIsTitle = false
    /// Red.csv / White.csv …: the file name is the colour.
    public var colourFromFileName = false
    /// Multiplies scores onto the 100-point scale (Vivino's 5 stars × 20).
    public var scoreScale = 1.0
    /// Currency of prices when the file has no currency column.
    public var currency: String?
    /// Made into ids ("wm-12", "vivino-red-7") when the source has no id column or ids repeat across files.
    public var idPrefix: String
    public var separator: UInt8 = 0x2C

    public init(name: String, columns: [Field: String], wineIsTitle: Bool = false, colourFromFileName: Bool = false,
                scoreScale: Double = 1, currency: String? = nil, idPrefix: String, separator: UInt8 = 0x2C) {
        self.name = name
        self.columns = columns
        self.wineIsTitle = wineIsTitle
        self.colourFromFileName = colourFromFileName
        self.scoreScale = scoreScale
        self.currency = currency
        self.idPrefix = idPrefix
        self.separator = separator
    }

    /// Wine Enthusiast reviews (winemag-data-130k): the title holds the vintage.
    public static let wineEnthusiast = ColumnMapping(
        name: "winemag",
        columns: [.id: "id", .producer: "winery", .wine: "title", .grapes: "variety", .region: "region_1",
                  .subregion: "province", .country: "country", .score: "points", .price: "price"],
        wineIsTitle: true, currency: "USD", idPrefix: "wm-")

    /// Vivino scrape (Red.csv, White.csv, Rose.csv, Sparkling.csv): the colour is the file name, ratings are stars.
    public static let vivino = ColumnMapping(
        name: "vivino",
        columns: [.producer: "Winery", .wine: "Name", .vintage: "Year", .region: "Region", .country: "Country",
                  .score: "Rating", .price: "Price"],
        colourFromFileName: true, scoreScale: 20, currency: "EUR", idPrefix: "vivino-")

    /// The matching benchmark's catalogue.tsv.
    public static let bench = ColumnMapping(
        name: "bench",
        columns: [.id: "id", .producer: "producer", .wine: "wine", .vintage: "vintage", .region: "region",
                  .country: "country", .colour: "colour"],
        idPrefix: "", separator: 0x09)

    public static let presets = [wineEnthusiast, vivino, bench]

    /// Applies `field=Column` overrides ("producer=Winery"); an empty column removes the field.
    public mutating func override(_ spec: String) throws(CatalogueError) {
        let parts = spec.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let field = Field(rawValue: parts[0]) else {
            throw CatalogueError(file: "--map", "expected FIELD=COLUMN with FIELD one of \(Field.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(spec)\"")
        }
        columns[field] = parts[1].isEmpty ? nil : parts[1]
    }
}

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
        let (records, problem) = CSVReader.records(bytes, separator: mapping.separator)
        var problems: [CatalogueError] = []
        if let problem { problems.append(CatalogueError(file: file, line: problem.line, problem.message)) }
        guard let header = records.first else { throw CatalogueError(file: file, "file is empty (expected a header row)") }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        var column: [ColumnMapping.Field: Int] = [:]
        for (field, wanted) in mapping.columns {
            guard let i = names.firstIndex(where: { $0.caseInsensitiveCompare(wanted) == .orderedSame }) else {
                if field == .producer || (field == .id && mapping.idPrefix.isEmpty) {
                    throw CatalogueError(file: file, line: header.line, "no column \"\(wanted)\" for \(field.rawValue) (columns: \(names.joined(separator: ", ")))")
                }
                continue
            }
            column[field] = i
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
                guard let i = column[f] else { return nil }
                let v = record.fields[i].trimmingCharacters(in: .whitespacesAndNewlines)
                return v.isEmpty ? nil : v
            }
            guard let producer = value(.producer) else {
                problems.append(CatalogueError(file: file, line: line, "row has no \(mapping.columns[.producer] ?? "producer"); skipped"))
                continue
            }
            var wineName = value(.wine) ?? ""
            var vintage: Vintage?
            if let v = value(.vintage) {
                vintage = Vintage(v)
                if vintage == nil {
                    problems.append(CatalogueError(file: file, line: line, "vintage \"\(v)\" is not a year or NV; taken from the name if it has one"))
                }
            }
            let (cleaned, titleYear) = cleanName(wineName, producer: producer, isTitle: mapping.wineIsTitle)
            wineName = cleaned
            if vintage == nil, let titleYear { vintage = .year(titleYear) }
            func number(_ f: ColumnMapping.Field) -> Double? {
                guard let raw = value(f) else { return nil }
                if let d = Double(raw.replacingOccurrences(of: ",", with: ".")) { return d }
                problems.append(CatalogueError(file: file, line: line, "\(f.rawValue) \"\(raw)\" is not a number; left empty"))
                return nil
            }
            let id = value(.id).map { mapping.idPrefix + $0 }
                ?? "\(mapping.idPrefix)\(mapping.colourFromFileName ? base.lowercased() + "-" : "")\(line)"
            var wine = Wine(id: id, producer: producer, wine: wineName, region: value(.region), subregion: value(.subregion),
                            country: value(.country), colour: value(.colour).map(WineColour.normalize) ?? fileColour,
                            grapes: value(.grapes).map { $0.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) } } ?? [],
                            vintage: vintage, score: number(.score).map { ($0 * mapping.scoreScale * 10).rounded() / 10 },
                            drinkFrom: number(.drinkFrom).map { Int($0) }, drinkTo: number(.drinkTo).map { Int($0) },
                            releasePrice: number(.price), currency: value(.currency) ?? mapping.currency)
            if wine.subregion == wine.region { wine.subregion = nil }
            if wine.colour == nil, let grape = wine.grapes.first { wine.colour = GrapeColour.colour(of: grape) }
            if wine.releasePrice == nil { wine.currency = nil }
            out.append((wine, line))
        }
        return (out, problems)
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
