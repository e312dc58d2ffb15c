import Foundation

/// How text becomes entries: the year vintages and drinking windows are judged against, how
/// receipts' numeric dates are read, and the abbreviation and vocabulary files merged over the
/// built-in tables (`--as-of`, `--date-order`, `--abbreviations`, `--vocabulary`). The tables are
/// loaded when a file is named and are not part of the encoding: the file names are, and the
/// files' contents key the result cache beside them.
public struct EntrySettings: Sendable, Codable {
    /// Year two-digit vintages pivot around.
    public var runYear: Int
    /// How receipts' numeric dates are read (03/04/2018); `.unspecified` reports ambiguous dates
    /// with both readings instead of guessing.
    public var dateOrder: DateOrder
    public private(set) var abbreviationsFile: String?
    public private(set) var vocabularyFile: String?
    /// The built-in abbreviations with `abbreviationsFile`'s merged over them.
    public private(set) var abbreviations = AbbreviationTable.builtIn
    /// Countries, regions, grapes and cuvée words the wine-list fields are split with.
    public private(set) var vocabulary = WineVocabulary.builtIn

    public init(runYear: Int = FieldParser.currentYear, dateOrder: DateOrder = .unspecified) {
        self.runYear = runYear
        self.dateOrder = dateOrder
    }

    /// Merges `path`'s abbreviations over the built-in ones.
    public mutating func useAbbreviations(_ path: String) throws(EntriesError) {
        var table = AbbreviationTable.builtIn
        try table.merge(tsv: try Self.read(path, what: "abbreviations"), source: (path as NSString).lastPathComponent)
        abbreviations = table
        abbreviationsFile = path
    }

    /// Merges `path`'s vocabulary over the built-in one.
    public mutating func useVocabulary(_ path: String) throws(EntriesError) {
        var words = WineVocabulary.builtIn
        try words.merge(tsv: try Self.read(path, what: "vocabulary"), source: (path as NSString).lastPathComponent)
        vocabulary = words
        vocabularyFile = path
    }

    static func read(_ path: String, what: String) throws(EntriesError) -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw EntriesError(file: path, "\(what) file cannot be read")
        }
        return text
    }

    enum CodingKeys: String, CodingKey { case runYear, dateOrder, abbreviationsFile, vocabularyFile }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(runYear: try c.decode(Int.self, forKey: .runYear), dateOrder: try c.decode(DateOrder.self, forKey: .dateOrder))
        if let path = try c.decodeIfPresent(String.self, forKey: .abbreviationsFile) { try useAbbreviations(path) }
        if let path = try c.decodeIfPresent(String.self, forKey: .vocabularyFile) { try useVocabulary(path) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(runYear, forKey: .runYear)
        try c.encode(dateOrder, forKey: .dateOrder)
        try c.encode(abbreviationsFile, forKey: .abbreviationsFile)
        try c.encode(vocabularyFile, forKey: .vocabularyFile)
    }
}
