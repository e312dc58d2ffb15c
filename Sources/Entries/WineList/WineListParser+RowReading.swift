import RecognizedText
import Foundation

/// What each row says (its tokens, trailing prices, vintage) and which rows anchor an entry: the
/// page's habits (currency signs, margins per column) settle what one row leaves open.
extension WineListParser {
    enum RowKind: Equatable {
        case text, heading, header(PriceHeader), title, notice
    }

    /// What one row says, before rows are grouped.
    struct RowReading {
        var row: ListRow
        var tokens: [String]
        /// The word each token came from.
        var tokenWords: [Int]
        var prices: [PriceToken]
        /// First token of the price run (tokens.count when there is none).
        var priceStart: Int
        var hasVintage: Bool
        var kind: RowKind
        /// Starts at the column's margin (not indented).
        var flush = true
        /// Space between this row and the one above it in the same column (infinite at a column's top).
        var gapAbove = Double.infinity
        var isAnchor = false
        /// The row's words before its prices read as a sentence (a tasting note), not a name (`ProseText`).
        var isProse = false
        /// Each price's column when the row labels its prices itself (`LabelledPrices`).
        var columns: [PriceColumn]?
        /// A dot leader was dropped from the row's words (dots glued to a word, or letters
        /// Tesseract made of dots before the prices).
        var dotLeader = false
    }

    /// Least OCR confidence of a price's words for it to count towards the page's habit with
    /// currency signs (`PriceSigns`).
    static let habitConfidence = 80.0

    /// The currencies of the prices that show how the page prints them: those read surely, less
    /// bare numbers shaped like a year or longer. Garbled rows end in stray digits ("2", "3108"), and
    /// a blurred vintage ("2021" read "2071") becomes a price: on generated list 0011 (seed 7) they
    /// were 20 bare "prices" against 20 "$" ones, and the page's "S44" stayed unread.
    ///
    /// A page with too few sure prices for a habit falls back on all its prices: on winelist-0101
    /// (glare) only 3 prices read at confidence 80 or more, but all 10 read carry €, and the page's
    /// "42¢" stayed unread. The share `PriceSigns` asks for still has to hold over them all.
    static func habitCurrencies(_ readings: [RowReading]) -> [String?] {
        func currencies(minimumConfidence: Double) -> [String?] {
            readings.flatMap { r in
                r.prices.filter { price in
                    guard let amount = price.amount,
                          price.tokens.allSatisfy({ r.row.words[r.tokenWords[$0]].confidence >= minimumConfidence }) else { return false }
                    return price.currency != nil || !(amount >= 1900 && amount < 2200 || amount >= 10_000)
                }.map(\.currency)
            }
        }
        let sure = currencies(minimumConfidence: habitConfidence)
        return sure.count >= PriceSigns.minimumPrices ? sure : currencies(minimumConfidence: 0)
    }

