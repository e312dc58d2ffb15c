import Foundation

/// Maps one Unicode scalar to the lower-case, accent-free bytes a match key is made of.
///
/// Foundation's `folding` costs microseconds per call; catalogues of a million rows and thousands of
/// queries per second cannot afford it per character, so Latin scalars are folded once into a table
/// and everything else (rare on wine lists) falls back to Foundation.
enum TextFolding {
    enum Kind: UInt8 {
        /// Letters and digits: part of a token.
        case word
        /// ' ’ ‘ ` ´: joined inside a word (d'Yquem → dyquem), a vintage mark before digits ('15).
        case apostrophe
        /// Anything else ends a token.
        case separator
    }

    /// Folded bytes of scalars below `tableLimit`, flattened: scalar c maps to bytes[starts[c]..<starts[c+1]].
    private static let tableLimit: UInt32 = 0x250
    private static let table: (bytes: [UInt8], starts: [Int32], kinds: [Kind]) = {
        var bytes: [UInt8] = []
        var starts: [Int32] = [0]
        var kinds: [Kind] = []
        let special: [UInt32: String] = [0xC6: "ae", 0xE6: "ae", 0x152: "oe", 0x153: "oe", 0xDF: "ss", 0xD8: "o",
                                         0xF8: "o", 0x141: "l", 0x142: "l", 0x110: "d", 0x111: "d", 0xDE: "th",
                                         0xFE: "th", 0xD0: "d", 0xF0: "d", 0x131: "i"]
        let apostrophes: Set<UInt32> = [0x27, 0x60, 0xB4]
        for value in 0..<tableLimit {
            guard let scalar = Unicode.Scalar(value) else { starts.append(Int32(bytes.count)); kinds.append(.separator); continue }
            var kind = Kind.separator
            if apostrophes.contains(value) {
                kind = .apostrophe
            } else if let s = special[value] {
                bytes.append(contentsOf: s.utf8)
                kind = .word
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                let folded = String(Character(scalar)).folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
                    .lowercased()
                let ascii = folded.utf8.filter { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }
                if value < 0x80 {
                    if (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A) {
                        bytes.append(contentsOf: ascii)
                        kind = .word
                    }
                } else if !ascii.isEmpty && ascii.count == folded.utf8.count {
                    bytes.append(contentsOf: ascii)
                    kind = .word
                } else if scalar.properties.isAlphabetic {
                    bytes.append(contentsOf: String(scalar).lowercased().utf8)
                    kind = .word
                }
            }
            starts.append(Int32(bytes.count))
            kinds.append(kind)
        }
        return (bytes, starts, kinds)
    }()

    /// Appends the folded form of `scalar` to `out` and says what it is.
    @inline(__always)
    static func fold(_ scalar: Unicode.Scalar, into out: inout [UInt8]) -> Kind {
        let v = scalar.value
        if v < 0x80 {
            // ASCII fast path.
            if v >= 0x61 && v <= 0x7A || v >= 0x30 && v <= 0x39 { out.append(UInt8(v)); return .word }
            if v >= 0x41 && v <= 0x5A { out.append(UInt8(v + 32)); return .word }
            return v == 0x27 || v == 0x60 ? .apostrophe : .separator
        }
        if v < tableLimit {
            let t = table
            let kind = t.kinds[Int(v)]
            if kind == .word { out.append(contentsOf: t.bytes[Int(t.starts[Int(v)])..<Int(t.starts[Int(v) + 1])]) }
            return kind
        }
        if v == 0x2019 || v == 0x2018 || v == 0x2032 || v == 0x02BC { return .apostrophe }
        guard scalar.properties.isAlphabetic || scalar.properties.numericType != nil else { return .separator }
        let folded = String(Character(scalar)).folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
        out.append(contentsOf: folded.utf8.filter { $0 != 0x20 })
        return .word
    }

    /// True when `scalar` is an upper-case letter (for case-sensitive abbreviations such as CS or PN).
    @inline(__always)
    static func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return v >= 0x41 && v <= 0x5A }
        return scalar.properties.isUppercase
    }

    @inline(__always)
    static func isLower(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return v >= 0x61 && v <= 0x7A }
        return scalar.properties.isLowercase
    }
}
