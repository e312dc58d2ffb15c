import Foundation
import Imaging
import Recognition

/// Turns a page's recognized lines into wine entries the way a sommelier reads a list.
///
/// Rows are rebuilt by geometry (`RowLayout`): columns, prices and bins on their wine's baseline.
/// Then, column by column, each row that ends in a price anchors one entry. An entry starts at a
/// row flush with the column's margin: a price row that is indented continues the name begun on
/// the flush row above it (a wrapped name, or a producer line over a wine line). Rows after the
/// price row up to the next entry's first row are the entry's details (region and country, a
/// tasting note), as long as they sit close below it. Headings (section vocabulary set apart by
/// space, size or capitals) give the following entries their section and colour; header rows
/// ("Glass  Bottle") give price columns their meaning, read under each label; titles, notes and
/// page furniture are no entries.
public struct WineListParser: Sendable {
    public var fields: FieldParser
    /// Producer, wine, region, country and grapes from the name and the lines under it.
    public var names: WineNameSplitter
    /// Least mean word confidence (Tesseract's, 0–100) of an entry's rows. Below it the words are
    /// guessed, not read: on the corpus's three most blurred lists 10 of the 11 such entries shared
    /// under half their words with any wine on the list (the 11th, at 39.6, was two rows run
    /// together), while the lowest entry on any readable list reads 64. A wrong entry costs the
    /// reader more than a missing one, and the rows stay in the page's text.
    public var minimumConfidence: Double

    public init(fields: FieldParser = FieldParser(), names: WineNameSplitter = WineNameSplitter(), minimumConfidence: Double = 40) {
        self.fields = fields
        self.names = names
        self.minimumConfidence = minimumConfidence
    }

    public func parse(_ page: RecognizedPage) -> [WineEntry] {
        parse(lines: page.lines)
    }

    /// Parses recognized lines (Tesseract's, or rows `LineAssembler` already rebuilt: rebuilding
    /// again gives the same rows). `firstLine` / `lastLine` of each entry index `lines`.
    public func parse(lines: [RecognizedLine]) -> [WineEntry] {
        parse(layout: RowLayout(lines: lines), lines: lines)
    }

    /// The rows as rebuilt and what each was taken for: a diagnostic for lists read wrongly.
    public func explain(lines: [RecognizedLine]) -> String {
        let layout = RowLayout(lines: lines)
        let readings = read(layout)
        func number(_ value: Double, _ width: Int) -> String {
            let text = value.isFinite ? String(Int(value.rounded())) : "-"
            return String(repeating: " ", count: max(0, width - text.count)) + text
        }
        let degrees = (layout.skew * 1800 / .pi).rounded() / 10
        var out = ["skew \(degrees)°, line height \(Int(layout.lineHeight)) px, gutters \(layout.gutters.map { String(Int($0)) }.joined(separator: ", "))"]
        for (i, r) in readings.enumerated() {
            let kind: String
            switch r.kind {
            case .text: kind = r.isAnchor ? "ENTRY" : "text"
            case .heading: kind = "HEAD"
            case .header(let h): kind = "COLS " + h.columns.map(\.rawValue).joined(separator: "/")
            case .title: kind = "title"
            case .notice: kind = "note"
            }
            let column = r.row.column.map(String.init) ?? "-"
            let padded = kind + String(repeating: " ", count: max(0, 6 - kind.count))
            out.append("\(number(Double(i), 3)) c\(column) x\(number(r.row.left, 5)) y\(number(r.row.top, 5)) h\(number(r.row.height, 3)) "
                       + "gap\(number(r.gapAbove, 5)) \(r.flush ? "|" : ">") \(padded) \(r.row.text)")
        }
        return out.joined(separator: "\n")
    }