    func read(_ layout: RowLayout) -> [RowReading] {
        let h = layout.lineHeight
        var readings = layout.rows.map { reading(of: $0, signs: nil) }
        // A sign after every price that OCR read as a mark.
        let marked = Self.pageMark(readings.map(\.tokens)) != nil
        if marked {
            readings = layout.rows.map { reading(of: $0, signs: nil, marked: true) }
        }
        // The page's habit with currency signs settles a sign read among one row's digits.
        let signs = PriceSigns(currencies: Self.habitCurrencies(readings))
        if signs.style != .undecided {
            for i in readings.indices where Self.signRepaired(readings[i].tokens, signs: signs) != readings[i].tokens {
                readings[i] = reading(of: readings[i].row, signs: signs, marked: marked)
            }
        }
        // A sign read as the same digit on many prices, settled by the page's magnitudes.
        let priceTokens = readings.flatMap { r in r.prices.flatMap { r.tokens[$0.tokens] } }
        if let digitSign = SignReadAsDigit.detect(priceTokens) {
            for i in readings.indices {
                let repaired = Self.signRepaired(readings[i].tokens, digitSign: digitSign)
                guard repaired != readings[i].tokens else { continue }
                readings[i] = reading(of: readings[i].row, signs: signs.style == .undecided ? nil : signs, marked: marked,
                                      digitSign: digitSign)
            }
        }
        // Gaps and margins per column.
        var byColumn: [Int?: [Int]] = [:]
        for i in readings.indices { byColumn[readings[i].row.column, default: []].append(i) }
        for (_, members) in byColumn {
            for (k, i) in members.enumerated() where k > 0 {
                readings[i].gapAbove = readings[i].row.top - readings[members[k - 1]].row.bottom
            }
        }
        for i in readings.indices { readings[i].kind = kind(of: readings[i], lineHeight: h) }
        for (_, members) in byColumn {
            let text = members.filter { readings[$0].kind == .text }
            for (k, i) in text.enumerated() {
                let near = text[max(0, k - 8)..<min(text.count, k + 9)]
                let window = near.map { readings[$0].row.left }
                readings[i].flush = readings[i].row.left - Self.margin(of: window, tolerance: 0.4 * h) < 0.4 * h
                // On a list with bin numbers at the margin, a row whose bin OCR lost starts where
                // the names after the bins start: it is flush too.
                let nameStarts = near.compactMap { Self.nameStartAfterBin(readings[$0]) }
                if !readings[i].flush, Self.nameStartAfterBin(readings[i]) == nil, nameStarts.count >= 2 {
                    readings[i].flush = abs(readings[i].row.left - Self.margin(of: nameStarts, tolerance: 0.4 * h)) < 0.4 * h
                }
            }
        }
        let priceHeights = readings.filter { !$0.prices.isEmpty }.map(\.row.height).sorted()
        let priceRowHeight = priceHeights.isEmpty ? h : priceHeights[priceHeights.count / 2]
        // Anchors: rows with prices; a flush row with a vintage whose price OCR lost, unless the
        // next row is an indented price row that continues it.
        for (_, members) in byColumn {
            for (k, i) in members.enumerated() where readings[i].kind == .text {
                let r = readings[i]
                let nameHasLetters = r.tokens[..<r.priceStart].contains { $0.contains(where: \.isLetter) }
                if !r.prices.isEmpty {
                    readings[i].isAnchor = nameHasLetters || r.tokens.count > r.priceStart
                } else if r.hasVintage && r.flush && nameHasLetters, k > 0,
                          Self.isSmallerLineUnder(r, readings[members[k - 1]], lineHeight: h, priceRowHeight: priceRowHeight) {
                    // Producer and vintage set smaller right under the wine's price row: its detail.
                    readings[i].isAnchor = false
                } else if r.hasVintage && r.flush && nameHasLetters {
                    // Unless indented rows below continue it down to a price ("#161 NV Philipponnat,
                    // Clos" / "des Goisses," / "Champagne $22.00 / $94.00").
                    // Or a name broken after a comma whose last line, at the margin, holds the prices
                    // ("… Gran Reserva, Rioja," / "Spain £20 £53 £82").
                    var continued = Self.continuesAfterComma(r, members[(k + 1)...].first.map { readings[$0] })
                    for next in members[(k + 1)...].prefix(4).map({ readings[$0] }) where !continued {
                        guard next.kind == .text, !next.flush, !next.hasVintage else { break }
                        if !next.prices.isEmpty { continued = true; break }
                    }
                    readings[i].isAnchor = !continued
                } else if r.hasVintage && !r.flush && nameHasLetters, k > 0 {
                    // The indented last line of a name whose price OCR lost ("#316 Gewürztraminer,
                    // Cantina Tramin" / "Nussbaumer 2019 ·"): the row above starts the entry (flush,
                    // no price, no vintage) and nothing indented with a price continues it below.
                    let above = readings[members[k - 1]]
                    let below = members[(k + 1)...].first.map { readings[$0] }
                    let startsAbove = above.kind == .text && above.flush && above.prices.isEmpty && !above.hasVintage
                        && r.row.top - above.row.bottom < 0.8 * h
                    let continuedBelow = below.map { $0.kind == .text && !$0.flush && !$0.prices.isEmpty } ?? false
                    readings[i].isAnchor = startsAbove && !continuedBelow
                }
            }
        }
        return readings
    }

    /// Where a bracketed remark of at most three words that ends the row starts ("(Unoaked)",
    /// "(by the glass only)"), nil when the row ends otherwise.
    static func trailingRemark(_ tokens: [String]) -> Int? {
        guard let last = tokens.last, last.hasSuffix(")") else { return nil }
        for start in tokens.indices.reversed().prefix(3) where tokens[start].hasPrefix("(") {
            return tokens[start...].contains(where: { $0.contains(where: \.isLetter) }) ? start : nil
        }
        return nil
    }

    /// A row set in smaller type close under a row with prices: the second line of that wine
    /// ("Skoff Peter, 2024 | 0,75 L" under "Weissburgunder … 18").
    /// Smaller than the page's price rows too: a row whose letters only happen to lack descenders is not.
    static func isSmallerLineUnder(_ r: RowReading, _ above: RowReading, lineHeight h: Double, priceRowHeight: Double) -> Bool {
        above.kind == .text && !above.prices.isEmpty && r.prices.isEmpty && r.gapAbove < 0.5 * h
            && r.row.height < 0.85 * above.row.height && r.row.height < 0.8 * priceRowHeight
    }

