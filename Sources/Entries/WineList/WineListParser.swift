import Foundation
import Imaging
import RecognizedText

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

    /// Rebuilds the page's rows (`LineAssembler`) and parses them, as the pipeline does: the lines
    /// are the rows, and the entries' `firstLine` / `lastLine` index them. Parsing here rather than
    /// after a separate `LineAssembler.assemble` keeps the first rebuilding's geometry (which piece
    /// of which recognized line each price was, and the lines' course that put it on its row) for
    /// each entry's `layout`: rebuilding the rebuilt rows sees each row as one line.
    public func parseRebuilding(_ lines: [RecognizedLine]) -> (lines: [RecognizedLine], entries: [WineEntry]) {
        let first = RowLayout(lines: lines)
        let rows = first.rows.map(\.line)
        return (rows, parse(layout: RowLayout(lines: rows), lines: rows, origin: first))
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
        var out = ["skew \(degrees)°, line height \(Int(layout.lineHeight)) px, gutters \(layout.gutters.map { String(Int($0)) }.joined(separator: ", "))"
                   + (layout.field.map { String(format: "; lines' course: tilt %.4f, convergence %.4f, bend %.4f over %.0f px (words off their lines %.1f → %.1f px)", $0.tilt, $0.convergence, $0.bend, $0.size, $0.residualBefore, $0.residualAfter) } ?? "")]
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

    /// `origin`: the layout that rebuilt `lines` from what was recognized, when they are rebuilt rows.
    func parse(layout: RowLayout, lines: [RecognizedLine], origin: RowLayout? = nil) -> [WineEntry] {
        let readings = read(layout)
        let geometry = PageGeometry(layout: layout, origin: origin)
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
        let style = PageStyle(twoDigitVintages: twoDigitVintages, leadingYears: leadingYears,
                              priceRowsName: Self.priceRowsName(groups, readings))
        var entries = groups.compactMap { entry(from: $0, readings: readings, lines: lines, style: style, geometry: geometry) }
        let currency = PageCurrency.decide(printedOnPrices: entries.compactMap(\.currency),
                                           otherRows: readings.filter { $0.prices.isEmpty }.map(\.tokens))
        for i in entries.indices where entries[i].currency == nil { entries[i].currency = currency }
        return entries
    }

    /// What a page prints everywhere, which settles what one row leaves open.
    struct PageStyle {
        /// Vintages as '15: a bare 15 where the vintage goes lost its apostrophe.
        var twoDigitVintages: Bool
        /// Years first on the row: a leading "9018" is a misread 2018, not a bin.
        var leadingYears: Bool
        /// The row carrying the prices, under a name set above it, is part of the wine's text on
        /// this page (a producer and region line): one such row that reads as a sentence is the
        /// description the list prints in that place, not a tasting note apart from the name.
        var priceRowsName = false
    }

    /// Least number of wines with their name set above their price row for the page to say what
    /// that row is, and the least share of them whose price row is no sentence.
    static let priceRowsNameMinimum = 4
    static let priceRowsNameShare = 0.75

    /// True when the page's wines with a name above their price row mostly price a row that names
    /// (no sentence): "SIRE CHARDONNAY ⏎ Azienda Mocavero (Puglia) 22 / 6" down the page. A list
    /// whose notes carry the prices ("Crisp and fresh with limey fruit 3.50 4.00") says the opposite.
    static func priceRowsName(_ groups: [Group], _ readings: [RowReading]) -> Bool {
        // Prices alone on their row ("3.50 4.00 5.50 16.00" under the name) say nothing either way,
        // nor do prices that end a note begun above their row.
        let twoLine = groups.filter { g in
            g.rows.first != g.anchor && g.nameJoin != .pricesAfterNote
                && readings[g.anchor].tokens[..<readings[g.anchor].priceStart].contains { $0.contains(where: \.isLetter) }
        }
        guard twoLine.count >= priceRowsNameMinimum else { return false }
        let naming = twoLine.filter { !readings[$0.anchor].isProse }.count
        return Double(naming) >= priceRowsNameShare * Double(twoLine.count)
    }
}
