/// Unicode word boundaries (UAX #29, Unicode 16.0), as dinglehopper finds them through uniseg.
/// Foundation's `enumerateSubstrings(options: .byWords)` uses ICU's tailored rules (dictionary
/// segmentation of CJK, no punctuation tokens), which count words differently from dinglehopper,
/// so the default rules are implemented here over the generated Word_Break table.
public enum WordBreak {
    /// Word_Break property values; raw values index `ranges`' third column.
    public enum Property: UInt8, Sendable {
        case other, cr, lf, newline, extend, zwj, regionalIndicator, format, katakana, hebrewLetter, aLetter,
             singleQuote, doubleQuote, midNumLet, midLetter, midNum, numeric, extendNumLet, wSegSpace

        var isAHLetter: Bool { self == .aLetter || self == .hebrewLetter }
        var isMidNumLetQ: Bool { self == .midNumLet || self == .singleQuote }
        /// Characters WB4 attaches to whatever precedes them.
        var isIgnorable: Bool { self == .extend || self == .format || self == .zwj }
    }

    private static let ascii: [Property] = (0..<128).map { lookup(UInt32($0)) }

    public static func property(of scalar: Unicode.Scalar) -> Property {
        scalar.value < 128 ? ascii[Int(scalar.value)] : lookup(scalar.value)
    }

    private static func lookup(_ c: UInt32) -> Property {
        var lo = 0, hi = ranges.count / 3 - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if c < ranges[mid * 3] { hi = mid - 1 } else if c > ranges[mid * 3 + 1] { lo = mid + 1 } else {
                return Property(rawValue: UInt8(ranges[mid * 3 + 2])) ?? .other
            }
        }
        return .other
    }

    public static func isExtendedPictographic(_ scalar: Unicode.Scalar) -> Bool {
        let c = scalar.value
        var lo = 0, hi = pictographicRanges.count / 2 - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if c < pictographicRanges[mid * 2] { hi = mid - 1 } else if c > pictographicRanges[mid * 2 + 1] { lo = mid + 1 } else { return true }
        }
        return false
    }

    /// Every segment between two word boundaries, spaces and punctuation included, in order.
    public static func segments(_ text: String) -> [Substring.UnicodeScalarView] {
        let scalars = text.unicodeScalars
        let indices = Array(scalars.indices)
        let breaks = boundaries(scalars.map(property(of:)), scalars: Array(scalars))
        var out: [Substring.UnicodeScalarView] = []
        var start = 0
        for i in 1..<max(indices.count, 1) where breaks[i] {
            out.append(scalars[indices[start]..<indices[i]])
            start = i
        }
        if !indices.isEmpty { out.append(scalars[indices[start]...]) }
        return out
    }

    /// `result[i]` tells whether a boundary falls before scalar i (the rules WB3 to WB999).
    static func boundaries(_ p: [Property], scalars: [Unicode.Scalar]) -> [Bool] {
        let n = p.count
        guard n > 0 else { return [] }
        // nil: no rule has decided yet; the first rule that applies wins.
        var decided = [Bool?](repeating: nil, count: n)
        decided[0] = true
        // WB3 to WB4 look at raw neighbours.
        for i in 1..<n {
            let prev = p[i - 1], curr = p[i]
            if prev == .cr && curr == .lf { decided[i] = false }
            else if prev == .newline || prev == .cr || prev == .lf { decided[i] = true }
            else if curr == .newline || curr == .cr || curr == .lf { decided[i] = true }
            else if prev == .zwj && isExtendedPictographic(scalars[i]) { decided[i] = false }
            else if prev == .wSegSpace && curr == .wSegSpace { decided[i] = false }
            else if curr.isIgnorable { decided[i] = false }
        }
        // WB5 to WB16 see through Extend, Format and ZWJ (WB4): work on the remaining positions.
        let kept = (0..<n).filter { !p[$0].isIgnorable }
        func at(_ k: Int) -> Property? { k >= 0 && k < kept.count ? p[kept[k]] : nil }
        for k in 1..<max(kept.count, 1) {
            let i = kept[k]
            guard decided[i] == nil else { continue }
            let prev2 = at(k - 2), prev = p[kept[k - 1]], curr = p[i], next = at(k + 1)
            let join: Bool
            if prev.isAHLetter && curr.isAHLetter { join = true }                                                      // WB5
            else if prev.isAHLetter && (curr == .midLetter || curr.isMidNumLetQ) && next?.isAHLetter == true { join = true } // WB6
            else if prev2?.isAHLetter == true && (prev == .midLetter || prev.isMidNumLetQ) && curr.isAHLetter { join = true } // WB7
            else if prev == .hebrewLetter && curr == .singleQuote { join = true }                                       // WB7a
            else if prev == .hebrewLetter && curr == .doubleQuote && next == .hebrewLetter { join = true }              // WB7b
            else if prev2 == .hebrewLetter && prev == .doubleQuote && curr == .hebrewLetter { join = true }             // WB7c
            else if prev == .numeric && curr == .numeric { join = true }                                                // WB8
            else if prev.isAHLetter && curr == .numeric { join = true }                                                 // WB9
            else if prev == .numeric && curr.isAHLetter { join = true }                                                 // WB10
            else if prev2 == .numeric && (prev == .midNum || prev.isMidNumLetQ) && curr == .numeric { join = true }     // WB11
            else if prev == .numeric && (curr == .midNum || curr.isMidNumLetQ) && next == .numeric { join = true }      // WB12
            else if prev == .katakana && curr == .katakana { join = true }                                              // WB13
            else if (prev.isAHLetter || prev == .numeric || prev == .katakana || prev == .extendNumLet) && curr == .extendNumLet { join = true } // WB13a
            else if prev == .extendNumLet && (curr.isAHLetter || curr == .numeric || curr == .katakana) { join = true } // WB13b
            else { join = false }
            if join { decided[i] = false }
        }
        // WB15/16: regional indicators pair up, counting from the start of each run.
        var k = 0
        while k < kept.count {
            guard p[kept[k]] == .regionalIndicator else { k += 1; continue }
            var m = k + 1
            while m < kept.count, p[kept[m]] == .regionalIndicator, p[kept[m - 1]] == .regionalIndicator {
                if decided[kept[m]] == nil { decided[kept[m]] = false }
                m += 2
            }
            k = m
        }
        return decided.map { $0 ?? true }                                                                              // WB999
    }
}
