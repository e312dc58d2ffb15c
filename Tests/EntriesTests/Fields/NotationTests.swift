import Testing
@testable import Entries

/// Every notation the issue lists, one test each, pitfalls included.
@Suite struct NotationTests {
    let parser = FieldParser(runYear: 2026)

    // MARK: abbreviations (token-aware, longest match)

    @Test(arguments: [
        ("Ch. Palmer", "Château Palmer"), ("Chât. Palmer", "Château Palmer"), ("Cht Palmer", "Château Palmer"),
        ("Dom. Ott", "Domaine Ott"), ("Dne Ott", "Domaine Ott"),
        ("Caymus Cab Sauv", "Caymus Cabernet Sauvignon"), ("Caymus CS", "Caymus Cabernet Sauvignon"),
        ("Caymus Cab. Sauv.", "Caymus Cabernet Sauvignon"),
        ("Kosta Browne PN", "Kosta Browne Pinot Noir"), ("Cloudy Bay SB", "Cloudy Bay Sauvignon Blanc"),
        ("Kistler Chard", "Kistler Chardonnay"), ("Ridge Zin", "Ridge Zinfandel"),
        ("Mondavi Rsv", "Mondavi Reserve"), ("Mondavi Res.", "Mondavi Reserve"),
        ("Hyde Vyd", "Hyde Vineyard"), ("Hyde Vnyd", "Hyde Vineyard"), ("Penner-Ash Est.", "Penner-Ash Estate"),
        ("Chablis 1er Cru", "Chablis Premier Cru"), ("Chablis 1er", "Chablis Premier Cru"),
        ("Chablis ler Cru", "Chablis Premier Cru"), ("Chablis ler Vaillons", "Chablis Premier Cru Vaillons"),
        ("Clos de Vougeot GC", "Clos de Vougeot Grand Cru"), ("Meursault VV", "Meursault Vieilles Vignes"),
        ("Ruinart BdB", "Ruinart Blanc de Blancs"), ("St. Joseph", "Saint Joseph"), ("Ste Croix du Mont", "Sainte Croix du Mont"),
        ("Sancerre btl", "Sancerre bottle"), ("Sancerre gls", "Sancerre glass"), ("Sancerre 1/2 btl", "Sancerre half bottle"),
        ("Sancerre mag", "Sancerre Magnum"),
    ])
    func abbreviations(_ printed: String, _ expanded: String) {
        #expect(parser.abbreviations.expand(printed) == expanded)
    }

    /// The pitfalls of substring replacement: "Cab" → "Cabernet" inside "Cabernet", "Res" inside "Research".
    @Test func caberneternetAndResearch() {
        let text = "Stag's Leap Cabernet Sauvignon Research Block Reserve"
        #expect(parser.abbreviations.expand(text) == text)
        #expect(!parser.normalize("Cabernet Sauvignon 2019 80").contains("Caberneternet"))
        #expect(parser.normalize("Cabernet Research 2019 80") == "Cabernet Research 2019 80")
        #expect(parser.parse("Chimney Rock Cab Sauv Research 2019 80").name == "Chimney Rock Cabernet Sauvignon Research")
    }

    /// Found by the idempotence property: an expansion meeting the next token forms another rule.
    @Test func expansionsThatMeetTheNextTokenSettleAtOnce() {
        let once = parser.abbreviations.expand("Sauv BdB")
        #expect(once == "Sauvignon Blanc de Blancs")
        #expect(parser.abbreviations.expand(once) == once)
    }

    @Test func bottleSize375ml() {
        #expect(parser.parse("Ch. Climens 2015 375ml 90").bottleSizeML == 375)
        #expect(parser.parse("Ch. Climens 2015 375ml 90").name == "Château Climens")
    }

    // MARK: vintages

