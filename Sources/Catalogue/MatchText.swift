import Entries

/// One word of a name or a query after folding, with what surrounded it in the original text:
/// the query reader needs "'15", "$65", "Ch." and "1°" as written, the matcher only the folded word.
public struct MatchToken: Sendable, Equatable, CustomStringConvertible {
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }
        /// Every letter of the original word was upper case (CS, PN: case-sensitive abbreviations).
        public static let upper = Flags(rawValue: 1 << 0)
        /// A full stop follows the word (an abbreviation by truncation: "Chamb.", "Montr.").
        public static let dotAfter = Flags(rawValue: 1 << 1)
        /// An apostrophe precedes the word ('15, ’98).
        public static let apostropheBefore = Flags(rawValue: 1 << 2)
        /// A currency sign precedes or follows the number.
        public static let currency = Flags(rawValue: 1 << 3)
        /// A slash separates this word from the one before (14/56, n/v).
        public static let slashBefore = Flags(rawValue: 1 << 4)
        /// '#' precedes the word (#112: a bin).
        public static let hashBefore = Flags(rawValue: 1 << 5)
        /// A number written with a decimal or thousands mark (65.00, 1,250).
        public static let decimal = Flags(rawValue: 1 << 6)
        /// A comma or bracket follows the word (a field boundary: "Ovello, Producer").
        public static let breakAfter = Flags(rawValue: 1 << 7)
        /// The word was split off a longer one or glued from two (OCR spacing), so it is less certain.
        public static let repaired = Flags(rawValue: 1 << 8)
        /// A run of dots (a leader) precedes the word: what follows is a price.
        public static let leaderBefore = Flags(rawValue: 1 << 9)
    }

    public var text: String
    public var flags: Flags

    public init(_ text: String, flags: Flags = []) {
        self.text = text
        self.flags = flags
    }

    public var description: String { text }

    var isNumber: Bool { text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2C } }
    var isDigits: Bool { !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
}

/// The text both sides of a match are reduced to: accents folded, lower case, punctuation dropped,
/// abbreviations expanded token by token with the same table the entry parser uses. Applied
/// identically to catalogue names and to list entries, so "Ch. Léoville-Las-Cases" and
/// "CHATEAU LEOVILLE LAS CASES" give the same words.
public struct MatchText: Sendable {
    struct Rule: Sendable {
        var tokens: [String]
        var expansion: [String]
        /// Only when the written form was upper case (CS, PN, GC): "cs" in running text is not Cabernet.
        var needsUpper: Bool
    }

    public let abbreviations: AbbreviationTable
    /// Rules by their first folded token, longest first.
    let rules: [String: [Rule]]

    public init(abbreviations: AbbreviationTable = .builtIn) {
        self.abbreviations = abbreviations
        var rules: [String: [Rule]] = [:]
        for rule in abbreviations.allRules {
            let keys = rule.abbreviation.flatMap { Self.tokenize($0).map(\.text) }
            let expansion = Self.tokenize(rule.expansion).map(\.text)
            guard let first = keys.first, !expansion.isEmpty else { continue }
            // The table marks short codes "exact" (CS, PN, GC): they stand for wine words only in capitals.
            let needsUpper = rule.exactCase
            rules[first, default: []].append(Rule(tokens: keys, expansion: expansion, needsUpper: needsUpper))
        }
        for key in rules.keys { rules[key]?.sort { $0.tokens.count > $1.tokens.count } }
        self.rules = rules
    }

    /// Folded words of a catalogue name or free text, abbreviations expanded.
    public func tokens(_ text: String) -> [String] { expand(Self.tokenize(text)).map(\.text) }

    /// The words joined by single spaces: equal keys mean the same name.
    public func key(_ text: String) -> String { tokens(text).joined(separator: " ") }