    func parse(layout: RowLayout, lines: [RecognizedLine]) -> [WineEntry] {
        let readings = read(layout)
        let groups = group(readings, lineHeight: layout.lineHeight)
        // A list that prints '15 somewhere prints it everywhere: a bare 15 where the vintage goes
        // is then a vintage whose apostrophe OCR lost.
        let twoDigitVintages = readings.contains { r in
            r.tokens.contains { $0.count == 3 && FieldParser.apostrophes.contains($0.first!) && fields.vintageValue($0) != nil }
        }
        // A list printing the year first ("2018 Vieux Château Certan") on many rows.
        let leadingYears = readings.filter { r in
            r.tokens.first.map { $0.count == 4 && fields.vintageValue($0)?.year != nil } ?? false
        }.count >= 3
        let style = PageStyle(twoDigitVintages: twoDigitVintages, leadingYears: leadingYears)
        return groups.compactMap { entry(from: $0, readings: readings, lines: lines, style: style) }
    }

    /// What a page prints everywhere, which settles what one row leaves open.
    struct PageStyle {
        /// Vintages as '15: a bare 15 where the vintage goes lost its apostrophe.
        var twoDigitVintages: Bool
        /// Years first on the row: a leading "9018" is a misread 2018, not a bin.
        var leadingYears: Bool
    }

