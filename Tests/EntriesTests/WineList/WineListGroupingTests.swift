import Imaging
import RecognizedText
import Testing
@testable import Entries

/// Grouping by geometry: what a list prints side by side, over several lines or under a header.
@Suite struct WineListGroupingTests {
    let parser = WineListParser(fields: FieldParser(runYear: 2026))

    /// Two columns of wines, each with its prices at its own right edge; Tesseract read the lines
    /// across both columns as one.
    @Test func twoColumnListsAreReadColumnByColumn() {
        var lines = [line("HARBOUR WINE BAR", x: 300, y: 10, height: 40)]
        let left = ["Ch. Margaux 2015 450", "Ridge Monte Bello 2016 290", "Guigal La Landonne 2017 380",
                    "Penfolds Grange 2018 900", "Dom. Tempier Bandol 2021 70"]
        let right = ["Krug Grande Cuvée NV 320", "Dom. Leflaive Bâtard 2019 600", "Cloudy Bay SB 2023 55",
                     "Felton Road PN 2021 95", "Tyrrell's Vat 1 Semillon 2017 80"]
        for (k, (a, b)) in zip(left, right).enumerated() {
            let y = 100 + 30 * k
            // One recognized line across the gutter: the left wine, then the right wine.
            let l = line(a, x: 50, y: y), r = line(b, x: 560, y: y)
            lines.append(RecognizedLine(words: l.words + r.words, block: 0))
        }
        let entries = parser.parse(lines: lines)
        #expect(entries.count == 10)
        #expect(entries.prefix(5).map { $0.prices.first?.amount } == [450, 290, 380, 900, 70])
        #expect(entries.suffix(5).map { $0.prices.first?.amount } == [320, 600, 55, 95, 80])
        #expect(entries[5].vintage == .nonVintage)
        #expect(entries[7].name == "Cloudy Bay Sauvignon Blanc")
        #expect(entries[9].name.contains("Vat 1"))
    }

    /// Producer on one line, wine and price on the next (indented), region and a note under it.
    @Test func multiLineEntriesKeepTheirLines() {
        let lines = [
            line("Red", y: 40, height: 26),
            line("Domaine Jamet", y: 100),
            line("Côte-Rôtie 2018 160", x: 70, y: 125),
            line("Northern Rhône, France", x: 70, y: 150),
            line("Violets, bacon fat and black olive tapenade.", x: 70, y: 175),
            line("Ridge Vineyards", y: 230),
            line("Monte Bello 2016 290", x: 70, y: 255),
            line("Santa Cruz Mountains, USA", x: 70, y: 280),
            line("Vintages and prices subject to change", y: 400),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.count == 2)
        #expect(entries[0].name == "Domaine Jamet Côte-Rôtie")
        #expect(entries[0].vintage == .year(2018))
        #expect(entries[0].details == "Northern Rhône, France")
        #expect(entries[0].description == "Violets, bacon fat and black olive tapenade.")
        #expect(entries[0].rawText.hasPrefix("Domaine Jamet\nCôte-Rôtie 2018 160"))
        #expect(entries[1].name == "Ridge Vineyards Monte Bello")
        #expect(entries[1].prices.map(\.amount) == [290])
        #expect(entries.allSatisfy { $0.colour == .red })
    }

    /// A region/vintage line under the name carries the vintage when the name line has none.
    @Test func vintageOnTheSecondLine() {
        let lines = [
            line("Giaconda Chardonnay 140", y: 100),
            line("Beechworth 2021", x: 70, y: 125),
            line("Bass Phillip Premium Pinot Noir 180", y: 160),
            line("Gippsland 2019", x: 70, y: 185),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.map(\.vintage) == [.year(2021), .year(2019)])
        #expect(entries.map { $0.prices.first?.amount } == [140, 180])
    }

    /// A row whose prices stand right-aligned at the given right edges, as a list prints them.
    func priced(_ name: String, _ prices: [(String, Int)], y: Int) -> RecognizedLine {
        let words = (name.isEmpty ? [] : line(name, y: y).words) + prices.map { text, right in
            RecognizedWord(text: text, box: PixelRect(x: right - text.count * 10, y: y, width: text.count * 10, height: 20), confidence: 90)
        }
        return RecognizedLine(words: words, block: 0)
    }

    /// "6oz 9oz Btl" gives three columns; a wine priced by the bottle only is read under "Btl".
    @Test func headerRowsGivePriceColumnsTheirMeaning() {
        let lines = [
            line("By the Glass", y: 40, height: 26),
            priced("", [("6oz", 730), ("9oz", 830), ("Btl", 930)], y: 80),
            priced("Sancerre Vacheron 2022", [("14", 730), ("20", 830), ("56", 930)], y: 110),
            priced("Barolo Vietti 2019", [("68", 930)], y: 140),
            priced("Rioja Muga Reserva 2019", [("12", 730), ("48", 930)], y: 170),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.count == 3)
        #expect(entries[0].prices.map(\.column) == [.glass, .carafe, .bottle])
        #expect(entries[0].prices.map(\.amount) == [14, 20, 56])
        #expect(entries[1].prices.map(\.column) == [.bottle])
        #expect(entries[2].prices.map(\.column) == [.glass, .bottle])
        #expect(entries[0].section == "By the Glass")
    }

