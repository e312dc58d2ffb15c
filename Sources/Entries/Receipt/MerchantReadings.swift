import Foundation

/// One merchant name as two readers read it, made into one. The two readers fail differently: one
/// reads a letter in a logo face that the other misses ("buardian" and "Guardian"), one runs a
/// letter-spaced name together ("SANYUSTATIONERYSHOP") where the other sees the gaps. The names
/// are aligned letter by letter; where they spell the same, one spelling is kept with the spaces
/// of the reader trusted for spaces; where they differ, each differing stretch is decided by what
/// the rest of the page says (a word printed elsewhere on it or one of the receipt vocabulary's
/// trade and legal words), by case (a word in the case its line is set in), and last by which
/// reader was surer of its own word.
public enum MerchantReadings {
    /// A name as one reader read it: its words, each with how sure that reader was of it,
    /// as a share (0…1) of the reader's own words on the same band it was surer of.
    public struct Reading: Sendable, Equatable {
        public var words: [String]
        public var surety: [Double]

        public init(words: [String], surety: [Double]) {
            self.words = words
            self.surety = surety.count == words.count ? surety : Array(repeating: 0.5, count: words.count)
        }

        public init(_ text: String, surety: Double = 0.5) {
            self.init(words: text.split(whereSeparator: \.isWhitespace).map(String.init), surety: [])
            self.surety = Array(repeating: surety, count: words.count)
        }

        var text: String { words.joined(separator: " ") }
    }

    /// What the rest of the page says: the words printed on it outside the name (upper-cased
    /// letters-only words of four letters or more) and whether any of them carries a diacritic.
    public struct PageEvidence: Sendable, Equatable {
        public var words: Set<String>
        public var hasDiacritics: Bool

        public init(lines: [String]) {
            let all = lines.flatMap { $0.uppercased().split { !$0.isLetter }.map(String.init) }
            words = Set(all.filter { $0.count >= 4 })
            hasDiacritics = all.contains { MerchantReadings.hasDiacritic($0) }
        }

        /// The page's lines less those that are the name or part of it (as either reader read it):
        /// a name is no evidence for its own spelling.
        public init(lines: [String], excludingName name: String) {
            let nameLetters = MerchantSpelling.letters(name)
            self.init(lines: lines.filter { line in
                let letters = MerchantSpelling.letters(line)
                return !MerchantSpelling.isMerchantLine(letters, name: nameLetters)
                    && !MerchantReadings.occurs(letters, in: nameLetters) && !MerchantReadings.occurs(nameLetters, in: letters)
            })
        }

        public init(words: Set<String> = [], hasDiacritics: Bool = false) {
            self.words = words
            self.hasDiacritics = hasDiacritics
        }
    }

    /// Surety shares below and above which one reader's word is taken over the other's.
    public static let clearlyUnsure = 0.25
    public static let clearlySure = 0.75

    /// Whose spaces a name takes where both readers read the same letters.
    public enum SpaceSource: String, Sendable, Codable { case first, other }

    /// Most letter edits, as a share of the longer name, for two readings to be of the same name;
    /// past it they read different lines and neither is mended from the other.
    public static let maxEditShare = 0.3