    /// The notations for bins and vintages, as restaurants print them.
    @Test func binsAndVintagesAsListsPrintThem() {
        #expect(parser.parse("W280 Cloudy Bay Sauvignon Blanc 2022 58").bin == "W280")
        #expect(parser.parse("W280 Cloudy Bay Sauvignon Blanc 2022 58").name == "Cloudy Bay Sauvignon Blanc")
        #expect(parser.parse("#12 Cloudy Bay Sauvignon Blanc 2022 58").bin == "12")
        #expect(parser.parse("402 Cloudy Bay Sauvignon Blanc 2022 58").bin == "402")
        #expect(parser.parse("Godello by Rafael Palacios from Valdeorras ~02 48").vintage == .year(2002))
        #expect(parser.parse("Cava Brut Nature S.A. 32").vintage == .nonVintage)
        #expect(parser.parse("Cava Brut Nature s.a. 32").vintage == .nonVintage)
        #expect(parser.parse("Champagne Brut N.V. 32").vintage == .nonVintage)
        // "SA" without its dots is South Africa, not sin añada.
        #expect(parser.parse("Chenin Blanc Swartland SA 32").vintage == nil)
    }

    /// Two vintages offered in turn: the first is the one poured now.
    @Test func twoConsecutiveVintagesGiveTheFirst() {
        #expect(parser.parse("Kistler Chardonnay 2020/2021 137").vintage == .year(2020))
        #expect(parser.parse("El Chaval Rosado 2022/23 5,90/29,50").vintage == .year(2022))
        #expect(parser.parse("El Chaval Rosado 2022/23 5,90/29,50").prices.map(\.amount) == [5.90, 29.50])
        #expect(parser.parse("Rioja Crianza 2018-2019 45").vintage == .year(2018))
        #expect(parser.parse("Rioja Crianza 2018-2019 45").prices.map(\.amount) == [45])
        // Not two vintages: years too far apart, the second before the first, or a year beyond the run.
        #expect(parser.parse("Vertical 2010/2019 450").vintage == nil)
        #expect(parser.parse("Rioja 2019/2018 45").vintage == nil)
        #expect(parser.parse("Rioja 2026/2027 45").vintage == .year(2026))
        #expect(parser.parse("Rioja 2026/2028 45").vintage == nil)
    }

    @Test func vintagesAreNeverBinsPricesOrIdentifiers() {
        #expect(parser.parse("1998 Ch. Margaux 450").vintage == .year(1998))        // a leading year is no bin
        #expect(parser.parse("1998 Ch. Margaux 450").bin == nil)
        #expect(parser.parse("112 Ch. Margaux 450").vintage == nil)                  // a bin is no vintage
        #expect(parser.parse("Ch. Margaux 2015 1995").vintage == .year(2015))        // …and a price no vintage
        #expect(parser.parse("Ch. Margaux 2015 1995").prices.map(\.amount) == [1995])
        #expect(parser.parse("Penfolds Bin 389 2019 95").vintage == .year(2019))
        #expect(parser.parse("Stag's Leap Cask 23 75").vintage == nil)
        #expect(parser.parse("Krug Édition 171 400").vintage == nil)
        #expect(parser.parse("Taylor's 20 yr Tawny 18").vintage == nil)
        #expect(parser.parse("Calera Pinot Noir Clone 667 90").vintage == nil)
        #expect(parser.parse("Calera Pinot Noir Clone 667 90").prices.map(\.amount) == [90])
        // After a block or lot number's marker a year is still the vintage; after "Bin" or "Cask" it is not.
        #expect(parser.parse("Boekenhoutskloof The Chocolate Block 2022 86").vintage == .year(2022))
        #expect(parser.parse("Penfolds Bin 2015 Shiraz 60").vintage == nil)
        #expect(parser.parse("Calera Pinot Noir Clone 667 2018 90").vintage == .year(2018))
    }

    @Test func identifierNumbersAreNoPrices() {
        #expect(parser.parse("Penfolds Bin 389 95").prices.map(\.amount) == [95])
        #expect(parser.parse("Penfolds Bin 389 95").name == "Penfolds Bin 389")
        #expect(parser.parse("Stag's Leap Cask 23").prices.isEmpty)
    }

