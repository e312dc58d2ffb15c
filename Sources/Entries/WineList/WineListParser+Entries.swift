import Foundation
import RecognizedText

/// One group of rows as a wine entry: its name, vintage and prices, with the repairs a list's style
/// allows (a vintage whose apostrophe OCR lost, a bin that was a year).
extension WineListParser {
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

    func entry(from group: Group, readings: [RowReading], lines: [RecognizedLine], style: PageStyle,
               geometry: PageGeometry? = nil) -> WineEntry? {
        let anchor = readings[group.anchor]
        let anchorPosition = group.rows.firstIndex(of: group.anchor) ?? 0
        let leading = group.rows[..<anchorPosition].map { readings[$0] }
        var after = Array(group.rows[(anchorPosition + 1)...])
        // A price row whose words are a note, under its name: the note is the description.
        // So is one that ends a note begun above it, on any page.
        let anchorIsNote = !leading.isEmpty && (anchor.isProse && !style.priceRowsName || group.nameJoin == .pricesAfterNote)
        // In the order printed: the lines of a note above the price row come before it.
        if anchorIsNote { after.insert(group.anchor, at: after.firstIndex { $0 > group.anchor } ?? after.count) }
        // From the first line of a note on, the rows describe the wine; before it they name it
        // (a region and country line).
        let noteStart = after.firstIndex { readings[$0].isProse } ?? after.count
        let details = after[..<noteStart].map { readings[$0] }
        let described = after[noteStart...].map { $0 == group.anchor ? Array(readings[$0].tokens[..<readings[$0].priceStart]) : readings[$0].tokens }

        var nameTokens = leading.flatMap(\.tokens) + (anchorIsNote ? [] : anchor.tokens[..<anchor.priceStart])
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
              !SectionVocabulary.isNotice(parsed.name), !NotWine.isNamed(parsed.name),
              !(group.section.map(NotWine.isHeading) ?? false) else { return nil }
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
        var (prices, meanings) = PriceColumns.assignExplained(priceTokens, header: header, spans: spans, glassSection: glassSection)
        if let columns = anchor.columns, columns.count == prices.count, priceTokens == anchor.prices {
            for k in prices.indices { prices[k].column = columns[k] }
            meanings = Array(repeating: .labelledOnRow, count: prices.count)
        }

        let rows = group.rows.map { readings[$0].row }
        let words = rows.flatMap(\.words)
        let sourceLines = rows.flatMap(\.sourceLines).filter { $0 < lines.count }
        let confidence = words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
        guard confidence >= minimumConfidence else { return nil }
        let box = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
        var entry = WineEntry(
            firstLine: sourceLines.min() ?? 0, lastLine: sourceLines.max() ?? 0,
            // The words as read, without what was a dot leader (dots, or letters Tesseract made of them).
            // A description is no part of the wine's text: it is kept apart as the entry's description.
            rawText: group.rows.filter { $0 == group.anchor || !after[noteStart...].contains($0) }.map { i in
                (anchorIsNote && i == group.anchor ? Array(readings[i].tokens[readings[i].priceStart...]) : readings[i].tokens).joined(separator: " ")
            }.filter { !$0.isEmpty }.joined(separator: "\n"), box: box,
            section: group.section, colour: group.colour, bin: parsed.bin, name: parsed.name, vintage: parsed.vintage,
            prices: prices, currency: priceTokens.compactMap(\.currency).first, bottleSizeML: parsed.bottleSizeML,
            ocrConfidence: confidence)
        if entry.bottleSizeML == nil, let section = group.section?.lowercased() {
            if section.contains("half") { entry.bottleSizeML = 375 }
            if section.contains("magnum") { entry.bottleSizeML = 1500 }
        }
        entry.details = detailText.isEmpty ? nil : detailText.joined(separator: "\n")
        let describedRows = described.filter { !$0.isEmpty }
        entry.description = describedRows.isEmpty ? nil : describedRows.map { $0.joined(separator: " ") }.joined(separator: "\n")
        let split = names.split(name: parsed.name, details: detailText.map { FieldParser.cleanName(fields.abbreviations.expand($0)) })
        entry.producer = split.producer
        entry.wine = split.wine
        entry.region = split.region
        entry.country = split.country
        entry.grapes = split.grapes
        entry.layout = geometry.map {
            layoutFacts(group, readings: readings, geometry: $0, notes: Set(after[noteStart...]), priceTokens: priceTokens,
                        prices: prices, meanings: meanings, lineCount: lines.count)
        }
        return entry
    }
}
