import Foundation

/// Abbreviation → expansion, matched over whole tokens so "Cab" never rewrites "Cabernet" and
/// "Res." never touches "Research". The table is data; users extend it from a file.
public struct AbbreviationTable: Sendable {
    struct Rule: Sendable {
        var tokens: [String]      // match keys, one per token
        var expansion: String
        var exactCase: Bool
        var original: [String]    // tokens as written in the table (for case-sensitive matching)
    }

    /// Rules grouped by their first token's key; longest first within a group.
    private var rules: [String: [Rule]] = [:]
    public private(set) var count = 0

    public init() {}

    /// The built-in table (Sources/Entries/Resources/abbreviations.tsv).
    public static let builtIn: AbbreviationTable = {
        let text = String(decoding: PackageResources.abbreviations_tsv, as: UTF8.self)
        // The built-in file is part of the program; a malformed row there is a programming error caught by tests.
        return (try? AbbreviationTable(tsv: text, source: "abbreviations.tsv")) ?? AbbreviationTable()
    }()

    /// Parses rows `abbreviation<TAB>expansion[<TAB>exact]`; `#` starts a comment line.
    public init(tsv: String, source: String) throws(EntriesError) {
        self.init()
        try merge(tsv: tsv, source: source)
    }

    public mutating func merge(tsv: String, source: String) throws(EntriesError) {
        for row in TableRow.rows(of: tsv) {
            let columns = row.columns
            guard columns.count >= 2, !columns[0].isEmpty, !columns[1].isEmpty else {
                throw EntriesError(file: source, line: row.line, "expected `abbreviation<TAB>expansion`, got \"\(row.text)\"")
            }
            if columns.count >= 3, !columns[2].isEmpty, columns[2] != "exact" {
                throw EntriesError(file: source, line: row.line, "third column may only be \"exact\", got \"\(columns[2])\"")
            }
            add(columns[0], expansion: columns[1], exactCase: columns.count >= 3 && columns[2] == "exact")
        }
    }

    public mutating func add(_ abbreviation: String, expansion: String, exactCase: Bool = false) {
        let original = abbreviation.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = original.first else { return }
        let rule = Rule(tokens: original.map(Self.key), expansion: expansion, exactCase: exactCase,
                        original: original.map { Self.stripDot($0) })
        var group = rules[Self.key(first), default: []]
        group.removeAll { $0.tokens == rule.tokens && $0.exactCase == rule.exactCase }
        group.append(rule)
        group.sort { $0.tokens.count > $1.tokens.count }
        rules[Self.key(first)] = group
        count = rules.values.reduce(0) { $0 + $1.count }
    }

    /// Every rule as written (abbreviation tokens without their optional full stop), so that the
    /// catalogue matcher can apply exactly this table to text it has already tokenized and folded.
    public var allRules: [(abbreviation: [String], expansion: String, exactCase: Bool)] {
        rules.keys.sorted().flatMap { key in rules[key, default: []].map { ($0.original, $0.expansion, $0.exactCase) } }
    }

    /// Lower-cased token without a trailing full stop: the form table keys are stored in.
    static func key(_ token: String) -> String { stripDot(token).lowercased() }

    static func stripDot(_ token: String) -> String {
        token.hasSuffix(".") && token.count > 1 ? String(token.dropLast()) : token
    }

    /// Expands abbreviations in a whitespace-tokenized text. Punctuation around a token (a comma
    /// after "Dom.,", brackets) is kept; digits are never changed except by rules that spell them.
    public func expand(_ text: String) -> String {
        // An expansion can meet the next token to form another rule ("Sauv BdB" → "Sauv Blanc de
        // Blancs", where "Sauv Blanc" is a rule): expanding again until nothing changes keeps
        // normalization idempotent. Expansions are never keys themselves (tested), so this stops.
        var current = text
        for _ in 0..<4 {
            let next = expandOnce(current)
            if next == current { break }
            current = next
        }
        return current
    }

    func expandOnce(_ text: String) -> String {
        let tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
        var out: [String] = []
        var i = 0
        while i < tokens.count {
            let (lead, core, trail) = Self.splitPunctuation(tokens[i])
            var matched = false
            if let group = rules[Self.key(core)] {
                for rule in group where i + rule.tokens.count <= tokens.count {
                    var ok = true
                    var lastTrail = trail
                    for k in 0..<rule.tokens.count {
                        let (_, c, t) = Self.splitPunctuation(tokens[i + k])
                        // Inner tokens may not carry punctuation that separates them (e.g. "Cab, Sauv").
                        if k < rule.tokens.count - 1 && !t.isEmpty && t != "." { ok = false; break }
                        if Self.key(c) != rule.tokens[k] { ok = false; break }
                        if rule.exactCase && Self.stripDot(c) != rule.original[k] { ok = false; break }
                        lastTrail = t
                    }
                    guard ok else { continue }
                    out.append(lead + rule.expansion + lastTrail.replacingOccurrences(of: ".", with: ""))
                    i += rule.tokens.count
                    matched = true
                    break
                }
            }
            if !matched { out.append(tokens[i]); i += 1 }
        }
        return out.joined(separator: " ")
    }

    /// Splits "(Dom.," into "(", "Dom.", ",": the abbreviation's own full stop stays with it.
    static func splitPunctuation(_ token: String) -> (String, String, String) {
        let leadSet: Set<Character> = ["(", "[", "\"", "'", "“", "‘"]
        let trailSet: Set<Character> = [",", ";", ":", ")", "]", "\"", "”", "’"]
        var core = Substring(token)
        var lead = "", trail = ""
        while let c = core.first, leadSet.contains(c), core.count > 1 { lead.append(c); core = core.dropFirst() }
        while let c = core.last, trailSet.contains(c), core.count > 1 { trail = String(c) + trail; core = core.dropLast() }
        return (lead, String(core), trail)
    }
}