    /// Applies the abbreviation table over whole tokens (longest rule first).
    public func expand(_ tokens: [MatchToken]) -> [MatchToken] {
        var out: [MatchToken] = []
        out.reserveCapacity(tokens.count + 4)
        var i = 0
        outer: while i < tokens.count {
            var token = tokens[i]
            // "1°" is how French lists write premier cru.
            if token.text == "1", i + 1 < tokens.count, tokens[i + 1].text == "\u{B0}" { token.text = "1er" }
            if let group = rules[token.text] {
                for rule in group where i + rule.tokens.count <= tokens.count {
                    var ok = true
                    for k in 0..<rule.tokens.count {
                        let t = k == 0 ? token : tokens[i + k]
                        if t.text != rule.tokens[k] || (rule.needsUpper && !t.flags.contains(.upper)) { ok = false; break }
                        // "Cab, Sauv" are two fields, not one abbreviation.
                        if k < rule.tokens.count - 1 && t.flags.contains(.breakAfter) { ok = false; break }
                    }
                    guard ok else { continue }
                    let last = tokens[i + rule.tokens.count - 1].flags
                    for (k, word) in rule.expansion.enumerated() {
                        var flags = token.flags.subtracting([.dotAfter, .breakAfter])
                        if k == rule.expansion.count - 1 { flags.formUnion(last.intersection([.breakAfter])) }
                        out.append(MatchToken(word, flags: flags))
                    }
                    i += rule.tokens.count
                    continue outer
                }
            }
            if token.text != "\u{B0}" { out.append(token) }
            i += 1
        }
        return out
    }

    /// Splits text into folded words and records the punctuation around each one.
    public static func tokenize(_ text: String) -> [MatchToken] {
        var tokens: [MatchToken] = []
        var buffer: [UInt8] = []
        buffer.reserveCapacity(32)
        var pending: MatchToken.Flags = []
        var uppers = 0, lowers = 0
        var dots = 0
        var inApostrophe = false
        var lastWasDigit = false
        let scalars = Array(text.unicodeScalars)
        var index = 0

        func finish(_ after: MatchToken.Flags) {
            guard !buffer.isEmpty else { return }
            var flags = pending.union(after)
            if uppers > 0 && lowers == 0 { flags.insert(.upper) }
            tokens.append(MatchToken(String(decoding: buffer, as: UTF8.self), flags: flags))
            buffer.removeAll(keepingCapacity: true)
            pending = []
            uppers = 0
            lowers = 0
        }

        while index < scalars.count {
            let scalar = scalars[index]
            let v = scalar.value
            let before = buffer.count
            let kind = TextFolding.fold(scalar, into: &buffer)
            switch kind {
            case .word:
                if before == 0 {
                    if dots >= 2 { pending.insert(.leaderBefore) }
                    dots = 0
                }
                if TextFolding.isUpper(scalar) { uppers += 1 } else if TextFolding.isLower(scalar) { lowers += 1 }
                lastWasDigit = v >= 0x30 && v <= 0x39
                inApostrophe = false
            case .apostrophe:
                // Inside a word (d'Yquem, O'Shaughnessy) it joins; before digits it marks a vintage.
                if !buffer.isEmpty, index + 1 < scalars.count, scalars[index + 1].properties.isAlphabetic {
                    inApostrophe = true
                } else {
                    finish([])
                    pending.insert(.apostropheBefore)
                }
            case .separator:
                // 65.00 and 1,250 stay one number.
                if (v == 0x2E || v == 0x2C), lastWasDigit, !buffer.isEmpty, index + 1 < scalars.count,
                   let next = Optional(scalars[index + 1].value), next >= 0x30 && next <= 0x39,
                   buffer.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2C }) {
                    buffer.append(UInt8(v))
                    pending.insert(.decimal)
                    break
                }
                switch v {
                case 0x2E: // .
                    if !buffer.isEmpty { finish(.dotAfter); dots = 1 } else { dots += 1 }
                case 0x2026: // …
                    finish([]); dots += 2
                case 0x2C, 0x3B, 0x3A, 0x28, 0x29, 0x5B, 0x5D: // , ; : ( ) [ ]
                    finish(.breakAfter)
                    if let last = tokens.indices.last { tokens[last].flags.insert(.breakAfter) }
                case 0x2F: // /
                    finish([]); pending.insert(.slashBefore)
                case 0x23: // #
                    finish([]); pending.insert(.hashBefore)
                case 0x24, 0x20AC, 0xA3, 0xA5: // $ € £ ¥
                    if !buffer.isEmpty { finish(.currency) } else { pending.insert(.currency) }
                case 0xB0: // ° after a digit: "1°" (premier cru); kept as its own marker token
                    let wasDigit = lastWasDigit && !buffer.isEmpty
                    finish([])
                    if wasDigit { tokens.append(MatchToken("\u{B0}")) }
                case 0x20, 0x09:
                    finish([])
                    if dots == 1 { dots = 0 }
                default:
                    finish([])
                }
                lastWasDigit = false
                inApostrophe = false
            }
            _ = inApostrophe
            index += 1
        }
        finish([])
        return tokens
    }
}
