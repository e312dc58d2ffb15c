import Entries

/// A year (or NV) the query may mean, with how sure the reader is: "'15" is surely a vintage, a bare
/// "15" at the end of a line may be the vintage or the price.
struct VintageEvidence: Sendable, Equatable {
    /// CatalogueRow's coding: -1 NV, otherwise the year.
    var code: Int16
    var strength: Float
}

/// What the matcher needs from a query: its name words (abbreviations expanded) and its vintage clues.
struct ReadQuery: Sendable {
    var words: [MatchToken] = []
    var vintages: [VintageEvidence] = []
    /// Digit runs that may be damaged vintages ("201", "2O1"), compared with a label's years by edit distance.
    var damagedYears: [(digits: [UInt8], strength: Float)] = []

    mutating func addVintage(_ code: Int16, _ strength: Float) {
        if let i = vintages.firstIndex(where: { $0.code == code }) {
            vintages[i].strength = max(vintages[i].strength, strength)
        } else {
            vintages.append(VintageEvidence(code: code, strength: strength))
        }
    }

    var strongestVintage: VintageEvidence? { vintages.max { $0.strength < $1.strength } }
}

/// Reads a free-text wine line ("#12 Ch. Margaux '15 ..... 450") into name words and vintage clues:
/// prices, bin numbers, bottle sizes and list furniture are taken out; OCR-damaged years ("2O15",
/// "20 15") are still recognised as years.
struct QueryReader: Sendable {
    let text: MatchText
    /// Two-digit vintages pivot here: '24 is 2024 when the run year is 2025, '98 is 1998.
    let runYear: Int

    enum Role { case name, vintage, price, noise }

