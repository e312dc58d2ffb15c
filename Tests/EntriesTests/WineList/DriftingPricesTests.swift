import Imaging
import RecognizedText
import Testing
@testable import Entries

/// A price column that drifts off its wines a little more with every row (`DriftingPrices`).
@Suite struct DriftingPricesTests {
    let parser = WineListParser(fields: FieldParser(runYear: 2026))

    static let wines = ["Chateau Figeac 2009", "Chateau Pavie 2009", "Chateau Angelus 2001", "Chateau Lafleur 2009",
                        "Pavillon Blanc 2014", "Blanc de Lynch 2016", "Domaine de Chevalier 2012", "Clos Fourtet 2010",
                        "Chateau Ausone 2005", "Vieux Chateau Certan 2011"]

    func price(_ i: Int) -> Int { 100 + 10 * i }

    func name(_ wine: String) -> String { wine.split(separator: " ").dropLast().joined(separator: " ") }

    /// A heading and the wines at a 40 px pitch, their boxes 36 px tall as a phone photo's line
    /// boxes stand. Drifting down, price `i` stands `drift * i` px below its wine; drifting up
    /// (`drift` negative), the last price stands on its wine and each one before a further
    /// `-drift` px above. Either way the column crosses half a row halfway down the section.
    func section(drift: Int, y: Int = 100) -> [RecognizedLine] {
        var lines = [line("RED", x: 300, y: y - 80, height: 36)]
        for (i, wine) in Self.wines.enumerated() {
            lines.append(line(wine, y: y + 40 * i, height: 36))
            let offset = drift > 0 ? drift * i : drift * (Self.wines.count - 1 - i)
            lines.append(line("\(price(i))", x: 710, y: y + 40 * i + offset, height: 36))
        }
        return lines
    }

    /// Every wine of `wines` read with its own price.
    func expectEveryWineItsOwnPrice(_ lines: [RecognizedLine], sourceLocation: SourceLocation = #_sourceLocation) {
        let read = prices(lines)
        for (i, wine) in Self.wines.enumerated() {
            #expect(read[name(wine)] == Double(price(i)), "\(name(wine)): \(String(describing: read[name(wine)]))",
                    sourceLocation: sourceLocation)
        }
    }

    func prices(_ lines: [RecognizedLine]) -> [String: Double] {
        var out: [String: Double] = [:]
        for entry in parser.parse(lines: lines) {
            if let amount = entry.prices.last?.amount { out[entry.name] = amount }
        }
        return out
    }

    @Test(arguments: [6, -6])
    func aColumnDriftingOffItsWinesIsPairedInOrder(drift: Int) {
        let lines = section(drift: drift, y: drift < 0 ? 200 : 100)
        // As laid out, a wine halfway down is left without a price and the rest take a neighbour's.
        let layout = RowLayout(lines: lines)
        #expect(layout.rows.contains { $0.text == "\(price(drift > 0 ? 9 : 0))" } == false, "the stray price joins a wine")
        expectEveryWineItsOwnPrice(lines)
    }

    /// A name set on two rows leaves a hole in the price column: with a lone price under the
    /// section (a footnote's figure), the counts agree, but the section is read as laid out.
    @Test func aNameOnTwoRowsAndALonePriceUnderTheSectionAreReadAsLaidOut() {
        var lines = [line("RED", x: 300, y: 20, height: 36)]
        var y = 100
        for (i, wine) in Self.wines.enumerated() {
            if i == 4 {
                lines.append(line("Chateau Margaux", y: y, height: 36))
                y += 40
            }
            lines.append(line(wine, y: y, height: 36))
            lines.append(line("\(price(i))", x: 710, y: y, height: 36))
            y += 40
        }
        lines.append(line("15", x: 710, y: y, height: 36))
        expectEveryWineItsOwnPrice(lines)
    }

    /// A piece of a name the reader set on a line of its own, between two rows, is no wine left
    /// without a price: the column has no hole there, but the piece stands no row from its name.
    @Test func aPieceOfANameBetweenTwoRowsIsNoWineWithoutAPrice() {
        var lines = section(drift: 0)
        lines.append(line("Grand Cru", y: 100 + 2 * 40 + 12, height: 24))
        lines.append(line("15", x: 710, y: 100 + 40 * Self.wines.count, height: 36))
        expectEveryWineItsOwnPrice(lines)
    }

    /// A name wrapped onto a line half a row under it leaves a hole of a pitch and a half in the
    /// price column: with a lone figure under the section the counts agree, but the section is
    /// read as laid out.
    @Test func aNameWrappedHalfARowDownIsNoDrift() {
        var lines = [line("RED", x: 300, y: 20, height: 36)]
        var y = 100
        for (i, wine) in Self.wines.enumerated() {
            lines.append(line(wine, y: y, height: 36))
            lines.append(line("\(price(i))", x: 710, y: y, height: 36))
            if i == 3 {
                lines.append(line("Grand Cru Classe", y: y + 30, height: 24))
                y += 30
            }
            y += 60
        }
        lines.append(line("15", x: 710, y: y, height: 36))
        expectEveryWineItsOwnPrice(lines)
    }
}
