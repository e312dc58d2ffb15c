import Entries
import Foundation

/// The wine catalogue ("wine cache"): the wines a list is matched against.
public struct Catalogue: Sendable {
    public var name: String
    public var wines: [Wine]
    /// Rows skipped while loading, with their line numbers; loading never fails on one bad row.
    public var problems: [CatalogueError]

    public init(name: String, wines: [Wine], problems: [CatalogueError] = []) {
        self.name = name
        self.wines = wines
        self.problems = problems
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
        case "tsv", "tab": return try TSVCatalogueReader.read(String(decoding: data, as: UTF8.self), file: file)
        default: throw CatalogueError(file: file, "unknown catalogue format (expected .json or .tsv)")
        }
    }

    static func decodeJSON(_ data: Data, file: String) throws(CatalogueError) -> Catalogue {
        do {
            let decoded = try JSONDecoder().decode(File.self, from: data)
            return Catalogue(name: decoded.name ?? file, wines: decoded.wines)
        } catch {
            throw CatalogueError(file: file, "not a valid catalogue JSON file: \(error)")
        }
    }
}