    /// The name made of both readings; nil when they are not readings of the same name.
    /// `first` keeps its spelling where nothing decides, and its words where the other read none.
    public static func combine(_ first: Reading, _ other: Reading, page: PageEvidence = PageEvidence(),
                               spaces: SpaceSource = .other) -> String? {
        let a = letters(of: first), b = letters(of: other)
        guard !a.isEmpty, !b.isEmpty else { return nil }
        let limit = Int(maxEditShare * Double(max(a.count, b.count)))
        let foldedA = String(a.map(\.folded)), foldedB = String(b.map(\.folded))
        // A name the first reader cut at its line break ("AIK HUAT HARDWARE" / "ENTERPRISE (SETIA" /
        // "ALAM) SDN BHD") is continued by the other's words when only the other's ends in a legal form.
        let continues = ReceiptHeaderReader.endsWithLegalForm(other.words.map(ReceiptVocabulary.words))
            && !ReceiptHeaderReader.endsWithLegalForm(first.words.map(ReceiptVocabulary.words)) && b.count > a.count
            && isPrefix(foldedA, of: foldedB)
        guard continues || Levenshtein.distance(foldedA, foldedB, limit: limit) <= limit else { return nil }
        guard let segments = segments(a, b, firstWords: first.words.count, otherWords: other.words.count, freeTail: continues) else {
            return nil
        }
        var out: [String] = []
        for segment in segments {
            let fromFirst = Array(first.words[segment.first])
            let fromOther = Array(other.words[segment.other])
            if fromOther.isEmpty {
                // Words at an edge of the name only the first reader saw, and only unsurely: specks
                // read as a word ("VEITY MR. D.I.Y. (M) SDN BHD").
                let edge = segment.first.lowerBound == 0 || segment.first.upperBound == first.words.count
                if edge, segment.first.allSatisfy({ first.surety[$0] < clearlyUnsure && !isKnown(first.words[$0], page) }) { continue }
                out += fromFirst
                continue
            }
            if fromFirst.isEmpty {
                if continues, segment.other.upperBound == other.words.count { out += fromOther }
                continue
            }
            let keyFirst = fromFirst.joined().map(fold), keyOther = fromOther.joined().map(fold)
            if keyFirst == keyOther {
                // The same letters: which spelling (case, accents) and whose spaces.
                let spelled = prefersOther(fromFirst, fromOther, first: first, other: other, segment: segment, page: page, sameLetters: true)
                    ? fromOther : fromFirst
                out += respaced(Array(spelled.joined()), like: (spaces == .other ? fromOther : fromFirst).map(\.count))
            } else {
                out += prefersOther(fromFirst, fromOther, first: first, other: other, segment: segment, page: page, sameLetters: false)
                    ? fromOther : fromFirst
            }
        }
        let name = out.joined(separator: " ")
        return name.isEmpty ? nil : name
    }

    /// Whether the other reader's stretch is the better: the page's words first, then case, then
    /// diacritics the page never prints, then surety.
    static func prefersOther(_ fromFirst: [String], _ fromOther: [String], first: Reading, other: Reading,
                             segment: Segment, page: PageEvidence, sameLetters: Bool) -> Bool {
        if !sameLetters {
            let knownFirst = fromFirst.filter { isKnown($0, page) }.count, knownOther = fromOther.filter { isKnown($0, page) }.count
            if knownFirst != knownOther { return knownOther > knownFirst }
        }
        // The case the rest of the name is set in (the first reader's words outside this stretch).
        let context = first.words.indices.filter { !segment.first.contains($0) }.map { first.words[$0] }
        let pattern = casePattern(of: context.isEmpty ? fromFirst + fromOther : context)
        let fitsFirst = fromFirst.allSatisfy { fits($0, pattern) }, fitsOther = fromOther.allSatisfy { fits($0, pattern) }
        if fitsFirst != fitsOther { return fitsOther }
        if !page.hasDiacritics {
            let marksFirst = fromFirst.contains(where: hasDiacritic), marksOther = fromOther.contains(where: hasDiacritic)
            if marksFirst != marksOther { return marksFirst }
        }
        if sameLetters { return false }
        // The two readers' confidences are on scales of their own, and near each other they say
        // little: only a word one reader was among its least sure of and the other among its surest.
        let suretyFirst = segment.first.map { first.surety[$0] }.min() ?? 0
        let suretyOther = segment.other.map { other.surety[$0] }.min() ?? 0
        return suretyFirst < clearlyUnsure && suretyOther > clearlySure
    }

    /// A word the page or the receipt vocabulary vouches for: printed elsewhere on the page, or a
    /// trade, legal-form or address word.
    static func isKnown(_ word: String, _ page: PageEvidence) -> Bool {
        let letters = word.uppercased().filter(\.isLetter)
        guard letters.count >= 3 else { return false }
        if page.words.contains(String(letters)) { return true }
        return vocabulary.contains(letters.lowercased())
    }

