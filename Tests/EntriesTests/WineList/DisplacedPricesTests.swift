import Imaging
import RecognizedText
import Testing
@testable import Entries

/// A price column a fold moved a row off its wines (`DisplacedPrices`).
@Suite struct DisplacedPricesTests {
    let parser = WineListParser(fields: FieldParser(runYear: 2026))

    /// Sections of wines at a 40 px pitch, names at x 50, prices right-aligned at x 700–740;
    /// `shift`: rows the price column stands below its wines (−1: above). Each section's
    /// heading stands `headingGap` px above its first wine, at `headingX`, and `sectionGap` px
    /// below the last wine of the section before.
    func page(sections: [[(name: String, price: Int)]], shift: Int, headingX: Int = 300, headingGap: Int = 80,
              sectionGap: Int = 60, priceText: (Int) -> String = { "\($0)" }, lift: Int = 0) -> [RecognizedLine] {
        var lines: [RecognizedLine] = []
        var y = 60
        for (s, wines) in sections.enumerated() {
            lines.append(line(["RED", "WHITE", "ROSE", "SPARKLING"][s % 4], x: headingX, y: y))
            y += headingGap
            for (i, wine) in wines.enumerated() {
                lines.append(line(wine.name, y: y + i * 40))
                lines.append(line(priceText(wine.price), x: 710, y: y + (i + shift) * 40 - lift))
            }
            y += wines.count * 40 + sectionGap
        }
        return lines
    }

    let reds: [(name: String, price: Int)] = [("Chateau Figeac 2009", 270), ("Chateau Pavie 2009", 440),
                                              ("Chateau Angelus 2001", 740), ("Chateau Lafleur 2009", 570)]
    let whites: [(name: String, price: Int)] = [("Pavillon Blanc 2014", 240), ("Blanc de Lynch 2016", 532),
                                                ("Domaine de Chevalier 2012", 280)]

    func prices(_ lines: [RecognizedLine]) -> [String: Double] {
        var out: [String: Double] = [:]
        for entry in parser.parse(lines: lines) {
            if let amount = entry.prices.last?.amount { out[entry.name] = amount }
        }
        return out
    }

