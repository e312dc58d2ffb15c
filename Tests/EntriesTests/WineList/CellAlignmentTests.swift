import Foundation
import Imaging
import RecognizedText
import Testing
@testable import Entries

/// The page's rotation checked by the cells right of the names (`CellAlignment`).
@Suite struct CellAlignmentTests {
    let parser = WineListParser(fields: FieldParser(runYear: 2026))

    let wines: [(name: String, vintage: Int, price: Int)] = [
        ("Chateau Figeac Saint-Emilion", 2009, 270), ("Chateau Pavie Saint-Emilion", 2010, 440),
        ("Chateau Angelus Saint-Emilion", 2001, 740), ("Chateau Lafleur Pomerol", 2009, 570),
        ("Vieux Chateau Certan Pomerol", 2012, 380), ("Chateau Trotanoy Pomerol", 2015, 310),
        ("Chateau Latour Pauillac", 2008, 960), ("Chateau Margaux Margaux", 2011, 880),
    ]

    /// Words of `text` from `x` on, each box 10 px a letter and 20 px tall, its centre on a line
    /// through (`x`, `y`) at `slope`.
    func words(_ text: String, x: Int, y: Double, slope: Double) -> [RecognizedWord] {
        var cursor = x
        return text.split(separator: " ").map { token in
            let width = token.count * 10
            let middle = y + slope * Double(cursor + width / 2 - x)
            defer { cursor += width + 10 }
            return RecognizedWord(text: String(token), box: PixelRect(x: cursor, y: Int((middle - 10).rounded()), width: width, height: 20),
                                  confidence: 90)
        }
    }

    /// A list at a 40 px pitch: names from x 50 sloping `slope` (the half of a folded sheet they
    /// stand on), and a vintage column at x 900 and a price column at x 1200, each `offset` px
    /// below where its wine's name starts.
    func page(slope: Double, vintageOffset: Double, priceOffset: Double, vintages: Bool = true) -> [RecognizedLine] {
        var lines = [RecognizedLine(words: words("RED BORDEAUX", x: 50, y: 60, slope: slope))]
        for (i, wine) in wines.enumerated() {
            let y = 120 + 40 * Double(i)
            lines.append(RecognizedLine(words: words(wine.name, x: 50, y: y, slope: slope)))
            if vintages { lines.append(RecognizedLine(words: words("\(wine.vintage)", x: 900, y: y + vintageOffset, slope: 0))) }
            lines.append(RecognizedLine(words: words("\(wine.price)", x: 1200, y: y + priceOffset, slope: 0)))
        }
        return lines
    }

    @Test func namesSlopingOneWayOnAFoldedSheetDoNotCarryTheirSlopeToThePrices() {
        // The names' half slopes 2° down to the right; the other half of the sheet lies level,
        // its cells on the rows where the names' half meets it (12 px lower than the names start).
        let lines = page(slope: tan(2 * Double.pi / 180), vintageOffset: 12, priceOffset: 12)
        let layout = RowLayout(lines: lines)
        #expect(abs(layout.skew) < 1 * Double.pi / 180, "skew \(layout.skew * 180 / .pi)°")
        let entries = parser.parse(lines: lines)
        #expect(entries.count == wines.count)
        for wine in wines {
            let entry = entries.first { $0.name.hasPrefix(wine.name.split(separator: " ").prefix(2).joined(separator: " ")) }
            #expect(entry?.prices.last?.amount == Double(wine.price), "\(wine.name): \(String(describing: entry?.prices))")
            #expect(entry?.vintage == .year(wine.vintage), "\(wine.name): \(String(describing: entry?.vintage))")
        }
    }

    @Test func aSlopeThatHoldsAcrossThePageIsKept() {
        // A page turned 2° as a whole: the cells follow the names' slope, and so does the rotation.
        let slope = tan(2 * Double.pi / 180)
        let lines = page(slope: slope, vintageOffset: slope * 850, priceOffset: slope * 1150)
        let layout = RowLayout(lines: lines)
        #expect(abs(layout.skew - atan(slope)) < 0.2 * Double.pi / 180, "skew \(layout.skew * 180 / .pi)°")
        let entries = parser.parse(lines: lines)
        #expect(entries.map { $0.prices.last?.amount } == wines.map { Double($0.price) })
    }

    @Test func oneColumnOfCellsOffItsRowsIsNoReasonToTurnThePage() {
        // A level page whose only cells (the prices) are printed 9 px low: some rotation would put
        // them on rows, but one column alone cannot tell it from the page's own.
        let lines = page(slope: 0, vintageOffset: 0, priceOffset: 9, vintages: false)
        #expect(RowLayout(lines: lines).skew == 0)
        #expect(CellAlignment.places([900, 905, 910, 1200], lineHeight: 20) == 1)
        #expect(CellAlignment.places([900, 905, 910, 1200, 1195, 1205], lineHeight: 20) == 2)
        #expect(CellAlignment.nearest(47, in: [10, 40, 60, 100]) == 7)
        #expect(CellAlignment.nearest(5, in: [10, 40]) == 5)
        #expect(CellAlignment.nearest(130, in: [10, 40, 60, 100]) == 30)
        #expect(CellAlignment.nearest(40, in: [40]) == 0)
        #expect(CellAlignment.nearest(1, in: []) == .infinity)
    }

    @Test func cellsSetBetweenTheRowsByDesignDoNotTurnThePage() {
        // A level page whose vintages and prices stand halfway between one name and the next (set
        // between a name and its note): a rotation of about 1.3° would put both columns near rows,
        // but one shift of every cell puts them there exactly, so the page is not turned.
        let lines = page(slope: 0, vintageOffset: 20, priceOffset: 20)
        #expect(RowLayout(lines: lines).skew == 0)
    }
}