    @Test(arguments: [("2O15", 2015), ("20l8", 2018), ("2OI9", 2019), ("’l5", 2015), ("‘O4", 2004), ("1999", 1999)] as [(String, Int?)])
    func ocrConfusionsInVintages(_ token: String, _ year: Int?) {
        #expect(parser.parse("Barolo Vietti \(token) 68").vintage == year.map(Vintage.year))
    }

    @Test(arguments: [("l25", 125.0), ("1O5", 105.0), ("$1O5", 105.0), ("12O", 120.0), ("1S0", 150.0)])
    func ocrConfusionsInPrices(_ token: String, _ amount: Double) {
        #expect(parser.parse("Barolo Vietti 2019 \(token)").prices.map(\.amount) == [amount])
    }

    /// Letters in the words are never "repaired" into digits.
    @Test func ocrRepairsStayInTypedTokens() {
        #expect(parser.normalize("Clos SOlOna 2O15 l25") == "Clos SOlOna 2015 125")
        #expect(parser.parse("Ch. Lilian Ladouys 2O16 45").name == "Château Lilian Ladouys")
    }

    // MARK: prices

    @Test func marketPrice() {
        #expect(parser.parse("Pétrus 2010 Market Price").prices.map(\.isMarketPrice) == [true])
        #expect(parser.parse("Pétrus 2010 Market Price").name == "Pétrus")
        #expect(parser.parse("Pétrus 2010 M.P.").prices.map(\.isMarketPrice) == [true])
    }

    @Test(arguments: [
        ("1 250,00 €", 1250.0, "€"), ("€ 80,50", 80.5, "€"), ("80,50 €", 80.5, "€"), ("$ 65", 65.0, "$"), ("65 EUR", 65.0, "€"),
        ("1.250", 1250.0, nil), ("£1,250", 1250.0, "£"),
    ] as [(String, Double, String?)])
    func currenciesAndThousands(_ printed: String, _ amount: Double, _ currency: String?) {
        let f = parser.parse("Ch. Lafite 2010 \(printed)")
        #expect(f.prices.map(\.amount) == [amount])
        #expect(f.currency == currency)
        #expect(f.vintage == .year(2010))
    }

    @Test func gluedAndMisreadApostrophes() {
        #expect(parser.parse("Cold Stone Founder's Res.'19 $132").vintage == .year(2019))
        #expect(parser.parse("Tanner Vyds Sonoma Coast, USA'17 72").name == "Tanner Vineyards Sonoma Coast, USA")
        #expect(parser.parse("Philipponnat Clos des Goisses °18 70.00").vintage == .year(2018))
        #expect(parser.parse("CVNE Monopole *20 £60").vintage == .year(2020))
    }

    @Test func poundReadAsAmpersand() {
        let f = parser.parse("Veuve Clicquot La Grande Dame 2011 &76.50")
        #expect(f.prices.map(\.amount) == [76.5])
        #expect(f.currency == "£")
        #expect(parser.parse("Moët & Chandon Impérial NV 74").name == "Moët & Chandon Impérial")
    }

    /// Glass and bottle prices side by side are never one number with a thousands group.
    @Test func glassAndBottleAreNotAThousandsGroup() {
        #expect(parser.parse("Shiraz Penfolds Kalimna 2000 27 114").prices.map(\.amount) == [27, 114])
        #expect(parser.parse("Château Le Pin 2022 28 108").prices.map(\.amount) == [28, 108])
        // A '08 whose apostrophe OCR lost, before a price with decimals: a thousands digit is one
        // digit printed alone, never "08" (seed-7 list 0028 read 8110.00).
        #expect(!parser.parse("Rudolf Fürst Spätburgunder GG, Franken 08 110.00").prices.contains { $0.amount == 8110 })
        #expect(parser.parse("Cuvée Prestige 1 250,00 €").prices.map(\.amount) == [1250])
    }

    @Test func glassAndBottleWithCurrency() {
        let f = parser.parse("Chablis 2022 $14 / $56")
        #expect(f.prices == [Price(amount: 14, column: .glass, currency: "$"), Price(amount: 56, column: .bottle, currency: "$")])
    }
}