    /// One row's tokens and trailing prices, with marks at its end read as `signs` says when given.
    func reading(of row: ListRow, signs: PriceSigns?, marked: Bool = false, digitSign: SignReadAsDigit? = nil) -> RowReading {
        var tokens: [String] = [], tokenWords: [Int] = []
        var dotLeader = false
        for (index, word) in row.words.enumerated() {
            let cleaned = Self.withoutLeaderDots(word.text)
            if cleaned != word.text { dotLeader = true }
            guard !cleaned.isEmpty else { continue }
            for piece in FieldParser.splitGluedVintage(cleaned) { tokens.append(piece); tokenWords.append(index) }
        }
        if marked { tokens = Self.withoutMarks(tokens) }
        if let signs { tokens = Self.signRepaired(tokens, signs: signs) }
        if let digitSign { tokens = Self.signRepaired(tokens, digitSign: digitSign) }
        (tokens, tokenWords) = Self.withPlaceholdersAsSeparators(tokens, tokenWords)
        (tokens, tokenWords) = Self.withSplitLastDigitJoined(tokens, tokenWords)
        var run = fields.trailingPrices(tokens)
        // A remark in brackets after the prices ("$38/$12 (Unoaked)") belongs with the name.
        if run.prices.isEmpty, let remark = Self.trailingRemark(tokens), remark > 0 {
            let moved = fields.trailingPrices(Array(tokens[..<remark]))
            if !moved.prices.isEmpty {
                let start = moved.start
                tokens = Array(tokens[..<start]) + Array(tokens[remark...]) + Array(tokens[start..<remark])
                tokenWords = Array(tokenWords[..<start]) + Array(tokenWords[remark...]) + Array(tokenWords[start..<remark])
                run = fields.trailingPrices(tokens)
            }
        }
        // A dot leader Tesseract read as letters ("HEHEHE eee Ee") between the name and the
        // price: low-confidence words without digits right before the prices (or the row's end).
        var end = run.start
        while end > 1, Self.isLeaderGarbage(row.words[tokenWords[end - 1]]) || Self.isLeaderMark(tokens[end - 1]) { end -= 1 }
        if run.start - end >= 2 || (run.start - end == 1 && row.words[tokenWords[end]].confidence < 15),
           tokens[..<end].contains(where: { $0.contains(where: \.isLetter) }) {
            tokens.removeSubrange(end..<run.start)
            tokenWords.removeSubrange(end..<run.start)
            dotLeader = true
            run = fields.trailingPrices(tokens)
        }
        var columns: [PriceColumn]?
        if let labelled = LabelledPrices.read(tokens, fields: fields), labelled.prices.count >= run.prices.count {
            run = (labelled.prices, labelled.start)
            columns = labelled.columns
        }
        let nameTokens = Array(tokens[..<run.start])
        let hasVintage = nameTokens.contains { fields.vintageValue($0) != nil }
        return RowReading(row: row, tokens: tokens, tokenWords: tokenWords, prices: run.prices, priceStart: run.start,
                          hasVintage: hasVintage, kind: .text, isProse: ProseText.isProse(nameTokens), columns: columns,
                          dotLeader: dotLeader)
    }

    /// A lone "0" at the row's end is no price (nothing costs 0): it is the last digit of the number
    /// before it, set apart by letter-spaced print or a reader's word gap ("freschezza. 6 0",
    /// "freschezza.6 0": 60). Only a single zero: "98 00" is a price whose decimal comma was lost,
    /// which `FieldParser.trailingPrices` reads as cents. The number is one or two digits at the end
    /// of the token before, after no digit or separator that would make it part of another number
    /// ("12,5 0", "12.5 0", "12/6 0" stay).
    static func withSplitLastDigitJoined(_ tokens: [String], _ words: [Int]) -> ([String], [Int]) {
        guard tokens.count >= 2, tokens.last == "0" else { return (tokens, words) }
        let before = tokens[tokens.count - 2]
        let digits = before.reversed().prefix { $0.isASCII && $0.isNumber }.count
        guard (1...2).contains(digits) else { return (tokens, words) }
        let head = before.dropLast(digits)
        if let mark = head.last, mark.isNumber || ",/-–".contains(mark) { return (tokens, words) }
        if head.last == ".", head.dropLast().last?.isNumber == true { return (tokens, words) }
        let number = String(before.suffix(digits)) + "0"
        var outTokens = Array(tokens.dropLast(2)), outWords = Array(words.dropLast(2))
        // The price is tied to the word where it begins ("6" of "6 0"), so its place on the row is
        // its left edge, unless that word holds the text before it too ("freschezza.6").
        if !head.isEmpty { outTokens.append(String(head)); outWords.append(words[words.count - 2]) }
        outTokens.append(number); outWords.append(words[words.count - (head.isEmpty ? 2 : 1)])
        return (outTokens, outWords)
    }

