import Foundation

/// Countries, regions and appellations, grape varieties and cuvée words, as data a user can extend:
/// what lets the parser split an entry's name into producer, wine, region, country and grapes.
///
/// Terms are matched over whole words of the entry, folded (case, accents, hyphens and the
/// St/Ste/Mt abbreviations ignored), longest match first, never starting or ending inside a word:
/// "Cabernet" alone is no grape, "Research" holds no "Res", "Pomerol" is not found in
/// "Lalande-de-Pomerol" (which is its own appellation).
public struct WineVocabulary: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case country, region, grape, cuvee, colour
    }

    public struct Term: Sendable, Equatable {
        public var kind: Kind
        /// The name as the table writes it.
        public var name: String
        /// The name it stands for (a synonym's variety, a country's usual form); the name itself otherwise.
        public var canonical: String
        /// For regions: the country they are in.
        public var country: String?
        /// For appellations: the broader region they belong to.
        public var region: String?
    }

    /// A run of whole words of a text that names one or more terms (a name can be two kinds:
    /// Montepulciano is a grape and a town).
    public struct Match: Sendable, Equatable {
        public var words: Range<Int>
        public var terms: [Term]
        public func term(_ kind: Kind) -> Term? { terms.first { $0.kind == kind } }
    }

    /// Term key sequences by their first key; longest first within a group.
    private var entries: [String: [(keys: [String], terms: [Term])]] = [:]
    /// The same first keys by their length in characters, in the order they were added. A fuzzy
    /// look-up only compares keys within one character of the word's length: comparing every key
    /// of the table with every unknown word made the vocabulary most of a wine list's parsing time
    /// (about 200 ms a page on the generated 12 MP set).
    private var firstKeysByLength: [Int: [String]] = [:]
    public private(set) var count = 0

    public init() {}

    /// The built-in tables (Sources/Entries/Resources/regions.tsv, grapes.tsv, terms.tsv).
    public static let builtIn: WineVocabulary = {
        var vocabulary = WineVocabulary()
        let files: [(String, [UInt8])] = [("regions.tsv", PackageResources.regions_tsv), ("grapes.tsv", PackageResources.grapes_tsv),
                                          ("terms.tsv", PackageResources.terms_tsv)]
        // The built-in files are part of the program; a malformed row there is a programming error caught by tests.
        for (name, bytes) in files { try? vocabulary.merge(tsv: String(decoding: bytes, as: UTF8.self), source: name) }
        return vocabulary
    }()

    public init(tsv: String, source: String) throws(EntriesError) {
        self.init()
        try merge(tsv: tsv, source: source)
    }

    /// Adds rows `kind<TAB>name[<TAB>canonical[<TAB>country[<TAB>region]]]`; `#` starts a comment
    /// line. A row naming a term already known replaces it (a user's table overrides the built-in one).
    public mutating func merge(tsv: String, source: String) throws(EntriesError) {
        for row in TableRow.rows(of: tsv) {
            let columns = row.columns
            guard let kind = Kind(rawValue: columns[0].lowercased()) else {
                throw EntriesError(file: source, line: row.line,
                                   "first column must be one of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(columns[0])\"")
            }
            guard columns.count >= 2, !columns[1].isEmpty else {
                throw EntriesError(file: source, line: row.line, "expected `kind<TAB>name[<TAB>canonical<TAB>country<TAB>region]`, got \"\(row.text)\"")
            }
            func column(_ i: Int) -> String? { columns.count > i && !columns[i].isEmpty ? columns[i] : nil }
            if kind == .region, column(3) == nil {
                throw EntriesError(file: source, line: row.line, "region \"\(columns[1])\" needs its country in the fourth column")
            }
            add(Term(kind: kind, name: columns[1], canonical: column(2) ?? columns[1], country: column(3), region: column(4)))
        }
    }

    public mutating func add(_ term: Term) {
        let keys = Self.keys(term.name).map(\.key)
        guard let first = keys.first else { return }
        if entries[first] == nil { firstKeysByLength[first.count, default: []].append(first) }
        var group = entries[first, default: []]
        if let i = group.firstIndex(where: { $0.keys == keys }) {
            group[i].terms.removeAll { $0.kind == term.kind }
            group[i].terms.append(term)
        } else {
            group.append((keys, [term]))
            group.sort { $0.keys.count > $1.keys.count }
        }
        entries[first] = group
        count = entries.values.reduce(0) { $0 + $1.reduce(0) { $0 + $1.terms.count } }
    }

    /// Every term of one kind (for tests and for a user checking what is known).
    public func terms(_ kind: Kind) -> [Term] {
        entries.values.flatMap { $0.flatMap(\.terms) }.filter { $0.kind == kind }.sorted { $0.name < $1.name }
    }

    /// The terms found in `words` (whitespace tokens of an entry), left to right, longest first;
    /// a term never spans a comma or semicolon between its words.
    public func matches(in words: [String]) -> [Match] {
        matches(in: words, fuzzy: false)
    }

    /// With `fuzzy`, a key of five letters or more may differ from the table's by one edit, after
    /// the umlaut OCR reads as "ii" ("Griiner", "Niederésterreich", "Cabernct"; "Cabemet", "rn" read
    /// as "m", is two edits and is not taken): used only where a term is expected (a region line,
    /// the part before a producer), never to find one in a name.
    func matches(in words: [String], fuzzy: Bool) -> [Match] {
        var keys: [(key: String, word: Int, first: Bool, last: Bool, stop: Bool)] = []
        for (w, word) in words.enumerated() {
            let parts = Self.keys(word)
            let stop = word.last.map { ",;:".contains($0) } ?? false
            for (k, part) in parts.enumerated() {
                keys.append((part.key, w, k == 0, k == parts.count - 1, stop && k == parts.count - 1))
            }
        }
        var found: [Match] = []
        var i = 0
        outer: while i < keys.count {
            var groups: [[(keys: [String], terms: [Term])]] = entries[keys[i].key].map { [$0] } ?? []
            if fuzzy, groups.isEmpty { groups = nearGroups(keys[i].key) }
            if keys[i].first, !groups.isEmpty {
                let group = groups.flatMap { $0 }.sorted { $0.keys.count > $1.keys.count }
                for candidate in group where i + candidate.keys.count <= keys.count {
                    let end = i + candidate.keys.count - 1
                    guard keys[end].last, (i..<end).allSatisfy({ !keys[$0].stop }),
                          (0..<candidate.keys.count).allSatisfy({
                              keys[i + $0].key == candidate.keys[$0] || fuzzy && Self.near(keys[i + $0].key, candidate.keys[$0])
                          }) else { continue }
                    found.append(Match(words: keys[i].word..<(keys[end].word + 1), terms: candidate.terms))
                    i = end + 1
                    continue outer
                }
            }
            i += 1
        }
        return found
    }

    /// The groups whose first key is one OCR slip from `read` (`near`), found among the keys of
    /// the lengths such a slip allows.
    private func nearGroups(_ read: String) -> [[(keys: [String], terms: [Term])]] {
        let repaired = Self.repairedUmlaut(read)
        var found: [[(keys: [String], terms: [Term])]] = []
        var seen: Set<String> = []
        for exact in [read, repaired] where seen.insert(exact).inserted {
            if let group = entries[exact] { found.append(group) }
        }
        let length = repaired.count
        guard length + 1 >= 5 else { return found }
        for candidateLength in max(5, length - 1)...(length + 1) {
            for key in firstKeysByLength[candidateLength] ?? [] where !seen.contains(key)
                && Levenshtein.distance(repaired, key, limit: 1) <= 1 {
                if let group = entries[key] { found.append(group) }
            }
        }
        return found
    }

    static func repairedUmlaut(_ read: String) -> String {
        read.contains("ii") ? read.replacingOccurrences(of: "ii", with: "u") : read
    }

    /// One OCR slip apart: "ii" read for "ü" (folded to "u"), or one edit in a key of five letters or more.
    static func near(_ read: String, _ key: String) -> Bool {
        if read == key { return true }
        let repaired = repairedUmlaut(read)
        if repaired == key { return true }
        guard key.count >= 5, abs(repaired.count - key.count) <= 1 else { return false }
        return Levenshtein.distance(repaired, key, limit: 1) <= 1
    }

    /// Matches of one kind that cover all of `words` (a part such as "Champagne" or "Pinot Noir / Syrah").
    public func covering(_ words: [String], kind: Kind, fuzzy: Bool = false) -> [Term]? {
        let content = words.enumerated().filter { !Self.joiners.contains(Self.fold($0.element)) && !Self.fold($0.element).isEmpty }
        guard !content.isEmpty else { return nil }
        let found = matches(in: words, fuzzy: fuzzy).filter { $0.term(kind) != nil }
        let covered = Set(found.flatMap { Array($0.words) })
        guard content.allSatisfy({ covered.contains($0.offset) }) else { return nil }
        return found.compactMap { $0.term(kind) }
    }

    /// Words that join terms in a list of them ("Syrah / Grenache", "Merlot & Cabernet Franc").
    static let joiners: Set<String> = ["/", "&", "+", "and", "et", "y", "e", "-", "–", "—"]

    /// The folded keys of one word: split at hyphens, slashes and middle dots, punctuation at the
    /// edges dropped, lower-cased, accents removed, St/Ste/Mt read as Saint/Sainte/Mount.
    static func keys(_ text: String) -> [(key: String, original: Substring)] {
        text.split(whereSeparator: { $0.isWhitespace || $0 == "-" || $0 == "–" || $0 == "/" || $0 == "·" || $0 == "‧" })
            .compactMap { piece in
                let key = fold(String(piece))
                return key.isEmpty ? nil : (Self.spelledOut[key] ?? key, piece)
            }
    }

    static let spelledOut: [String: String] = ["st": "saint", "ste": "sainte", "mt": "mount", "sta": "santa"]

    /// Every word of every entry is folded, several times over: plain ASCII (most words) is
    /// lower-cased and trimmed here byte by byte, the rest goes through Foundation's folding.
    /// Both give the same keys (`foldedASCIIAgreesWithFoundation`).
    static func fold(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return foldedByFoundation(text) }
        var bytes = text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        while let last = bytes.last, asciiEdges.contains(last) { bytes.removeLast() }
        let start = bytes.firstIndex { !asciiEdges.contains($0) } ?? bytes.endIndex
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    static func foldedByFoundation(_ text: String) -> String {
        text.replacingOccurrences(of: "’", with: "'")
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: posix)
            .trimmingCharacters(in: edges)
    }

    private static let edges = CharacterSet(charactersIn: ".,;:()[]\"“”‘’'*!?")
    /// The ASCII members of `edges`.
    private static let asciiEdges: Set<UInt8> = Set(".,;:()[]\"'*!?".utf8)
    private static let posix = Locale(identifier: "en_US_POSIX")
}