    static let vocabulary: Set<String> = {
        let phrases = ReceiptHeaderReader.legalForms + ReceiptHeaderReader.businessWords + ReceiptHeaderReader.continuationWords
        return Set(phrases.flatMap { $0 }.filter { $0.count >= 3 }).union(ReceiptHeaderReader.addressWords.filter { $0.count >= 4 })
    }()

    enum CasePattern { case upper, lower, capitalized, mixed }

    static func casePattern(of words: [String]) -> CasePattern {
        var counts: [CasePattern: Int] = [:]
        for word in words where word.filter(\.isLetter).count >= 2 { counts[shape(word), default: 0] += 1 }
        // Ties go by a fixed order (capitals first), so that a name is settled the same way every run.
        let order: [CasePattern] = [.upper, .capitalized, .lower, .mixed]
        return order.max { (counts[$0] ?? 0, -(order.firstIndex(of: $0) ?? 0)) < (counts[$1] ?? 0, -(order.firstIndex(of: $1) ?? 0)) }
            .flatMap { counts[$0] == nil ? nil : $0 } ?? .upper
    }

    static func shape(_ word: String) -> CasePattern {
        let letters = word.filter(\.isLetter)
        if letters.allSatisfy(\.isUppercase) { return .upper }
        if letters.allSatisfy(\.isLowercase) { return .lower }
        if let head = letters.first, head.isUppercase, letters.dropFirst().allSatisfy(\.isLowercase) { return .capitalized }
        return .mixed
    }

    /// A word fits its line's case when it is set the same way; short words ("Sdn", "&", "of") and
    /// all-capital abbreviations in a capitalized line fit as well.
    static func fits(_ word: String, _ pattern: CasePattern) -> Bool {
        let letters = word.filter(\.isLetter)
        guard letters.count >= 2 else { return true }
        let own = shape(word)
        switch pattern {
        case .upper: return own == .upper
        case .capitalized: return own == .capitalized || own == .upper && letters.count <= 4 || own == .lower && letters.count <= 3
        case .lower: return own == .lower
        case .mixed: return own != .mixed
        }
    }

    /// Whether `a` reads as the start of `b`, within the edits two readings of one name differ by.
    static func isPrefix(_ a: String, of b: String) -> Bool {
        let x = Array(a), y = Array(b)
        let limit = Int(maxEditShare * Double(x.count))
        guard x.count >= 6, limit >= 1 else { return false }
        let shortest = max(1, x.count - limit), longest = min(y.count, x.count + limit)
        guard shortest <= longest else { return false }
        return (shortest...longest).contains { length in
            Levenshtein.distance(a, String(y[..<length]), limit: limit) <= limit
        }
    }

    /// Whether `part` (three letters or more) is printed within `whole`, a slip in five allowed.
    static func occurs(_ part: String, in whole: String) -> Bool {
        let p = Array(part), w = Array(whole)
        guard p.count >= 3, p.count <= w.count else { return false }
        let limit = max(1, p.count / 5)
        for start in 0...(w.count - p.count) where Levenshtein.distance(String(w[start..<start + p.count]), part, limit: limit) <= limit {
            return true
        }
        return false
    }

    static func hasDiacritic(_ word: String) -> Bool {
        word.contains { $0.isLetter && String($0).decomposedStringWithCanonicalMapping.unicodeScalars.count > 1 }
    }

