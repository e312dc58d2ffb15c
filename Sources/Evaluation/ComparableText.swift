import Foundation

/// Text prepared for comparison exactly as dinglehopper 0.11 prepares a plain-text file, so Decant's
/// CER and WER are dinglehopper's: universal newlines; each line stripped of (Python) whitespace,
/// NFC-normalized, ligatures split and a few equivalences applied (’ → ', — → –); lines joined by "\n".
public struct ComparableText: Sendable, Equatable {
    /// The normalized lines.
    public let lines: [String]

    /// Reads `text` as the contents of a plain-text file.
    public init(plain text: String) {
        self.init(rawLines: Self.plainLines(text))
    }

    /// Lines already split (ground truth's `lines`), read as the file they would make.
    public init(lines: [String]) {
        self.init(plain: Self.file(lines: lines))
    }

    /// The file `lines` would make: one newline after each line, so a final empty line survives.
    public static func file(lines: [String]) -> String {
        lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    private init(rawLines: [[Unicode.Scalar]]) {
        lines = rawLines.map { Self.normalizedLine(Self.stripped($0)) }
    }

    public var text: String { lines.joined(separator: "\n") }

    /// Extended grapheme clusters, each line's followed by one "\n" between lines.
    public var graphemes: [Character] { Array(text) }

    /// UAX #29 words, case kept, tokens made only of punctuation, symbols, marks, separators or
    /// control/format characters dropped.
    public var words: [String] { Self.words(text) }

    public static func words(_ text: String) -> [String] {
        WordBreak.segments(text.precomposedStringWithCanonicalMapping).compactMap { segment in
            segment.allSatisfy(isUnwanted) ? nil : String(segment)
        }
    }

    static func isUnwanted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .spaceSeparator, .lineSeparator, .paragraphSeparator,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
             .control, .format:
            return true
        default:
            return false
        }
    }

    /// Python's `readlines()` after universal-newline translation: "\r\n" and "\r" end lines too,
    /// and a final newline does not start an empty line.
    static func plainLines(_ text: String) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var iterator = text.unicodeScalars.makeIterator()
        var pending = iterator.next()
        while let c = pending {
            pending = iterator.next()
            if c == "\r" || c == "\n" {
                if c == "\r", pending == "\n" { pending = iterator.next() }
                lines.append(current)
                current = []
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Python's `str.isspace()`: White_Space plus the information separators U+001C…U+001F.
    static func isPythonSpace(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x09...0x0D, 0x1C...0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    static func stripped(_ line: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard let first = line.firstIndex(where: { !isPythonSpace($0) }),
              let last = line.lastIndex(where: { !isPythonSpace($0) }) else { return [] }
        return Array(line[first...last])
    }

    /// dinglehopper's "SBB" normalization: NFC, then its ligature and equivalence tables applied in
    /// order, each as a plain left-to-right replacement of code-point sequences.
    static func normalizedLine(_ line: [Unicode.Scalar]) -> String {
        var s = String(String.UnicodeScalarView(line)).precomposedStringWithCanonicalMapping
        guard s.unicodeScalars.contains(where: { $0.value >= 0x80 || $0 == "=" }) else { return s }
        var scalars = Array(s.unicodeScalars)
        for (from, to) in replacements where scalars.contains(from[0]) {
            scalars = replacing(from, with: to, in: scalars)
        }
        s = String(String.UnicodeScalarView(scalars))
        return s
    }

    static func replacing(_ pattern: [Unicode.Scalar], with replacement: [Unicode.Scalar], in s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(s.count)
        var i = 0
        while i < s.count {
            if s[i] == pattern[0], i + pattern.count <= s.count, s[i..<(i + pattern.count)].elementsEqual(pattern) {
                out.append(contentsOf: replacement)
                i += pattern.count
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return out
    }

    /// dinglehopper 0.11's `unjoin_ligatures` table, then its `substitute_equivalences` table, in
    /// their order (MUFI and eMOP private-use ligatures included).
    static let replacements: [([Unicode.Scalar], [Unicode.Scalar])] = [
        ("\u{EBA6}", "ſſ"), ("\u{EBA7}", "ſſi"), ("\u{F502}", "ch"), ("\u{EEC4}", "ck"), ("\u{F4F9}", "ll"),
        ("\u{EBA2}", "ſi"), ("\u{EADA}", "ſt"), ("\u{FB01}", "fi"), ("\u{FB00}", "ff"), ("\u{FB02}", "fl"),
        ("\u{FB03}", "ffi"), ("\u{EEC5}", "ct"), ("\u{EEDC}", "tz"), ("\u{F532}", "as"), ("\u{F533}", "is"),
        ("\u{F534}", "us"), ("\u{F535}", "Qu"), ("\u{0133}", "ij"), ("\u{E8BF}", "q&"), ("\u{EBA5}", "ſp"),
        ("\u{FB06}", "st"),
        ("\u{E72B}", "\u{FC}"), ("\u{E42C}", "\u{E4}"), ("==", "\u{2013}"), ("\u{2014}", "\u{2013}"),
        ("\u{E644}", "\u{F6}"), ("\u{2019}", "'"), ("\u{2E17}", "-"), ("a\u{364}", "\u{E4}"),
        ("o\u{364}", "\u{F6}"), ("u\u{364}", "\u{FC}"), ("\u{F50E}", "q\u{301}"),
    ].map { (Array($0.0.unicodeScalars), Array($0.1.unicodeScalars)) }
}