    /// "Glass  Bottle" under "By the glass" names that section's columns only: a bottle section
    /// after it prints one price per wine, the bottle's, wherever it stands on the line.
    @Test func aGlassSectionsHeaderEndsWithItsSection() {
        let lines = [
            line("WINES BY THE GLASS", y: 40, height: 26),
            priced("", [("Glass", 730), ("Bottle", 930)], y: 80),
            priced("Sancerre Vacheron 2022", [("14", 730), ("56", 930)], y: 110),
            line("SPARKLING WINES", y: 170, height: 26),
            priced("Bollinger La Grande Année NV", [("112", 730)], y: 210),
            line("WHITES", y: 270, height: 26),
            priced("Leflaive Puligny 2020", [("95", 730)], y: 310),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.count == 3)
        #expect(entries[0].prices.map(\.column) == [.glass, .bottle])
        #expect(entries[1].prices.map(\.column) == [.bottle])
        #expect(entries[2].prices.map(\.column) == [.bottle])
        // Under a header printed for all sections, the header still holds after a heading.
        let shared = parser.parse(lines: [
            priced("", [("Glass", 730), ("Bottle", 930)], y: 40),
            line("SPARKLING WINES", y: 80, height: 26),
            priced("Bollinger La Grande Année NV", [("19", 730)], y: 120),
        ])
        #expect(shared.first?.prices.map(\.column) == [.glass])
    }

    /// Without a header, "14 / 56" is glass and bottle.
    @Test func slashPairsAreGlassAndBottle() {
        let entries = parser.parse(lines: [line("Rioja Muga Reserva 2019 14 / 56", y: 100)])
        #expect(entries.first?.prices == [Price(amount: 14, column: .glass), Price(amount: 56, column: .bottle)])
    }

    /// Half bottles' section gives the bottle size; the bin at the left margin is the bin.
    @Test func sectionsGiveSizeAndBinsStayApart() {
        let lines = [
            line("HALF BOTTLES", y: 40, height: 26),
            line("212", x: 20, y: 100),
            line("Ch. d'Yquem 2009", x: 80, y: 100),
            line("190", x: 800, y: 100),
            line("Bin 214 Tokaji Aszú 5 Puttonyos 2013 85", x: 20, y: 130),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.count == 2)
        #expect(entries.map(\.bin) == ["212", "214"])
        #expect(entries.map(\.bottleSizeML) == [375, 375])
        #expect(entries[0].name == "Château d'Yquem")
        #expect(entries[1].name == "Tokaji Aszú 5 Puttonyos")
        #expect(entries[1].vintage == .year(2013))
    }

    /// A dot leader read as letters between the name and its price is no part of the name.
    @Test func dotLeadersBetweenNameAndPrice() {
        let lines = [
            line("Ch. Latour 2009 ................ 1200", y: 100),
            line("Penfolds Bin 389 2019 ........ 95", y: 130),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.map(\.name) == ["Château Latour", "Penfolds Bin 389"])
        #expect(entries.map(\.vintage) == [.year(2009), .year(2019)])
        #expect(entries.map { $0.prices.first?.amount } == [1200, 95])
    }

    /// A word whose box took in a mark below its line (winelist-0103: a vein of the marble the list
    /// lies on, "Kent," 91 px tall among 42 px words) does not make its row a title.
    @Test func aWordWithAnOutsizedBoxStaysOnItsRow() {
        var tall = line("Cuvée Prestige, Burgundy,", x: 80, y: 125)
        tall.words[2].box.height = 60
        let lines = [
            line("Whites", y: 60),
            line("#201 Domaine Vautrin Meursault", y: 100),
            RecognizedLine(words: tall.words),
            line("France 2020 $78", x: 80, y: 150),
            line("#202 Wexford Estate Reserve", y: 190),
            line("Chardonnay, Sonoma Coast,", x: 80, y: 215),
            line("USA 2017 $60", x: 80, y: 240),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.map(\.bin) == ["201", "202"])
        #expect(entries[0].rawText.contains("Domaine Vautrin Meursault") && entries[0].rawText.contains("Prestige"))
        #expect(entries.map { $0.prices.compactMap(\.amount) } == [[78], [60]])
        let layout = RowLayout(lines: lines)
        #expect(layout.rows.allSatisfy { $0.height < 30 })

        // Every word of the name took in the mark; the bin, read as its own line, did not.
        let name = line("Domaine Vautrin Meursault", x: 100, y: 70, height: 50)
        let binned = [line("Whites", y: 20), line("#201", y: 100), name, line("Cuvée Prestige, Burgundy,", x: 125, y: 130),
                      line("France 2020 $78", x: 125, y: 155), line("#202", y: 195), line("Wexford Estate Reserve", x: 100, y: 195),
                      line("USA 2017 $60", x: 125, y: 220)]
        let read = parser.parse(lines: binned)
        #expect(read.map(\.bin) == ["201", "202"])
        #expect(read[0].rawText.contains("Domaine Vautrin Meursault") && read[0].rawText.contains("Prestige"))

        // The same with the bin and the name read as one line, as the pipeline's rows come.
        var joined = line("#201 Domaine Vautrin Meursault", y: 100)
        for k in 1..<joined.words.count { joined.words[k].box.y = 70; joined.words[k].box.height = 50 }
        var together = binned
        together.replaceSubrange(1...2, with: [RecognizedLine(words: joined.words)])
        #expect(parser.parse(lines: together).map(\.bin) == ["201", "202"])
    }