    static func fold(_ c: Character) -> Character {
        // "ß" upper-cases to "SS" and "ﬁ" to "FI": a letter that does not fold to one letter stays as it is.
        let plain = String(c).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).uppercased()
        if plain.count == 1 { return Character(plain) }
        let upper = String(c).uppercased()
        return upper.count == 1 ? Character(upper) : c
    }

    /// `letters` cut into words of the given lengths (the other reading's spacing).
    static func respaced(_ letters: [Character], like lengths: [Int]) -> [String] {
        var words: [String] = []
        var start = 0
        for length in lengths where length > 0 {
            let end = min(letters.count, start + length)
            if start < end { words.append(String(letters[start..<end])) }
            start = end
        }
        if start < letters.count { words.append(String(letters[start...])) }
        return words
    }

    struct Letter {
        var folded: Character
        var word: Int
    }

    static func letters(of reading: Reading) -> [Letter] {
        reading.words.enumerated().flatMap { w, word in word.map { Letter(folded: fold($0), word: w) } }
    }

    /// A stretch of the name both readers cover: the first reader's words and the other's.
    struct Segment {
        var first: Range<Int>
        var other: Range<Int>
    }

    /// The stretches of words the letter alignment ties together, in order; words one reader has
    /// and the other does not at either end make stretches of their own. Nil when the ties cross.
    static func segments(_ a: [Letter], _ b: [Letter], firstWords: Int, otherWords: Int, freeTail: Bool = false) -> [Segment]? {
        let pairs = align(a.map(\.folded), b.map(\.folded), freeTail: freeTail)
        // Union the words every aligned letter pair ties (a word of each reading).
        var ties: [(Int, Int)] = []
        for (i, j) in pairs { ties.append((a[i].word, b[j].word)) }
        guard !ties.isEmpty else { return nil }
        var segments: [Segment] = []
        var current = Segment(first: ties[0].0..<ties[0].0 + 1, other: ties[0].1..<ties[0].1 + 1)
        for (wa, wb) in ties.dropFirst() {
            if wa < current.first.upperBound || wb < current.other.upperBound {
                guard wa >= current.first.lowerBound, wb >= current.other.lowerBound else { return nil }
                current = Segment(first: current.first.lowerBound..<max(current.first.upperBound, wa + 1),
                                  other: current.other.lowerBound..<max(current.other.upperBound, wb + 1))
            } else {
                // Words neither tie covers between two stretches go with the stretch before.
                current = Segment(first: current.first.lowerBound..<wa, other: current.other.lowerBound..<wb)
                segments.append(current)
                current = Segment(first: wa..<wa + 1, other: wb..<wb + 1)
            }
        }
        segments.append(current)
        if let head = segments.first, head.first.lowerBound > 0 || head.other.lowerBound > 0 {
            segments.insert(Segment(first: 0..<head.first.lowerBound, other: 0..<head.other.lowerBound), at: 0)
        }
        if let tail = segments.last, tail.first.upperBound < firstWords || tail.other.upperBound < otherWords {
            segments.append(Segment(first: tail.first.upperBound..<firstWords, other: tail.other.upperBound..<otherWords))
        }
        return segments
    }

    /// Matching and substituted positions of the edit alignment of `a` and `b` (indices into each);
    /// with `freeTail`, `a` is aligned with the start of `b` and the rest of `b` costs nothing.
    static func align(_ a: [Character], _ b: [Character], freeTail: Bool = false) -> [(Int, Int)] {
        let n = a.count, m = b.count
        var cost = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in 0...n { cost[i][0] = i }
        for j in 0...m { cost[0][j] = j }
        if n > 0 && m > 0 {
            for i in 1...n {
                for j in 1...m {
                    cost[i][j] = min(cost[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), cost[i - 1][j] + 1, cost[i][j - 1] + 1)
                }
            }
        }
        var pairs: [(Int, Int)] = []
        var i = n, j = m
        if freeTail, n > 0 { j = (0...m).min { (cost[n][$0], $0) < (cost[n][$1], $1) } ?? m }
        while i > 0 && j > 0 {
            if cost[i][j] == cost[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1) {
                pairs.append((i - 1, j - 1))
                i -= 1; j -= 1
            } else if cost[i][j] == cost[i - 1][j] + 1 {
                i -= 1
            } else {
                j -= 1
            }
        }
        return pairs.reversed()
    }
}