    @Test func aColumnMovedARowDownInTwoSectionsGoesBackOntoItsWines() {
        let moved = prices(page(sections: [reds, whites], shift: 1))
        for wine in reds + whites {
            let name = wine.name.split(separator: " ").dropLast().joined(separator: " ")
            #expect(moved[name] == Double(wine.price), "\(name): \(String(describing: moved[name]))")
        }
        #expect(moved.count == reds.count + whites.count)
        // Each entry says its price came back with its column.
        let entries = parser.parse(lines: page(sections: [reds, whites], shift: 1))
        #expect(entries.allSatisfy { $0.layout?.prices.first?.placement == .movedWithColumn },
                "\(entries.map { $0.layout?.prices.first?.placement as Any })")
        let inPlace = parser.parse(lines: page(sections: [reds, whites], shift: 0))
        #expect(inPlace.allSatisfy { $0.layout?.prices.first?.placement != .movedWithColumn })
    }

    @Test func aColumnMovedARowUpInTwoSectionsGoesBackOntoItsWines() {
        let moved = prices(page(sections: [reds, whites], shift: -1))
        for wine in reds + whites {
            let name = wine.name.split(separator: " ").dropLast().joined(separator: " ")
            #expect(moved[name] == Double(wine.price), "\(name): \(String(describing: moved[name]))")
        }
    }

    /// Headings set flush with the names, one pitch above the first wine and below the last wine
    /// of the section before: the price moved off a section's end stands on a heading's row.
    @Test func aPriceMovedOntoASectionsHeadingGoesBackToo() {
        for shift in [-1, 1] {
            let lines = page(sections: [reds, whites], shift: shift, headingX: 50, headingGap: 40, sectionGap: 0)
            let moved = prices(lines)
            for wine in reds + whites {
                let name = wine.name.split(separator: " ").dropLast().joined(separator: " ")
                #expect(moved[name] == Double(wine.price), "shift \(shift), \(name): \(String(describing: moved[name]))")
            }
            #expect(moved.count == reds.count + whites.count, "shift \(shift): no heading is a wine: \(moved.keys.sorted())")
        }
        // Glass and bottle printed as one pair ("54/270") move as one price.
        let pairs = prices(page(sections: [reds, whites], shift: -1, headingX: 50, headingGap: 40, sectionGap: 0,
                                priceText: { "\($0 / 5)/\($0)" }))
        for wine in reds + whites {
            let name = wine.name.split(separator: " ").dropLast().joined(separator: " ")
            #expect(pairs[name] == Double(wine.price), "pairs, \(name): \(String(describing: pairs[name]))")
        }
    }

    /// Prices lifted 14 px above their wines' rows (a third of the 40 px pitch): each is read as a
    /// row of its own, price, name, price, name, and is the name's below it (`PricesAboveNames`);
    /// dropped 14 px below, each is the name's above, as a list that prints prices under names.
    @Test func pricesAFractionOfALineOffTheirRowsGoWithTheNearerName() {
        for lift in [14, -14] {
            let lines = page(sections: [reds, whites], shift: 0, lift: lift)
            let figeac = RowLayout(lines: lines).rows.first { $0.text.hasPrefix("Chateau Figeac") }?.text
            #expect(figeac == (lift > 0 ? "Chateau Figeac 2009 270" : "Chateau Figeac 2009"), "lift \(lift)")
            let read = prices(lines)
            for wine in reds + whites {
                let name = wine.name.split(separator: " ").dropLast().joined(separator: " ")
                #expect(read[name] == Double(wine.price), "lift \(lift), \(name): \(String(describing: read[name]))")
            }
        }
        // One pair alone is no run: the first price stays apart from the name below.
        let one = prices(page(sections: [Array(reds.prefix(1))], shift: 0, lift: 14))
        #expect(one["Chateau Figeac"] == nil)
    }

    /// Lifted half a line, the prices stand midway between the rows, or a little nearer the name
    /// above: right under a section's heading, the first price has no wine above it, so each is
    /// the name's below, in a section alone as well (no moved column, which two would show).
    @Test(arguments: [(20, 80), (22, 80), (20, 40)])
    func pricesLiftedHalfALineUnderAHeadingGoWithTheNameBelow(lift: Int, headingGap: Int) {
        let read = prices(page(sections: [reds], shift: 0, headingGap: headingGap, lift: lift))
        for wine in reds {
            let name = wine.name.split(separator: " ").dropLast().joined(separator: " ")
            #expect(read[name] == Double(wine.price), "\(name): \(String(describing: read[name]))")
        }
    }

    /// A fold lifting the column by a row and a half a row at once: each price stands above its
    /// wine, some on the row above, some alone between the rows. In two sections, each price goes
    /// to the wine below it.
    @Test func aColumnMovedUpWithSomePricesBetweenTheRowsGoesBackToo() {
        var lines: [RecognizedLine] = []
        var y = 60
        for (s, wines) in [reds, whites].enumerated() {
            lines.append(line(["RED", "WHITE"][s], x: 300, y: y))
            y += 80
            for (i, wine) in wines.enumerated() {
                lines.append(line(wine.name, y: y + i * 40))
                // The first price alone above its wine, the second alone between the rows, the
                // rest on the row above.
                let lift = i == 1 ? 20 : 40
                lines.append(line("\(wine.price)", x: 710, y: y + i * 40 - lift))
            }
            y += wines.count * 40 + 60
        }
        let read = prices(lines)
        for wine in reds + whites {
            let name = wine.name.split(separator: " ").dropLast().joined(separator: " ")
            #expect(read[name] == Double(wine.price), "\(name): \(String(describing: read[name]))")
        }
        // One section alone is read as printed.
        let one = prices(Array(lines.prefix(1 + 2 * reds.count)))
        #expect(one["Chateau Lafleur"] == nil)
    }

    /// Moved down, the last section's last price lands on a footnote set under the list, off the
    /// wines' margin: it is the run's stray price all the same, and the footnote keeps its words.
    @Test func aPriceMovedOntoAFootnoteUnderTheListGoesBackToo() {
        var lines = page(sections: [reds, whites], shift: 1)
        // The whites' last price stands a row below their last wine (`page`'s layout).
        let footnoteY = 60 + 80 + reds.count * 40 + 60 + 80 + whites.count * 40
        lines.append(line("Ask your server for vintages", x: 260, y: footnoteY))
        let read = prices(lines)
        for wine in reds + whites {
            let name = wine.name.split(separator: " ").dropLast().joined(separator: " ")
            #expect(read[name] == Double(wine.price), "\(name): \(String(describing: read[name]))")
        }
        let layout = RowLayout(lines: lines)
        #expect(layout.rows.contains { $0.text == "Ask your server for vintages" }, "\(layout.rows.map(\.text))")
    }

    /// Indented lines of a producer's wines ("Magnum 900" under its wine) stand off the names'
    /// margin but inside the list, with names below them: no footnote, and the list is read as
    /// printed although each producer's line above its wines has no price.
    @Test func indentedLinesInsideTheListAreNoFootnotes() {
        var lines: [RecognizedLine] = []
        var y = 60
        for (producer, wines) in [("Domaine Leflaive", [("Puligny Montrachet 2019", 120), ("Batard Montrachet 2017", 450)]),
                                  ("Domaine Roulot", [("Meursault 2020", 110), ("Meursault Perrieres 2019", 260)])] {
            lines.append(line(producer, y: y))
            y += 40
            for (wine, price) in wines {
                lines.append(line(wine, y: y))
                lines.append(line("\(price)", x: 710, y: y))
                y += 40
            }
            lines.append(line("Magnum", x: 120, y: y))
            lines.append(line("\(wines[1].1 * 2)", x: 710, y: y))
            y += 60
        }
        let read = prices(lines)
        #expect(read["Puligny Montrachet"] == 120, "\(read)")
        #expect(read["Batard Montrachet"] == 450, "\(read)")
        #expect(read["Meursault"] == 110, "\(read)")
        #expect(read["Domaine Leflaive"] == nil, "\(read)")
    }

    /// One section alone with that shape is no proof: its first wine may be unpriced and its last
    /// row a priced note. The page is read as printed.
    @Test func oneSectionAloneIsReadAsPrinted() {
        let lines = page(sections: [reds], shift: 1)
        let read = prices(lines)
        #expect(read["Chateau Figeac"] == nil)
        #expect(read["Chateau Pavie"] == 270)
        let layout = RowLayout(lines: lines)
        #expect(layout.rows.contains { $0.text == "570" }, "the lone price keeps its row")
    }

    /// A list in its place is left alone, and so is one whose prices sit on the second line of
    /// two-line entries (the name, then the region with the price).
    @Test func pricesInPlaceAndOnSecondLinesAreLeftAlone() {
        let inPlace = prices(page(sections: [reds, whites], shift: 0))
        for wine in reds + whites {
            let name = wine.name.split(separator: " ").dropLast().joined(separator: " ")
            #expect(inPlace[name] == Double(wine.price))
        }
        var lines: [RecognizedLine] = []
        var y = 60
        for section in [reds, whites] {
            lines.append(line("WINES", x: 300, y: y))
            y += 80
            for wine in section {
                lines.append(line(wine.name, y: y))
                lines.append(line("Bordeaux, France", x: 70, y: y + 30))
                lines.append(line("\(wine.price)", x: 710, y: y + 30))
                y += 70
            }
            y += 60
        }
        let layout = RowLayout(lines: lines)
        let priced = layout.rows.filter { $0.text.hasSuffix("France") || $0.words.last.map { FieldParser.price($0.text) != nil } == true }
        #expect(priced.filter { $0.text.hasPrefix("Bordeaux") && $0.words.count >= 3 }.count == reds.count + whites.count,
                "every price stays on its region line: \(layout.rows.map(\.text))")
    }

    /// The runs found on a column's rows, as plain values.
    @Test func aRunIsItsWinesAndItsLonePrice() {
        let layout = RowLayout(lines: page(sections: [reds, whites], shift: 1))
        let mendedRows = layout.rows.filter { $0.column == 0 }
        #expect(!mendedRows.contains { $0.text == "570" || $0.text == "280" }, "lone price rows are gone: \(mendedRows.map(\.text))")
        #expect(mendedRows.contains { $0.text == "Chateau Figeac 2009 270" })
    }
}