    // MARK: reading rows

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
        // The page's habit with currency signs settles a sign read among one row's digits.
        let signs = PriceSigns(currencies: Self.habitCurrencies(readings))
        if signs.style != .undecided {
            for i in readings.indices where Self.signRepaired(readings[i].tokens, signs: signs) != readings[i].tokens {
                readings[i] = reading(of: readings[i].row, signs: signs)
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
        // Anchors: rows with prices; a flush row with a vintage whose price OCR lost, unless the
        // next row is an indented price row that continues it.
        for (_, members) in byColumn {
            for (k, i) in members.enumerated() where readings[i].kind == .text {
                let r = readings[i]
                let nameHasLetters = r.tokens[..<r.priceStart].contains { $0.contains(where: \.isLetter) }
                if !r.prices.isEmpty {
                    readings[i].isAnchor = nameHasLetters || r.tokens.count > r.priceStart
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

    /// One row's tokens and trailing prices, with marks at its end read as `signs` says when given.
    func reading(of row: ListRow, signs: PriceSigns?) -> RowReading {
        var tokens: [String] = [], tokenWords: [Int] = []
        for (index, word) in row.words.enumerated() {
            let cleaned = Self.withoutLeaderDots(word.text)
            guard !cleaned.isEmpty else { continue }
            for piece in FieldParser.splitGluedVintage(cleaned) { tokens.append(piece); tokenWords.append(index) }
        }
        if let signs { tokens = Self.signRepaired(tokens, signs: signs) }
        var run = fields.trailingPrices(tokens)
        // A dot leader Tesseract read as letters ("HEHEHE eee Ee") between the name and the
        // price: low-confidence words without digits right before the prices (or the row's end).
        var end = run.start
        while end > 1, Self.isLeaderGarbage(row.words[tokenWords[end - 1]]) || Self.isLeaderMark(tokens[end - 1]) { end -= 1 }
        if run.start - end >= 2 || (run.start - end == 1 && row.words[tokenWords[end]].confidence < 15),
           tokens[..<end].contains(where: { $0.contains(where: \.isLetter) }) {
            tokens.removeSubrange(end..<run.start)
            tokenWords.removeSubrange(end..<run.start)
            run = fields.trailingPrices(tokens)
        }
        let nameTokens = Array(tokens[..<run.start])
        let hasVintage = nameTokens.contains { fields.vintageValue($0) != nil }
        return RowReading(row: row, tokens: tokens, tokenWords: tokenWords, prices: run.prices, priceStart: run.start,
                          hasVintage: hasVintage, kind: .text)
    }

    /// The row's last tokens (at most three: glass, carafe and bottle prices) as `signs` reads them,
    /// from the end leftwards while they are prices or marks that `signs` makes prices.
    static func signRepaired(_ tokens: [String], signs: PriceSigns) -> [String] {
        var out = tokens
        for i in out.indices.reversed().prefix(3) {
            if let repaired = signs.repaired(out[i]) {
                out[i] = repaired
            } else if !(out[i] == "/" || FieldParser.price(out[i]) != nil || FieldParser.slashPrices(out[i]) != nil) {
                break
            }
        }
        return out
    }

    func kind(of r: RowReading, lineHeight h: Double) -> RowKind {
        let text = r.tokens.joined(separator: " ")
        if let labels = SectionVocabulary.priceColumnLabels(r.tokens) {
            let spans = labels.map { label in
                r.row.wordSpans[r.tokenWords[label.words.lowerBound]].lowerBound...r.row.wordSpans[r.tokenWords[label.words.upperBound]].upperBound
            }
            return .header(PriceHeader(columns: labels.map(\.column), spans: spans))
        }
        guard r.prices.isEmpty else { return .text }
        let letters = text.filter(\.isLetter)
        if r.row.height >= 1.7 * h, !r.hasVintage { return .title }
        if SectionVocabulary.isHeading(text) {
            // A region line under a wine ("Champagne") is no heading: headings stand apart,
            // larger, in capitals, or at the top of a column.
            let capitals = !letters.isEmpty && letters.allSatisfy(\.isUppercase)
            if r.gapAbove > 0.8 * h || r.row.height > 1.15 * h || capitals { return .heading }
        }
        if SectionVocabulary.isNotice(text) || SectionVocabulary.isFurniture(name: text) { return .notice }
        if !r.hasVintage, r.row.height >= 1.3 * h, r.tokens.count <= 5, letters.count >= 3, letters.allSatisfy(\.isUppercase) {
            return .heading
        }
        return .text
    }

    /// Where the name starts on a row that begins with a bin number ("112", "#112", "Bin 112").
    static func nameStartAfterBin(_ r: RowReading) -> Double? {
        let t = r.tokens
        guard t.count >= 2 else { return nil }
        var next = 0
        if t[0].lowercased() == "bin", t.count >= 3, FieldParser.isInteger(t[1]) { next = 2 }
        else if FieldParser.isInteger(t[0].hasPrefix("#") ? String(t[0].dropFirst()) : t[0]), t[0].count <= 4,
                !(1900...2100).contains(Int(t[0]) ?? 0) { next = 1 }
        guard next > 0 else { return nil }
        return r.row.wordSpans[r.tokenWords[next]].lowerBound
    }

    /// The column's margin near a row: the leftmost start shared by at least two rows of the
    /// window (a stray mark left of the text does not move it).
    static func margin(of lefts: [Double], tolerance: Double) -> Double {
        let sorted = lefts.sorted()
        for (i, x) in sorted.enumerated() where i + 1 < sorted.count && sorted[i + 1] - x <= tolerance { return x }
        return sorted.first ?? 0
    }

    /// A word Tesseract made of a dot leader: barely recognized, letters only (no digit, no
    /// apostrophe that could start a vintage).
    static func isLeaderGarbage(_ word: RecognizedWord) -> Bool {
        word.confidence < 40 && word.text.contains(where: \.isLetter) && !["NV", "N.V.", "N.V", "MV"].contains(word.text.uppercased())
            && !word.text.contains(where: { $0.isNumber || FieldParser.apostrophes.contains($0) || FieldParser.currencySymbols.contains($0) })
    }

    /// A flush row without prices that ends in a comma, followed by a flush price row without a
    /// vintage of its own: one name broken over two lines.
    static func continuesAfterComma(_ row: RowReading, _ next: RowReading?) -> Bool {
        guard let next, row.kind == .text, next.kind == .text, row.prices.isEmpty, !next.prices.isEmpty, !next.hasVintage,
              row.flush, next.flush, let last = row.tokens.last, last.hasSuffix(",") else { return false }
        return next.row.top - row.row.bottom < row.row.height
    }

    /// One dot of a spaced leader (". . . .") read as a mark or a letter: "e", ":", "°", "®".
    static func isLeaderMark(_ token: String) -> Bool {
        guard token.count == 1, let c = token.first else { return false }
        return !c.isNumber && !FieldParser.currencySymbols.contains(c) && c != "&" && c != "/"
    }

    /// Leader dots glued to a word ("2019.....", "....Margaux") are no part of it.
    static func withoutLeaderDots(_ word: String) -> String {
        let dots: Set<Character> = [".", "·", "…", "_"]
        var s = Substring(word)
        let trailing = s.reversed().prefix(while: dots.contains).count
        if trailing >= 3 || (trailing >= 1 && s.reversed().prefix(while: dots.contains).contains("…")) { s = s.dropLast(trailing) }
        let leading = s.prefix(while: dots.contains).count
        if leading >= 2 { s = s.dropFirst(leading) }
        return s.allSatisfy { dots.contains($0) || $0 == "-" } ? "" : String(s)
    }

    // MARK: grouping

    static func isGlassSection(_ section: String?) -> Bool {
        section.map { $0.lowercased().contains("glass") } ?? false
    }

    /// One entry's rows: leading rows, the price row, then details.
    struct Group {
        var rows: [Int]
        var anchor: Int
        var section: String?
        var colour: String?
        var header: PriceHeader?
        /// The column the header row was read in.
        var headerColumn: Int?
    }

    func group(_ readings: [RowReading], lineHeight h: Double) -> [Group] {
        var groups: [Group] = []
        var pending: [Int] = []
        var open: Int?            // the group that may still take detail rows
        var section: String?
        var colour: String?
        var header: PriceHeader?
        var headerColumn: Int?
        /// The section the header row was read under.
        var headerSection: String?
        var column: Int??

        func attachDetails(_ rows: [Int]) {
            defer { pending.removeAll() }
            guard let g = open else { return }
            var last = groups[g].rows.last!
            var taken = 0
            let anchor = readings[groups[g].anchor]
            for i in rows {
                let r = readings[i]
                let margin = min(anchor.row.left, readings[groups[g].rows[0]].row.left)
                guard taken < 3, r.kind == .text, r.prices.isEmpty,
                      r.row.top - readings[last].row.bottom <= 1.2 * h,
                      r.row.left >= margin - 0.5 * h, r.row.left <= margin + 4 * h,
                      r.row.height <= 1.3 * h else { break }
                groups[g].rows.append(i)
                last = i
                taken += 1
            }
        }

        for (i, r) in readings.enumerated() {
            if column != .some(r.row.column) {
                attachDetails(pending)
                open = nil
                column = .some(r.row.column)
            }
            switch r.kind {
            case .header(let h):
                attachDetails(pending)
                open = nil
                header = h
                headerColumn = r.row.column
                headerSection = section
            case .heading:
                attachDetails(pending)
                open = nil
                section = r.tokens.joined(separator: " ")
                colour = SectionVocabulary.colour(for: section!)
                // "Glass  Bottle" printed under "By the glass" names that section's columns; the
                // bottle sections after it print one price, the bottle's, wherever it stands.
                if Self.isGlassSection(headerSection), !Self.isGlassSection(section) {
                    header = nil
                    headerColumn = nil
                    headerSection = nil
                }
            case .title, .notice:
                attachDetails(pending)
                open = nil
            case .text:
                guard r.isAnchor else { pending.append(i); continue }
                var leading: [Int] = []
                var details = pending
                if !r.flush, let k = pending.lastIndex(where: { readings[$0].flush && !readings[$0].isAnchor }) {
                    leading = Array(pending[k...])
                    details = Array(pending[..<k])
                } else if r.flush, let last = pending.last, Self.continuesAfterComma(readings[last], r) {
                    leading = [last]
                    details = Array(pending.dropLast())
                }
                attachDetails(details)
                groups.append(Group(rows: leading + [i], anchor: i, section: section, colour: colour, header: header,
                                    headerColumn: headerColumn))
                open = groups.count - 1
            }
        }
        attachDetails(pending)
        return groups
    }

    // MARK: entries

    /// The vintage of a list printing '15 when OCR lost the apostrophe: the last number before the
    /// prices, two digits ("Sorì Alto 18"), or three when the apostrophe was read as a 7 or a 1
    /// ("719"), unless a marker makes it an identifier ("No. 1", "Bin 18").
    func lostApostropheVintage(_ tokens: [String]) -> (index: Int, vintage: Vintage)? {
        guard let index = tokens.lastIndex(where: { $0.contains(where: \.isNumber) }),
              !tokens[(index + 1)...].contains(where: { $0.contains(where: \.isLetter) }) else { return nil }
        let token = tokens[index].trimmingCharacters(in: CharacterSet(charactersIn: ".,;:()"))
        var digits = Substring(token)
        if digits.count == 3, let first = digits.first, first == "7" || first == "1" { digits = digits.dropFirst() }
        guard digits.count == 2, digits.allSatisfy(\.isNumber), let yy = Int(digits) else { return nil }
        if index > 0 {
            let before = tokens[index - 1].lowercased().trimmingCharacters(in: .punctuationCharacters)
            if FieldParser.identifierMarkers.contains(before) || before == "no" || before == "n" { return nil }
        }
        guard let vintage = fields.vintageValue("'" + String(format: "%02d", yy)) else { return nil }
        return (index, vintage)
    }

    /// "#174 17 Sauvignon Blanc": on a list that prints '17 where the vintage goes, a bare two-digit
    /// number between a "#" bin and the name is a vintage whose apostrophe OCR lost.
    func leadingLostApostropheVintage(_ tokens: [String]) -> (index: Int, vintage: Vintage)? {
        guard tokens.count >= 3, tokens[0].hasPrefix("#"), tokens[0].count >= 2, tokens[0].dropFirst().allSatisfy(\.isNumber),
              tokens[1].count == 2, tokens[1].allSatisfy(\.isNumber), tokens[2].first?.isLetter == true,
              let vintage = fields.vintageValue("'" + tokens[1]) else { return nil }
        return (1, vintage)
    }

    func entry(from group: Group, readings: [RowReading], lines: [RecognizedLine], style: PageStyle) -> WineEntry? {
        let anchor = readings[group.anchor]
        let anchorPosition = group.rows.firstIndex(of: group.anchor) ?? 0
        let leading = group.rows[..<anchorPosition].map { readings[$0] }
        let details = group.rows[(anchorPosition + 1)...].map { readings[$0] }

        var nameTokens = leading.flatMap(\.tokens) + anchor.tokens[..<anchor.priceStart]
        var priceTokens = anchor.prices
        // A bare number left of prices printed with a currency is no price ("Sorì Alto 18 $56":
        // an apostrophe vintage whose apostrophe was lost).
        if priceTokens.contains(where: { $0.currency != nil }) {
            while priceTokens.count > 1, priceTokens[0].currency == nil, priceTokens[0].amount != nil,
                  !anchor.tokens[priceTokens[0].tokens.upperBound...].prefix(2).contains("/") {
                nameTokens += anchor.tokens[priceTokens[0].tokens]
                priceTokens.removeFirst()
            }
        }
        // A bare two-digit number before prices printed with decimals is no price of that row
        // ("Catalonia 14 104.50": an apostrophe vintage, '14, whose apostrophe was lost).
        // So is one more price than the list has columns ("France ⏎ 24 14/58" on a list of '15 vintages).
        let decimalsAfter = priceTokens.dropFirst().allSatisfy { p in anchor.tokens[p.tokens].joined().contains { $0 == "." || $0 == "," } }
        let oneTooMany = style.twoDigitVintages && priceTokens.count > (group.header?.columns.count ?? 2)
        if priceTokens.count >= 2, priceTokens[0].currency == nil, priceTokens[0].tokens.count == 1,
           anchor.tokens[priceTokens[0].tokens.lowerBound].count <= 2,
           anchor.tokens[priceTokens[0].tokens.lowerBound].allSatisfy(\.isNumber),
           decimalsAfter || oneTooMany,
           !anchor.tokens[priceTokens[0].tokens.upperBound...].prefix(2).contains("/") {
            nameTokens += anchor.tokens[priceTokens[0].tokens]
            priceTokens.removeFirst()
        }
        var parsed = fields.parseName(nameTokens)
        if parsed.vintage == nil, style.twoDigitVintages,
           let (index, vintage) = lostApostropheVintage(nameTokens) ?? leadingLostApostropheVintage(nameTokens) {
            nameTokens.remove(at: index)
            parsed = fields.parseName(nameTokens)
            parsed.vintage = vintage
        }
        // The bin was the vintage: "17 Château-Grillet" on a list of '15 vintages, "9018 Vieux
        // Château Certan" (2018 misread) on a list printing the year first.
        if parsed.vintage == nil, let bin = parsed.bin, bin.allSatisfy(\.isNumber) {
            if style.twoDigitVintages, bin.count == 2, let v = fields.vintageValue("'" + bin) {
                parsed.vintage = v
                parsed.bin = nil
            } else if style.leadingYears, bin.count == 4, bin.hasPrefix("90"), let v = fields.vintageValue("20" + bin.dropFirst(2)) {
                parsed.vintage = v
                parsed.bin = nil
            }
        }
        guard parsed.name.contains(where: \.isLetter), !SectionVocabulary.isFurniture(name: parsed.name),
              !SectionVocabulary.isNotice(parsed.name) else { return nil }
        let detailText = details.map { $0.tokens.joined(separator: " ") }
        if parsed.vintage == nil || parsed.bottleSizeML == nil {
            let more = fields.parseName(details.flatMap(\.tokens))
            parsed.vintage = parsed.vintage ?? more.vintage
            parsed.bottleSizeML = parsed.bottleSizeML ?? more.bottleSizeML
        }
        let spans = priceTokens.map { p in
            anchor.row.wordSpans[anchor.tokenWords[p.tokens.lowerBound]].lowerBound...anchor.row.wordSpans[anchor.tokenWords[p.tokens.upperBound]].upperBound
        }
        let glassSection = Self.isGlassSection(group.section)
        // A header read over another column: its labels stand elsewhere, so prices fill its columns
        // from the right; one that names no bottle column (a glass-only header whose "Bottle" was
        // lost) says nothing about a section of bottles there.
        var header = group.header
        if let h = header, group.headerColumn != anchor.row.column {
            header = h.columns.contains(.bottle) || glassSection ? PriceHeader(columns: h.columns) : nil
        }
        let prices = PriceColumns.assign(priceTokens, header: header, spans: spans, glassSection: glassSection)

        let rows = group.rows.map { readings[$0].row }
        let words = rows.flatMap(\.words)
        let sourceLines = rows.flatMap(\.sourceLines).filter { $0 < lines.count }
        let confidence = words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
        guard confidence >= minimumConfidence else { return nil }
        let box = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
        var entry = WineEntry(
            firstLine: sourceLines.min() ?? 0, lastLine: sourceLines.max() ?? 0,
            // The words as read, without what was a dot leader (dots, or letters Tesseract made of them).
            rawText: group.rows.map { readings[$0].tokens.joined(separator: " ") }.joined(separator: "\n"), box: box,
            section: group.section, colour: group.colour, bin: parsed.bin, name: parsed.name, vintage: parsed.vintage,
            prices: prices, currency: priceTokens.compactMap(\.currency).first, bottleSizeML: parsed.bottleSizeML,
            ocrConfidence: confidence)
        if entry.bottleSizeML == nil, let section = group.section?.lowercased() {
            if section.contains("half") { entry.bottleSizeML = 375 }
            if section.contains("magnum") { entry.bottleSizeML = 1500 }
        }
        entry.details = detailText.isEmpty ? nil : detailText.joined(separator: "\n")
        let split = names.split(name: parsed.name, details: detailText.map { FieldParser.cleanName(fields.abbreviations.expand($0)) })
        entry.producer = split.producer
        entry.wine = split.wine
        entry.region = split.region
        entry.country = split.country
        entry.grapes = split.grapes
        return entry
    }
}