    /// A name wrapped over three lines with the price on the last, indented ones.
    @Test func wrappedNamesEndInTheirPriceRow() {
        let lines = [
            line("#161 NV Philipponnat, Clos", y: 100),
            line("des Goisses,", x: 80, y: 125),
            line("Champagne $22.00 / $94.00", x: 80, y: 150),
            line("#168 '11 Chardonnay,", y: 190),
            line("Ruinart Blanc de", x: 80, y: 215),
            line("Blancs, Champagne $13.50 / $60.50", x: 80, y: 240),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.count == 2)
        #expect(entries.map(\.bin) == ["161", "168"])
        #expect(entries.map(\.vintage) == [.nonVintage, .year(2011)])
        #expect(entries.map { $0.prices.compactMap(\.amount) } == [[22, 94], [13.5, 60.5]])
        #expect(entries[0].name == "Philipponnat, Clos des Goisses, Champagne")
    }

    /// On a list of '15 vintages, a bare 17 where the vintage goes is '17, not a bin or a price.
    @Test func lostApostrophesOnAListOfTwoDigitVintages() {
        let lines = [
            line("'19 Tanner Estate Pinot Noir £58", y: 100),
            line("17 Château-Grillet £20 / £78", y: 130),
            line("Freixenet Cordon Negro Brut, Catalonia 14 104.50", y: 160),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.map(\.vintage) == [.year(2019), .year(2017), .year(2014)])
        #expect(entries[1].bin == nil)
        #expect(entries[2].prices.map(\.amount) == [104.5])
    }

    /// "#174 ’17 Sauvignon Blanc" read as "#174 17 Sauvignon Blanc": the bin stays the bin and 17 is '17,
    /// but only on a list that prints two-digit vintages elsewhere.
    @Test func aLostApostropheBetweenTheBinAndTheName() {
        let lines = [
            line("#168 ‘11 Chardonnay, Ruinart Blanc de Blancs $13.50 / $60.50", y: 100),
            line("#174 17 Sauvignon Blanc, Twin Bluff Wines $22.00 / $90.00", y: 130),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.map(\.vintage) == [.year(2011), .year(2017)])
        #expect(entries[1].bin == "174")
        #expect(entries[1].name.hasPrefix("Sauvignon Blanc"))
        // Without two-digit vintages on the list, the number is left alone.
        let plain = parser.parse(lines: [line("#174 17 Sauvignon Blanc, Twin Bluff Wines $22.00 / $90.00", y: 130)])
        #expect(plain.first?.vintage == nil)
    }

    /// Restaurant name, address, notes and page numbers are not wines.
    @Test func pageFurnitureIsNoEntry() {
        let lines = [
            line("LA TABLE", x: 300, y: 10, height: 48),
            line("12 Rue des Vignes, Lyon", x: 300, y: 70),
            line("Sparkling", y: 120, height: 26),
            line("Billecart-Salmon Brut Rosé NV 140", y: 160),
            line("Please ask your server about allergies", y: 300),
            line("All prices include VAT and service", y: 330),
            line("Page 2 of 4", y: 380),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.count == 1)
        #expect(entries[0].colour == .sparkling)
        #expect(entries[0].vintage == .nonVintage)
    }

    /// The entry keeps the text as printed (accents, abbreviations) next to the normalized name.
    @Test func rawTextKeepsThePrintNextToTheNormalizedName() {
        let entries = parser.parse(lines: [line("Dom. Jamet Côte-Rôtie 1er 2018 160", y: 100)])
        #expect(entries.first?.rawText == "Dom. Jamet Côte-Rôtie 1er 2018 160")
        #expect(entries.first?.name == "Domaine Jamet Côte-Rôtie Premier Cru")
    }
}