    /// Marks that stand in a price column for a measure not offered ("19 ~ 114", "12 – 48"), or join
    /// two prices ("15~60"): between two amounts they separate prices as a slash does.
    static let placeholders: Set<String> = ["~", "-", "–", "—", "−", "x", "–/–", "n/a"]

    static func withPlaceholdersAsSeparators(_ tokens: [String], _ words: [Int]) -> ([String], [Int]) {
        func amount(_ t: String) -> Bool {
            guard let a = FieldParser.price(t)?.amount else { return false }
            // A year stays the vintage ("Riesling 2019 - 45").
            return !(t.count == 4 && a >= 1900 && a <= 2100)
        }
        var outTokens: [String] = [], outWords: [Int] = []
        var skip = false
        for (i, t) in tokens.enumerated() {
            if skip { skip = false; continue }
            // A dash before a signed price ("125ml -£5.50", "125ml-£4.00"), and a sign standing apart
            // from its amount ("-£ 5.50"): a reader that sees no space at the dash joins them.
            if let dash = t.firstIndex(where: { "-–".contains($0) }), dash > t.startIndex || t.count > 1 {
                let left = String(t[..<dash]), right = String(t[t.index(after: dash)...])
                if let sign = right.first, FieldParser.currencySymbols.contains(sign) {
                    if !left.isEmpty { outTokens.append(left); outWords.append(words[i]) }
                    if right.count == 1, i + 1 < tokens.count, FieldParser.price(tokens[i + 1]) != nil {
                        outTokens.append(right + tokens[i + 1]); outWords.append(words[i])
                        skip = true
                    } else {
                        outTokens.append(right); outWords.append(words[i])
                    }
                    continue
                }
            }
            if placeholders.contains(t.lowercased()), i > 0, i + 1 < tokens.count, amount(tokens[i - 1]), amount(tokens[i + 1]) {
                outTokens.append("/"); outWords.append(words[i])
                continue
            }
            // "$8/split", "12/glass": a price and the measure it buys, in one token.
            let halves = t.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if halves.count == 2, FieldParser.price(halves[0]) != nil, halves[1].count > 1,
               SectionVocabulary.priceColumnLabels([halves[1]]) != nil {
                outTokens += [halves[0], "/", halves[1]]
                outWords += [words[i], words[i], words[i]]
                continue
            }
            // "15~60": two prices joined by a tilde.
            let parts = t.split(separator: "~", omittingEmptySubsequences: false)
            if parts.count == 2, parts.allSatisfy({ amount(String($0)) }) {
                outTokens += [String(parts[0]), "/", String(parts[1])]
                outWords += [words[i], words[i], words[i]]
                continue
            }
            outTokens.append(t); outWords.append(words[i])
        }
        return (outTokens, outWords)
    }

    /// The row's trailing prices (at most three) with a sign the page reads as a digit put back.
    static func signRepaired(_ tokens: [String], digitSign: SignReadAsDigit) -> [String] {
        repairingTrailingPrices(tokens, within: 5, digitSign.repaired)
    }

    /// The row's last tokens (at most three: glass, carafe and bottle prices) as `signs` reads them,
    /// from the end leftwards while they are prices or marks that `signs` makes prices.
    static func signRepaired(_ tokens: [String], signs: PriceSigns) -> [String] {
        repairingTrailingPrices(tokens, within: 3, signs.repaired)
    }

    /// The last `within` tokens, from the end leftwards while each is a price, a slash or a token
    /// `repair` makes one (replaced by its repair).
    private static func repairingTrailingPrices(_ tokens: [String], within: Int, _ repair: (String) -> String?) -> [String] {
        var out = tokens
        for i in out.indices.reversed().prefix(within) {
            if let repaired = repair(out[i]) {
                out[i] = repaired
            } else if !(out[i] == "/" || FieldParser.price(out[i]) != nil || FieldParser.slashPrices(out[i]) != nil) {
                break
            }
        }
        return out
    }
}