    func read(_ line: String, vintage: Vintage? = nil) -> ReadQuery {
        var query = ReadQuery()
        if let vintage {
            query.addVintage(CatalogueRow.code(vintage), 1.2)
            if vintage == .nonVintage { query.addVintage(CatalogueRow.multiVintage, 0.6) }
        }
        var tokens = splitGlued(MatchText.tokenize(line))
        var roles = [Role](repeating: .name, count: tokens.count)
        let n = tokens.count

        // Non-vintage marks: NV, MV, N.V., n/v.
        var i = 0
        while i < n {
            let t = tokens[i].text
            if t == "nv" { roles[i] = .vintage; query.addVintage(CatalogueRow.nonVintage, 1); query.addVintage(CatalogueRow.multiVintage, 0.5) }
            if t == "mv" { roles[i] = .vintage; query.addVintage(CatalogueRow.multiVintage, 1); query.addVintage(CatalogueRow.nonVintage, 0.5) }
            if t == "n", i + 1 < n, tokens[i + 1].text == "v",
               tokens[i].flags.contains(.dotAfter) || tokens[i + 1].flags.contains(.slashBefore) {
                roles[i] = .vintage; roles[i + 1] = .vintage
                query.addVintage(CatalogueRow.nonVintage, 1)
                query.addVintage(CatalogueRow.multiVintage, 0.5)
                i += 1
            }
            i += 1
        }

        // Prices, units and sizes from the end of the line: the last number is a price; numbers before
        // it only when marked as prices ($, 65.00, 14/56, a dot leader) or next to a unit ("Btl 650").
        var j = n - 1
        var tookPlainNumber = false
        while j >= 0 {
            let t = tokens[j]
            if roles[j] != .name { j -= 1; continue }
            if Self.isUnitWord(t.text) || Self.isSize(t.text) { roles[j] = .price; j -= 1; continue }
            guard let digits = Self.numberLike(t.text) else { break }
            let priceMarked = t.flags.contains(.currency) || t.flags.contains(.decimal) || t.flags.contains(.leaderBefore)
                || t.flags.contains(.slashBefore) || (j + 1 < n && tokens[j + 1].flags.contains(.slashBefore) && roles[j + 1] == .price)
            if !priceMarked {
                if tookPlainNumber { break }
                // A year, or an apostrophe year, ends the price block: it is the vintage.
                if t.flags.contains(.apostropheBefore) { break }
                if digits.count == 4, let y = Int(String(decoding: digits, as: UTF8.self)), plausible(y) { break }
                // "199 5" or "'9 5": a year split by a stray space, not a price.
                if j > 0, tokens[j - 1].isDigits, t.isDigits {
                    let joined = tokens[j - 1].text + t.text
                    if joined.utf8.count == 4, let y = Int(joined), plausible(y) { break }
                    if joined.utf8.count == 2, tokens[j - 1].flags.contains(.apostropheBefore) { break }
                }
                tookPlainNumber = true
            }
            // A bare two-digit number may be the vintage ("… 98") or the price; keep both readings.
            if !t.flags.contains(.currency) && !t.flags.contains(.decimal) {
                if digits.count == 2, let yy = Int(String(decoding: digits, as: UTF8.self)) {
                    query.addVintage(Int16(pivot(yy)), priceMarked ? 0.3 : 0.45)
                } else if (3...4).contains(digits.count) {
                    query.damagedYears.append((digits, 0.2))
                }
            }
            roles[j] = .price
            j -= 1
        }

        // A leading bin number: "#12", "Bin 12", "12 Ch. …" (but "2015 Ch. …" is a vintage unless a year follows).
        if let first = roles.firstIndex(of: .name) {
            let t = tokens[first]
            if t.text == "bin" || t.text == "no", first + 1 < n, Self.numberLike(tokens[first + 1].text) != nil {
                roles[first] = .noise; roles[first + 1] = .noise
            } else if let digits = Self.numberLike(t.text), t.isDigits, !t.flags.contains(.apostropheBefore) {
                let y = Int(String(decoding: digits, as: UTF8.self)) ?? 0
                let laterYear = tokens[(first + 1)...].contains { u in
                    u.text.count == 4 && Int(u.text).map(plausible) == true || u.flags.contains(.apostropheBefore)
                }
                // "201 2 Marc Bouchard …": a leading year broken by a stray space is no bin.
                let splitYear = first + 1 < n && tokens[first + 1].isDigits
                    && Int(t.text + tokens[first + 1].text).map { plausible($0) && (t.text + tokens[first + 1].text).count == 4 } == true
                if !splitYear, t.flags.contains(.hashBefore) || !(digits.count == 4 && plausible(y)) || laterYear {
                    roles[first] = .noise
                    // "207 Domaine …" may be a bin or a damaged 2007/2017: weak evidence either way.
                    if (3...4).contains(digits.count), !laterYear { query.damagedYears.append((digits, 0.25)) }
                    // "96 Domaine …": a leading bare two-digit number is as often the vintage as a bin.
                    if digits.count == 2, !t.flags.contains(.hashBefore), !laterYear { query.addVintage(Int16(pivot(y)), 0.45) }
                }
            }
        }

        // Vintages among the rest: 2015, '15, 2O15 (OCR), 20 15 or '1 5 (split), and damaged digit runs.
        var k = 0
        while k < n {
            defer { k += 1 }
            guard roles[k] == .name else { continue }
            let t = tokens[k]
            let isDigits = t.isDigits
            let length = t.text.utf8.count
            // A year broken by stray spaces: "20 15", "199 5", "'1 5", "20 2 3".
            if isDigits, length < 4 {
                var joined = t.text
                var last = k
                while joined.utf8.count < 4, last + 1 < n, roles[last + 1] == .name, tokens[last + 1].isDigits {
                    last += 1
                    joined += tokens[last].text
                }
                if last > k, joined.utf8.count == 4, let y = Int(joined), plausible(y) {
                    query.addVintage(Int16(y), 0.6)
                    for m in k...last { roles[m] = .vintage }
                    continue
                }
                if last > k, t.flags.contains(.apostropheBefore), joined.utf8.count == 2, let yy = Int(joined) {
                    query.addVintage(Int16(pivot(yy)), 0.6)
                    for m in k...last { roles[m] = .vintage }
                    continue
                }
            }
            if t.flags.contains(.apostropheBefore), length == 2, let d = Self.digitShape(t.text),
               let yy = Int(String(decoding: d, as: UTF8.self)) {
                query.addVintage(Int16(pivot(yy)), isDigits ? 1 : 0.7)
                roles[k] = .vintage
                continue
            }
            if length == 4, let d = Self.digitShape(t.text), let y = Int(String(decoding: d, as: UTF8.self)), plausible(y),
               t.text.utf8.filter({ $0 >= 0x30 && $0 <= 0x39 }).count >= 2 {
                query.addVintage(Int16(y), isDigits ? (t.flags.contains(.repaired) ? 0.85 : 0.95) : 0.7)
                roles[k] = .vintage
                continue
            }
            if isDigits && length == 2, let yy = Int(t.text) {
                // A bare "98" inside the line (or glued to a word: "mouline06"): probably the vintage.
                query.addVintage(Int16(pivot(yy)), t.flags.contains(.repaired) ? 0.6 : 0.4)
                if t.flags.contains(.repaired) { roles[k] = .vintage }
                continue
            }
            if (2...4).contains(length), let d = Self.digitShape(t.text), t.text.utf8.filter({ $0 >= 0x30 && $0 <= 0x39 }).count >= 2 {
                query.damagedYears.append((d, 0.5))
                // A clean number stays a (optional) word too: "Bin 389", "Santa Rita 120" are names.
                if !isDigits || t.flags.contains(.apostropheBefore) { roles[k] = .vintage }
            }
        }

        var words: [MatchToken] = []
        words.reserveCapacity(n)
        for k in 0..<n where roles[k] == .name { words.append(tokens[k]) }
        query.words = text.expand(words)
        tokens.removeAll()
        return query
    }

