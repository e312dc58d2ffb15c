import Testing
@testable import Entries

@Suite struct FieldParserTests {
    let parser = FieldParser(runYear: 2026)

    @Test func producerVintagePrice() {
        let f = parser.parse("Ch. Margaux, Margaux 2015 450")
        #expect(f.vintage == .year(2015))
        #expect(f.prices.map(\.amount) == [450])
        #expect(f.name == "Château Margaux, Margaux")
    }

    @Test func glassAndBottlePairUnderAHeader() {
        let f = parser.parse("Dom. Tempier Bandol Rosé 2022 14 / 56", columns: [.glass, .bottle])
        #expect(f.prices == [Price(amount: 14, column: .glass), Price(amount: 56, column: .bottle)])
        #expect(f.vintage == .year(2022))
    }

    @Test func slashPairInOneToken() {
        let f = parser.parse("Sancerre 2023 12/48", columns: [.glass, .bottle])
        #expect(f.prices.map(\.amount) == [12, 48])
    }

    @Test(arguments: [
        ("$65", 65.0, "$"), ("65€", 65.0, "€"), ("£65", 65.0, "£"), ("65.00", 65.0, nil), ("65,00", 65.0, nil),
        ("1.250,00", 1250.0, nil), ("1,250.00", 1250.0, nil), ("1,250", 1250.0, nil),
    ] as [(String, Double, String?)])
    func priceNotations(_ token: String, _ amount: Double, _ currency: String?) {
        let f = parser.parse("Barolo Cannubi 2019 \(token)")
        #expect(f.prices.first?.amount == amount)
        #expect(f.currency == currency)
        #expect(f.vintage == .year(2019))
    }

    @Test func marketPrice() {
        let f = parser.parse("Pétrus 2010 MP")
        #expect(f.prices.count == 1)
        #expect(f.prices[0].isMarketPrice)
    }

    @Test func dotLeaders() {
        let f = parser.parse("Ch. Latour ............ 2009 ........ 1200")
        #expect(f.vintage == .year(2009))
        #expect(f.prices.map(\.amount) == [1200])
        #expect(f.name == "Château Latour")
    }

    @Test(arguments: [("'15", 2015), ("’15", 2015), ("‘98", 1998), ("'27", 2027), ("'28", 1928)])
    func twoDigitVintagesPivotOnTheRunYear(_ token: String, _ year: Int) {
        #expect(parser.parse("Rioja Reserva \(token) 40").vintage == .year(year))
    }

    /// Old-style figures read as letters: a year whose zeros came back as o's.
    @Test(arguments: [("2ooo", 2000), ("2oo9", 2009), ("2o15", 2015), ("199o", 1990)])
    func yearsInOldStyleFigures(_ token: String, _ year: Int) {
        #expect(parser.parse("Chateau Yquem \(token) Sauternes 650").vintage == .year(year))
        // Not a year: out of range, or no leading 1 or 2.
        #expect(parser.parse("Chateau Yquem 3ooo Sauternes 650").vintage == nil)
    }

    @Test(arguments: ["NV", "N.V.", "MV"])
    func nonVintage(_ token: String) {
        #expect(parser.parse("Krug Grande Cuvée \(token) 320").vintage == .nonVintage)
    }

    @Test func identifiersAreNotVintages() {
        #expect(parser.parse("Penfolds Bin 389 Cabernet Shiraz 2019 95").vintage == .year(2019))
        #expect(parser.parse("Penfolds Bin 389 Cabernet Shiraz 95").vintage == nil)
        #expect(parser.parse("Krug Grande Cuvée Édition 171 NV 350").vintage == .nonVintage)
        #expect(parser.parse("Taylor's 20 yr Tawny 18").vintage == nil)
        #expect(parser.parse("Cask 23 Cabernet 2018 300").vintage == .year(2018))
    }

    @Test func yearAtTheEndWithoutPriceIsTheVintage() {
        let f = parser.parse("Ch. Palmer 2005")
        #expect(f.vintage == .year(2005))
        #expect(f.prices.isEmpty)
    }

    @Test func implausibleYearsAreNotVintages() {
        #expect(parser.parse("Madeira Solera 1850 90").vintage == nil)
        #expect(parser.parse("Future wine 2031 90").vintage == nil)
    }

    @Test(arguments: [("375ml", 375), ("375 ml", 375), ("1.5L", 1500), ("1,5 L", 1500), ("Magnum", 1500), ("37.5cl", 375), ("Half bottle", 375)])
    func bottleSizes(_ text: String, _ ml: Int) {
        let f = parser.parse("Ch. d'Yquem 2001 \(text) 180")
        #expect(f.bottleSizeML == ml)
        #expect(f.vintage == .year(2001))
        #expect(f.prices.map(\.amount) == [180])
    }

    @Test func binNumberAtTheStart() {
        #expect(parser.parse("112 Ch. Margaux 2015 450").bin == "112")
        #expect(parser.parse("#7 Sancerre 2022 48").bin == "7")
        #expect(parser.parse("Bin 44 Sancerre 2022 48").bin == "44")
        #expect(parser.parse("2015 Ch. Margaux 450").bin == nil)
        #expect(parser.parse("2015 Ch. Margaux 450").vintage == .year(2015))
    }
}
