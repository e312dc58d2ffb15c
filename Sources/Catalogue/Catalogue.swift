import Entries
import Foundation

/// The wine catalogue ("wine cache"): the wines a list is matched against.
///
/// Rows are stored as interned ids rather than `Wine` values so a million-row catalogue stays a few
/// tens of megabytes and loads in about a second; `self[i]` materializes one `Wine` when needed.
public struct Catalogue: Sendable {
    public var name: String
    /// Rows skipped, merged or repaired while loading, with their line numbers; loading never fails on one bad row.
    public internal(set) var problems: [CatalogueError]
    var pool: StringPool
    /// Row i's id is ids' string i + 1 (ids are unique, so the pool doubles as the id lookup).
    var ids: StringPool
    var rows: [CatalogueRow]
    /// Label of each row: rows with the same producer and wine once folded (accents, case,
    /// abbreviations) share one, whatever their vintage.
    var rowLabel: [UInt32]
    var labelCount: Int

    /// Builds a catalogue from values (duplicates merged, repeated ids skipped, both reported).
    public init(name: String, wines: [Wine], problems: [CatalogueError] = [], file: String? = nil) {
        var builder = CatalogueBuilder(file: file ?? name)
        for (index, wine) in wines.enumerated() { builder.add(wine, line: file == nil ? nil : index + 1) }
        self = builder.build(name: name)
        self.problems = problems + self.problems
    }

    init(name: String, pool: StringPool, ids: StringPool, rows: [CatalogueRow], rowLabel: [UInt32], labelCount: Int,
         problems: [CatalogueError]) {
        self.name = name
        self.pool = pool
        self.ids = ids
        self.rows = rows
        self.rowLabel = rowLabel
        self.labelCount = labelCount
        self.problems = problems
    }

    public var count: Int { rows.count }
    public var isEmpty: Bool { rows.isEmpty }

    public subscript(index: Int) -> Wine {
        let r = rows[index]
        return Wine(id: ids.string(UInt32(index + 1)), producer: pool.string(r.producer), wine: pool.string(r.wine),
                    region: pool.optionalString(r.region), subregion: pool.optionalString(r.subregion),
                    country: pool.optionalString(r.country), colour: pool.optionalString(r.colour),
                    grapes: r.grapes == 0 ? [] : pool.string(r.grapes).split(separator: CatalogueRow.grapeSeparator).map(String.init),
                    vintage: r.vintageValue, score: r.score.isNaN ? nil : r.score,
                    drinkFrom: r.drinkFrom == 0 ? nil : Int(r.drinkFrom), drinkTo: r.drinkTo == 0 ? nil : Int(r.drinkTo),
                    releasePrice: r.releasePrice.isNaN ? nil : r.releasePrice, currency: pool.optionalString(r.currency))
    }

    /// Every row as a value (materializes the whole catalogue: fine for hundreds of rows, not for millions).
    public var wines: [Wine] { (0..<count).map { self[$0] } }

    /// The row holding `id`, if any.
    public func index(ofID id: String) -> Int? {
        var copy = id
        guard let found = copy.withUTF8({ ids.lookup($0) }), found > 0 else { return nil }
        return Int(found) - 1
    }

    public func id(at index: Int) -> String { ids.string(UInt32(index + 1)) }
    public func vintage(at index: Int) -> Vintage? { rows[index].vintageValue }
    public func displayName(at index: Int) -> String {
        Wine.displayName(producer: pool.string(rows[index].producer), wine: pool.string(rows[index].wine))
    }

    struct File: Codable {
        var schemaVersion: Int?
        var name: String?
        var wines: [Wine]
    }

    /// The catalogue compiled into the program (Sources/Catalogue/Resources/default-catalogue.json).
    public static func builtIn() throws(CatalogueError) -> Catalogue {
        try decodeJSON(Data(PackageResources.default_catalogue_json), file: "default-catalogue.json")
    }

    /// Loads a catalogue by extension: `.json` (Decant's format) or `.tsv` (id, producer, wine, vintage,
    /// region, country, colour — the matching benchmark's layout; its ids are kept).
    public static func load(path: String) throws(CatalogueError) -> Catalogue {
        let file = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogueError(file: file, "catalogue could not be read (missing or permission denied)")
        }
        switch (path as NSString).pathExtension.lowercased() {
        case "json": return try decodeJSON(data, file: file)
        case "tsv", "tab", "txt": return try TSVCatalogueReader.read(data, file: file)
        default: throw CatalogueError(file: file, "unknown catalogue format (expected .json or .tsv)")
        }
    }

    static func decodeJSON(_ data: Data, file: String) throws(CatalogueError) -> Catalogue {
        let decoded: File
        do {
            decoded = try JSONDecoder().decode(File.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw CatalogueError(file: file, "not a valid catalogue JSON file: \(Self.describe(context))")
        } catch let DecodingError.keyNotFound(key, context) {
            throw CatalogueError(file: file, "not a valid catalogue JSON file: \(Self.describe(context)) misses \"\(key.stringValue)\"")
        } catch let DecodingError.typeMismatch(_, context) {
            throw CatalogueError(file: file, "not a valid catalogue JSON file: \(Self.describe(context)): \(context.debugDescription)")
        } catch {
            throw CatalogueError(file: file, "not a valid catalogue JSON file: \(error)")
        }
        var builder = CatalogueBuilder(file: file)
        // JSON has no line numbers; problems name the row's position in "wines" instead.
        for (index, wine) in decoded.wines.enumerated() { builder.add(wine, line: nil, position: index) }
        return builder.build(name: decoded.name ?? file)
    }

    private static func describe(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? context.debugDescription : "at \(path)"
    }
}

extension Catalogue {
    /// The catalogue in Decant's JSON format (docs/catalogue-format.md).
    public func jsonData() throws(CatalogueError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do { return try encoder.encode(File(schemaVersion: 1, name: name, wines: wines)) + Data("\n".utf8) } catch {
            throw CatalogueError(file: name, "could not encode the catalogue as JSON: \(error)")
        }
    }

    /// The benchmark's TSV layout (id producer wine vintage region country colour), for catalogues too
    /// large for JSON to load quickly.
    public func tsvText() -> String {
        var out = "id\tproducer\twine\tvintage\tregion\tsubregion\tcountry\tcolour\tscore\treleaseprice\tcurrency\tdrinkfrom\tdrinkto\tgrapes\n"
        func clean(_ s: String?) -> String { (s ?? "").replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") }
        for i in 0..<count {
            let w = self[i]
            let fields: [String?] = [w.id, w.producer, w.wine, w.vintage?.description, w.region, w.subregion, w.country, w.colour,
                          w.score.map { String($0) }, w.releasePrice.map { String($0) }, w.currency,
                          w.drinkFrom.map(String.init), w.drinkTo.map(String.init), w.grapes.isEmpty ? nil : w.grapes.joined(separator: "/")]
            out += fields.map(clean).joined(separator: "\t") + "\n"
        }
        return out
    }
}