    func plausible(_ year: Int) -> Bool { year >= 1900 && year <= runYear + 1 }

    func pivot(_ yy: Int) -> Int { yy <= (runYear + 1) % 100 ? 2000 + yy : 1900 + yy }

    /// "clavoillon2019", "'14bodega", "leeuwin201" (a space lost to OCR) → word + number. Only runs of
    /// two or more digits at either end of a word of three or more letters are split off.
    func splitGlued(_ tokens: [MatchToken]) -> [MatchToken] {
        guard tokens.contains(where: { $0.text.utf8.count >= 4 }) else { return tokens }
        var out: [MatchToken] = []
        out.reserveCapacity(tokens.count + 2)
        let isDigit = { (b: UInt8) in b >= 0x30 && b <= 0x39 }
        for t in tokens {
            let bytes = Array(t.text.utf8)
            guard bytes.count >= 4 else { out.append(t); continue }
            let lead = bytes.prefix(while: isDigit).count
            let trail = bytes.reversed().prefix(while: isDigit).count
            let letters = bytes.count - lead - trail
            // "'22Ch": after an apostrophe two letters are enough.
            let minimum = t.flags.contains(.apostropheBefore) && lead == 2 ? 2 : 3
            guard letters >= minimum, !bytes[lead..<(bytes.count - trail)].contains(where: isDigit) else { out.append(t); continue }
            if lead >= 2 && lead <= 4 {
                var flags: MatchToken.Flags = [.repaired]
                if t.flags.contains(.apostropheBefore) { flags.insert(.apostropheBefore) }
                out.append(MatchToken(String(decoding: bytes[0..<lead], as: UTF8.self), flags: flags))
                out.append(MatchToken(String(decoding: bytes[lead...], as: UTF8.self), flags: t.flags.subtracting(.apostropheBefore).union(.repaired)))
            } else if trail >= 2 && trail <= 4 {
                out.append(MatchToken(String(decoding: bytes.dropLast(trail), as: UTF8.self), flags: t.flags.subtracting([.dotAfter, .breakAfter]).union(.repaired)))
                out.append(MatchToken(String(decoding: bytes.suffix(trail), as: UTF8.self), flags: t.flags.intersection([.breakAfter]).union(.repaired)))
            } else {
                out.append(t)
            }
        }
        return out
    }

    /// Digits with the letters OCR mistakes for digits mapped back (o→0, l/i→1, s→5, b→8, z→2, g→9);
    /// nil when anything else is in the word.
    static func digitShape(_ word: String) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(4)
        for b in word.utf8 {
            switch b {
            case 0x30...0x39: out.append(b)
            case 0x6F: out.append(0x30)
            case 0x6C, 0x69: out.append(0x31)
            case 0x73: out.append(0x35)
            case 0x62: out.append(0x38)
            case 0x7A: out.append(0x32)
            case 0x67: out.append(0x39)
            default: return nil
            }
        }
        return out
    }

    /// The digits of a price-like word ("65", "65.00", "1,250", "24o0.0o"); nil for words.
    static func numberLike(_ word: String) -> [UInt8]? {
        var digits: [UInt8] = []
        var real = 0
        for b in word.utf8 {
            switch b {
            case 0x30...0x39: digits.append(b); real += 1
            case 0x2E, 0x2C: continue
            case 0x6F: digits.append(0x30)
            case 0x6C, 0x69: digits.append(0x31)
            case 0x73: digits.append(0x35)
            default: return nil
            }
        }
        return real > 0 && real * 2 > digits.count ? digits : nil
    }

    static let unitWords: Set<String> = ["btl", "bottle", "glass", "gls", "btg", "carafe", "magnum", "mag", "half",
                                         "jeroboam", "each", "ml", "cl", "ltr", "l"]
    static func isUnitWord(_ w: String) -> Bool { unitWords.contains(w) }

    /// 375ml, 75cl, 1.5l, 1,5ltr.
    static func isSize(_ w: String) -> Bool {
        for unit in ["ml", "cl", "ltr", "l"] where w.hasSuffix(unit) {
            let number = w.dropLast(unit.count)
            if !number.isEmpty, number.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2C }),
               number.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) { return true }
        }
        return false
    }
}
