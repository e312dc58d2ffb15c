import Imaging
import RecognizedText
import Testing
@testable import Entries

/// Layouts and price styles of real restaurants' lists, each as a small made-up page.
@Suite struct WineListRealLayoutTests {
    let parser = WineListParser(fields: FieldParser(runYear: 2026))

    /// A line of words followed, far to the right, by more words on the same baseline.
    func row(_ text: String, _ right: String, y: Int, height: Int = 20, x: Int = 50, rightX: Int = 700) -> RecognizedLine {
        RecognizedLine(words: line(text, x: x, y: y, height: height).words + line(right, x: rightX, y: y, height: height).words)
    }

    @Test func aSentenceIsProseAndANameIsNot() {
        #expect(ProseText.isProse("Crisp and fresh with limey fruit and a twist of melon".split(separator: " ").map(String.init)))
        #expect(ProseText.isProse("Aged for 12 months in American oak, this is classic Rioja.".split(separator: " ").map(String.init)))
        #expect(!ProseText.isProse("Castel del Monte Nero di Troia, Riserva DOCG".split(separator: " ").map(String.init)))
        #expect(!ProseText.isProse("Finca Rotondo, sauvignon blanc Valle de Ica".split(separator: " ").map(String.init)))
        #expect(!ProseText.isProse("Light, crisp".split(separator: " ").map(String.init)))
        #expect(!ProseText.isProse("Melon de Bourgogne, Domaine de la".split(separator: " ").map(String.init)))
    }

    /// A note under each wine is its description: not in its name, details or text.
    @Test func aTastingNoteIsTheDescriptionNotTheName() {
        let lines = [
            row("Verdejo - Demimo - Rueda, Spain", "£26.00", y: 100),
            line("Similar in style to a Sauvignon Blanc, this wine boasts a medley of exotic fruits.", y: 125),
            line("Fulsome & Robust", y: 150),
            row("Rioja Crianza - Muriel - Rioja, Spain", "£28.50", y: 200),
            line("Aged for twelve months in oak, this is classic Rioja.", y: 225),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.count == 2)
        // The words as read, without the dashes between them (a lone dash is read as leader).
        #expect(entries[0].rawText == "Verdejo Demimo Rueda, Spain £26.00")
        #expect(entries[0].description == "Similar in style to a Sauvignon Blanc, this wine boasts a medley of exotic fruits.\nFulsome & Robust")
        #expect(entries[0].details == nil)
        #expect(entries[1].description == "Aged for twelve months in oak, this is classic Rioja.")
        #expect(entries[1].prices.map(\.amount) == [28.5])
    }

    /// Name, its prices alone on the next row under the measures, then its note: the note does not
    /// start the next wine, and a price at the end of a note's line is that note's wine's.
    @Test func pricesOnTheirOwnRowTakeTheNameAboveTheNote() {
        let lines = [
            line("125ml 175ml 250ml 75cl", x: 500, y: 60),
            line("Ladera Verde Sauvignon Blanc, Chile", y: 100),
            line("3.50 4.00 5.50 16.00", x: 500, y: 125),
            line("Crisp and fresh with limey fruit and a twist of melon", y: 150),
            line("Amori Pinot Grigio, Italy", x: 60, y: 175),
            line("3.50 4.00 5.50 16.00", x: 500, y: 200),
            line("Ripe tropical fruit with juicy lime flavours", y: 225),
            line("Smart Dog Syrah, Portugal", y: 250),
            row("Intense aromas of red berries with some spicy notes coming", "4.40 4.60 6.50 19.25", y: 275),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.map(\.name) == ["Ladera Verde Sauvignon Blanc, Chile", "Amori Pinot Grigio, Italy", "Smart Dog Syrah, Portugal"])
        #expect(entries[2].prices.map(\.amount) == [4.4, 4.6, 6.5, 19.25])
        #expect(entries[2].description == "Intense aromas of red berries with some spicy notes coming")
        #expect(entries[0].prices.last?.column == .bottle)
    }

    @Test func pricesLabelledByTheirMeasures() {
        let entries = parser.parse(lines: [
            line("Pinot Grigio - Alpino - Italy 125ml - £4.00 175ml - £ 5.50 250ml - £7.00", y: 100),
            line("Prosecco Spumante - Romeo - Italy 200ml - £ 8.50", y: 130),
            line("Barbera d'Alba 2020 25 (75cl) / 7 calice", y: 160),
            line("Bollinger Special Cuvée Magnum 120", y: 190),
        ])
        #expect(entries.count == 4)
        #expect(entries[0].prices.map(\.amount) == [4, 5.5, 7])
        #expect(entries[0].prices.allSatisfy { $0.column == .glass })
        #expect(entries[0].name == "Pinot Grigio Alpino Italy")
        #expect(entries[1].prices.map(\.amount) == [8.5])
        #expect(entries[2].prices.map(\.amount) == [25, 7])
        #expect(entries[2].prices.map(\.column) == [.bottle, .glass])
        #expect(entries[2].vintage == .year(2020))
        // A lone size before one price stays the wine's size.
        #expect(entries[3].bottleSizeML == 1500)
        #expect(entries[3].prices.map(\.amount) == [120])
    }

    @Test func headerWordsAndMeasuresInTheListsLanguages() {
        #expect(SectionVocabulary.priceColumns("Glas Flasche") == [.glass, .bottle])
        #expect(SectionVocabulary.priceColumns("Kadeh Şişe") == [.glass, .bottle])
        #expect(SectionVocabulary.priceColumns("glas fles") == [.glass, .bottle])
        #expect(SectionVocabulary.priceColumns("125ml 175ml 37,5cl 75cl 1,5l") == [.glass, .glass, .halfBottle, .bottle, .magnum])
        #expect(SectionVocabulary.priceColumns("0,1 l Flasche") == [.glass, .bottle])
        #expect(SectionVocabulary.priceColumns("Merlot Flasche") == nil)
    }

    @Test func sectionsInTheListsLanguagesGiveTheColour() {
        #expect(SectionVocabulary.colour(for: "Rotweine") == .red)
        #expect(SectionVocabulary.colour(for: "Hvidvin") == .white)
        #expect(SectionVocabulary.colour(for: "KIRMIZI") == .red)
        #expect(SectionVocabulary.colour(for: "Bollicine") == .sparkling)
        #expect(SectionVocabulary.colour(for: "Mousserend") == .sparkling)
        #expect(SectionVocabulary.colour(for: "Vinos rosados") == .rose)
        #expect(SectionVocabulary.isHeading("Vini Rossi"))
        #expect(!SectionVocabulary.isHeading("Rosso di Montalcino"))
    }

    /// Names on the left without prices, region and price in columns to the right on the same
    /// rows: one list, not two columns.
    @Test func aTablesNameColumnIsNoColumnOfItsOwn() {
        let names = ["Tacama, Doña Ana, Chardonnay", "Intipalka Patrimonial, Torontel", "Finca Rotondo, Sauvignon Blanc",
                     "Amalaya Torrontes Riesling", "Sposato Family, Chardonnay", "Casa Silva, Reserva Sauvignon Blanc",
                     "Puente Austral, Sauvignon Blanc", "Castel Pujol Altos, Chardonnay", "Terre Casali, Pecorino"]
        let regions = ["Valle de Ica", "Valle de Ica", "Valle de Ica", "Valle Calchaqui", "Mendoza", "Valle de Colchagua",
                       "Valle del Maule", "Rivera Uruguay", "Abruzzo Italia"]
        var lines: [RecognizedLine] = []
        for (k, (n, r)) in zip(names, regions).enumerated() {
            lines.append(line(n, x: 50, y: 100 + 40 * k))
            lines.append(RecognizedLine(words: line(r, x: 700, y: 100 + 40 * k).words + line("\(120 + k).00", x: 1100, y: 100 + 40 * k).words))
        }
        #expect(RowLayout(lines: lines).gutters.isEmpty)
        let entries = parser.parse(lines: lines)
        #expect(entries.count == 9)
        #expect(entries[0].rawText == "Tacama, Doña Ana, Chardonnay Valle de Ica 120.00")
        #expect(entries[8].prices.map(\.amount) == [128])
    }

    /// Stray marks read as numbers beside headings on the names' side ("ARGENTINA 1", a flag) do
    /// not make the names a priced column of their own.
    @Test(arguments: [1, 2])
    func strayNumbersBesideHeadingsKeepTheTableOneList(strays: Int) {
        let names = ["Tacama, Doña Ana, Chardonnay", "Intipalka Patrimonial, Torontel", "Finca Rotondo, Sauvignon Blanc",
                     "Amalaya Torrontes Riesling", "Sposato Family, Chardonnay", "Casa Silva, Reserva Sauvignon Blanc",
                     "Puente Austral, Sauvignon Blanc", "Castel Pujol Altos, Chardonnay", "Terre Casali, Pecorino"]
        var lines: [RecognizedLine] = [line("ARGENTINA 1", x: 50, y: 60)]
        for (k, n) in names.enumerated() {
            if strays == 2, k == 5 { lines.append(line("CHILE 0", x: 50, y: 100 + 40 * k - 20)) }
            lines.append(line(n, x: 50, y: 100 + 40 * k))
            lines.append(RecognizedLine(words: line("Valle de Uco", x: 700, y: 100 + 40 * k).words
                                        + line("\(120 + k).00", x: 1100, y: 100 + 40 * k).words))
        }
        #expect(RowLayout(lines: lines).gutters.isEmpty)
        let entries = parser.parse(lines: lines).filter { $0.rawText.contains("Valle de Uco") }
        #expect(entries.count == 9)
        #expect(entries.first?.rawText == "Tacama, Doña Ana, Chardonnay Valle de Uco 120.00")
    }

    /// A glass list's sizes run together with their prices ("125ml-£4.00", as a reader boxes them)
    /// stand on their wines' rows: no column of text, so no gutter before them.
    @Test func sizesRunTogetherWithPricesStandOnTheirWinesRows() {
        #expect(RowLayout.isMeasure("125ml-£4.00"))
        #expect(RowLayout.isMeasure("250ml-"))
        #expect(RowLayout.isMeasure("37.5cl/£12"))
        #expect(!RowLayout.isMeasure("Malbec"))
        #expect(!RowLayout.isMeasure("£4.00"))
        #expect(!RowLayout.isMeasure("Magnum"))
        let names = ["Pinot Grigio, Alpino, Italy", "Sauvignon Blanc, Afrikan Ridge", "Chardonnay, Castelbeaux, France",
                     "Viognier, Altitudes, Chile", "Merlot, Altitudes, Chile", "Shiraz, Home Farm, Australia",
                     "Malbec, Altitudes, Chile", "Pinot Noir, Castelbeaux, France", "Zinfandel Rose, California"]
        var lines: [RecognizedLine] = []
        for (k, n) in names.enumerated() {
            lines.append(line(n, x: 50, y: 100 + 40 * k))
            lines.append(line("125ml-£\(4 + k).00", x: 700, y: 100 + 40 * k))
            lines.append(line("175ml-£\(6 + k).50 250ml-£\(8 + k).00", x: 900, y: 100 + 40 * k))
        }
        #expect(RowLayout(lines: lines).gutters.isEmpty)
        let entries = parser.parse(lines: lines)
        #expect(entries.count == 9)
        #expect(entries[0].prices.map(\.amount) == [4, 6.5, 8])
    }

    @Test func marksForAColumnNotOfferedAndPricesJoinedByATilde() {
        let entries = parser.parse(lines: [
            line("Henriot - Brut Souverain, Champagne N.V. 19 ~ 114", y: 100),
            line("Rioja Reserva, Spain 2016 15~60", y: 130),
            line("Riesling Kabinett, Mosel 2019 - 45", y: 160),
            line("~", x: 400, y: 190),
        ])
        #expect(entries.count == 3)
        #expect(entries[0].prices.map(\.amount) == [19, 114])
        #expect(entries[1].prices.map(\.amount) == [15, 60])
        #expect(entries[1].vintage == .year(2016))
        #expect(entries[2].prices.map(\.amount) == [45])
        #expect(entries[2].vintage == .year(2019))
    }

    @Test func aHeadingWithItsPriceColumnsOnOneRow() {
        let entries = parser.parse(lines: [
            line("WHITE 125ml 175ml 750ml", y: 60, height: 26),
            line("Sancerre Blanc, Loire 2018 12 21 90", y: 100),
        ])
        #expect(entries.count == 1)
        #expect(entries[0].section == "WHITE")
        #expect(entries[0].colour == .white)
        #expect(entries[0].prices.map(\.column) == [.glass, .glass, .bottle])
    }

    /// Every price ends in the same mark (a sign OCR could not read): the page's habit makes them
    /// prices, and a glass price whose sign was read as a digit costs less than its bottle again.
    @Test func aSignReadAsAMarkAfterEveryPrice() {
        let rows = ["Leona Merlot 33+ 125+", "Leona Shiraz 334 125+", "Terra Kalecik Karasi 42+ 160+", "Terra Shiraz 160+",
                    "Kayra Vintage Merlot 180+", "Nodus Shiraz 300+", "Arti Sauvignon Blanc 200:"]
        let entries = parser.parse(lines: rows.enumerated().map { line($1, y: 100 + 30 * $0) })
        #expect(entries.count == 7)
        #expect(entries[0].prices.map(\.amount) == [33, 125])
        #expect(entries[1].prices.map(\.amount) == [33, 125])
        #expect(entries[6].prices.map(\.amount) == [200])
        // Two marked rows make no habit.
        let few = parser.parse(lines: [line("Leona Merlot 33+ 125+", y: 100), line("Terra Shiraz 160+", y: 130),
                                       line("Nodus Shiraz 300", y: 160)])
        #expect(few.map(\.name) == ["Nodus Shiraz"])
    }

    /// The same with the sign read as a letter, as PP-OCR reads ₺; a page whose prices end in a
    /// measure letter is not taken for one, nor are a few rows.
    @Test func aSignReadAsALetterAfterEveryPrice() {
        let rows = ["Tasova Beyaz 28t 110t", "Sevilen Rose 32t 130t", "Pasaeli Karalahna 170t", "Buzbag Klasik 145t",
                    "Doluca DLC Okuzgozu 190t", "Suvla Sur 240t", "Corvus Corpus 420t"]
        let entries = parser.parse(lines: rows.enumerated().map { line($1, y: 100 + 30 * $0) })
        #expect(entries.count == 7)
        #expect(entries[0].prices.map(\.amount) == [28, 110])
        #expect(entries[6].prices.map(\.amount) == [420])
        #expect(WineListParser.trailingMark("75l") == nil && WineListParser.trailingMark("33t") == "t")
        let few = parser.parse(lines: [line("Tasova Beyaz 28t 110t", y: 100), line("Suvla Sur 240t", y: 130),
                                       line("Corvus Corpus 420", y: 160)])
        #expect(few.map(\.name) == ["Corvus Corpus"])
    }

    /// Measures joined to their prices by a dash, as a reader that sees no space at the dash reads
    /// them: each measure still labels its price.
    @Test func measuresJoinedToTheirPricesByADash() {
        let entries = parser.parse(lines: [
            line("Pinot Grigio Alpino Italy 125ml-£4.00 175ml -£ 5.50 250ml-£7.00", y: 100),
            line("Merlot Altitudes Chile 125ml -£4.00 175ml-£5.50 250ml-£7.00", y: 130),
        ])
        #expect(entries.count == 2)
        #expect(entries[0].prices.map(\.amount) == [4, 5.5, 7])
        #expect(entries[1].prices.map(\.amount) == [4, 5.5, 7])
        #expect(entries[0].name == "Pinot Grigio Alpino Italy")
    }

    @Test func currenciesAndWholeAmountsAsEuropePrintsThem() {
        let fields = FieldParser(runYear: 2026)
        #expect(FieldParser.price("350,-")?.amount == 350)
        #expect(FieldParser.price("₺125")?.currency == "₺")
        #expect(fields.trailingPrices(["Barolo", "145,00", "kr"]).prices.map(\.currency) == ["kr"])
        #expect(fields.trailingPrices(["Kavaklıdere", "Yakut", "160", "TL"]).prices.map(\.amount) == [160])
        #expect(fields.trailingPrices(["Chablis", "DKK", "145,00", "/", "845,00"]).prices.map(\.amount) == [145, 845])
    }

    @Test func aWordDrawnTwiceWhereItStandsIsReadOnce() {
        let first = line("Chablis 2019 48", y: 100)
        let again = RecognizedLine(words: [RecognizedWord(text: "48", box: first.words[2].box, confidence: 100)])
        let entries = parser.parse(lines: [first, again])
        #expect(entries.count == 1)
        #expect(entries[0].prices.map(\.amount) == [48])
    }

    @Test func drinksThatAreNoWineAreNoEntries() {
        let entries = parser.parse(lines: [
            line("Red Wine", y: 40, height: 26),
            line("Zweigelt Classic, Prickler 2023 18", y: 100),
            line("Aperol Spritz 9", y: 130),
            line("COCKTAILS", y: 200, height: 26),
            line("Hemingway Daiquiri 12", y: 240),
            line("Red Wine", y: 300, height: 26),
            line("Blaufränkisch Alt Satz 2022 16", y: 340),
        ])
        #expect(entries.map(\.name) == ["Zweigelt Classic, Prickler", "Blaufränkisch Alt Satz"])
    }

    /// The second line, set smaller right under the price row, is that wine's (its producer and
    /// vintage), not a wine whose price was lost.
    @Test func aSmallerLineUnderThePriceRowIsItsDetail() {
        let entries = parser.parse(lines: [
            row("Weissburgunder Südsteiermark DAC", "18", y: 100, height: 24),
            line("Skoff Peter, 2024 | 0,75 L", y: 126, height: 17),
            row("Sauvignon Blanc", "21", y: 160, height: 24),
            line("Pongratz, 2024 | 0,75 L", y: 186, height: 17),
        ])
        #expect(entries.count == 2)
        #expect(entries.map(\.vintage) == [.year(2024), .year(2024)])
        #expect(entries[1].rawText == "Sauvignon Blanc 21\nPongratz, 2024 | 0,75 L")
    }

    @Test func aRemarkAfterThePricesAndAPriceForASplit() {
        let entries = parser.parse(lines: [
            line("Chardonnay, Mer Soleil Silver (Monterey County) $38/$12 (Unoaked)", y: 100),
            line("Prosecco, Maschio (Italy) $8/split", y: 130),
            line("Chardonnay, La Crema (Monterey) $35/$11", y: 160),
        ])
        #expect(entries.count == 3)
        #expect(entries[0].name.contains("Unoaked"))
        #expect(entries[0].prices.map(\.amount) == [38, 12])
        #expect(entries[0].prices.map(\.column) == [.bottle, .glass])
        #expect(entries[1].prices.map(\.amount) == [8])
        #expect(entries[2].prices.first(where: { $0.column == .bottle })?.amount == 35)
    }

    /// A line set a full line apart below a wine introduces the next wines: it is no detail of the one above.
    @Test func aSubheadingSetApartIsNoDetail() {
        let entries = parser.parse(lines: [
            line("Chardonnay, Cakebread Cellars (Napa) $78", y: 100),
            line("Chardonnay, La Crema (Monterey) $35", y: 122),
            line("Chardonnay, Sonoma Cutrer $47", y: 144),
            line("Light, Crisp and Delicious", y: 190),
            line("Chenin Blanc, Man (Africa) $26", y: 212),
            line("Pinot Grigio, Ruffino (Italy) $28", y: 234),
        ])
        #expect(entries.count == 5)
        #expect(entries[2].details == nil)
    }

    /// Each wine's name on its own line, its producer and prices on the line under it, and a blank
    /// before the next wine: the name opens the entry below it, not the one above.
    @Test func aNameOnItsOwnLineAboveItsPricesOpensThatEntry() {
        let entries = parser.parse(lines: [
            line("VINI BIANCHI", y: 60, height: 24),
            line("FALANGHINA GAUDIUM", y: 100),
            row("Azienda i Capitani (Campania)", "25 / 7", y: 120),
            line("CINZIA VISINTINI", y: 160),
            row("Azienda Visintini (Friuli)", "23", y: 180),
            line("SIRE CHARDONNAY", y: 220),
            row("Azienda Mocavero (Puglia)", "22 / 6", y: 240),
        ])
        #expect(entries.count == 3)
        #expect(entries.map(\.name) == ["FALANGHINA GAUDIUM Azienda i Capitani (Campania)",
                                        "CINZIA VISINTINI Azienda Visintini (Friuli)",
                                        "SIRE CHARDONNAY Azienda Mocavero (Puglia)"])
        #expect(entries[0].prices.map(\.amount) == [25, 7])
    }

    /// On such a page the first wine under a heading keeps its name too, set close under the heading.
    @Test func theFirstNameUnderAHeadingIsKept() {
        let entries = parser.parse(lines: [
            line("ROSSI", y: 60, height: 24),
            line("VALPOLICELLA RIPASSO", y: 88),
            row("Monte Tondo (Veneto)", "45,00", y: 108),
            line("BAROLO MERIAME", y: 148),
            row("Paolo Manzone (Piemonte)", "85,00", y: 168),
            line("Markt 36 6211 CK Maastricht www.stappato.nl 043 3030053", y: 400),
        ])
        #expect(entries.map(\.name) == ["VALPOLICELLA RIPASSO Monte Tondo (Veneto)", "BAROLO MERIAME Paolo Manzone (Piemonte)"])
    }

    /// The same gaps above one wine of several are a style line over them, not that wine's name.
    @Test func aStyleLineOverSeveralWinesIsNoName() {
        let entries = parser.parse(lines: [
            line("Chardonnay, Cakebread Cellars (Napa) $78", y: 100),
            line("Chardonnay, La Crema (Monterey) $35", y: 122),
            line("Light, Crisp and Delicious", y: 170),
            line("Chenin Blanc, Man (Africa) $26", y: 192),
            line("Pinot Grigio, Ruffino (Italy) $28", y: 214),
            line("Sauvignon Blanc, Twelfth Night $38", y: 236),
        ])
        #expect(entries.count == 5)
        #expect(entries[2].name == "Chenin Blanc, Man (Africa)")
    }
}

/// The page's currency from what it prints, else unknown.
@Suite struct PageCurrencyTests {
    let parser = WineListParser(fields: FieldParser(runYear: 2026))

    @Test func aSignOnSomePricesIsThePagesCurrency() {
        let entries = parser.parse(lines: [
            line("Chardonnay, La Crema (Monterey) $35/$11", y: 100),
            line("Pinot Grigio, Ruffino (Italy) 28/8.50", y: 130),
        ])
        #expect(entries.map(\.currency) == ["$", "$"])
    }

    @Test func aSentenceNamingTheCurrencyGivesIt() {
        let entries = parser.parse(lines: [
            line("Alle Preise in Euro inkl. MwSt.", y: 60),
            line("Grauburgunder Weingut Huber 2022 38", y: 100),
            line("Spätburgunder Weingut Keller 2020 52", y: 130),
        ])
        #expect(entries.count == 2)
        #expect(entries.allSatisfy { $0.currency == "€" })
    }

    @Test func noSignOrTwoSignsLeaveItUnknown() {
        let bare = parser.parse(lines: [
            line("Grauburgunder Weingut Huber 2022 38", y: 100),
            line("Spätburgunder Weingut Keller 2020 52", y: 130),
        ])
        #expect(bare.count == 2)
        #expect(bare.allSatisfy { $0.currency == nil })
        #expect(PageCurrency.decide(printedOnPrices: ["€", "£"], otherRows: []) == nil)
        #expect(PageCurrency.decide(printedOnPrices: [], otherRows: [["Prices", "in", "DKK"], ["Bottle", "€"]]) == nil)
        #expect(PageCurrency.decide(printedOnPrices: [], otherRows: [["Priser", "i", "kr."]]) == "kr")
    }
}

/// A sign read as one digit on many prices, found from the page's magnitudes (made-up pages).
struct SignReadAsDigitTests {
    @Test func aDollarReadAsAnEightOnMostUnsignedPricesIsTheSign() throws {
        let tokens = ["$14", "858", "$17", "878", "823", "$90", "824", "$104", "$21", "884", "860", "896", "842", "$46", "654"]
        let found = try #require(SignReadAsDigit.detect(tokens))
        #expect(found == SignReadAsDigit(sign: "$", digit: "8"))
        #expect(found.repaired("858") == "$58")
        #expect(found.repaired("654") == nil)
        #expect(found.repaired("2018") == nil)
    }

    @Test func realPricesThatShareAFirstDigitAreLeftAlone() {
        // A page of $80–$89 wines: without the 8 they would fall far under the signed prices.
        #expect(SignReadAsDigit.detect(["$82", "$85", "84", "86", "88", "$81", "89", "87"]) == nil)
        // First digits spread as real prices spread them.
        #expect(SignReadAsDigit.detect(["$14", "$17", "$21", "58", "78", "23", "90", "104", "176"]) == nil)
        // No signed price to show the sign and the range.
        #expect(SignReadAsDigit.detect(["858", "878", "823", "824", "884"]) == nil)
    }

    @Test func aListReadWithTheSignAsADigitGetsItsPricesBack() {
        let parser = WineListParser(fields: FieldParser(runYear: 2026))
        let rows = ["Pinot Noir Felton Road 2021 $21 / 884", "Riesling Schloss Johannisberg 2023 823 / $90",
                    "Chardonnay Raveneau Chablis 2018 824 / $104", "Sauvignon Blanc Terrace 2019 $17 / 878",
                    "Gramona III Lustros NV 860", "Billecart-Salmon Brut Rose 2016 896", "Jermann Vintage Tunina 2024 842",
                    "Cakebread Cellars Chardonnay 2019 $100"]
        let lines = rows.enumerated().map { k, text in
            RecognizedLine(words: text.split(separator: " ").enumerated().map { j, w in
                RecognizedWord(text: String(w), box: PixelRect(x: 50 + 70 * j, y: 100 + 30 * k, width: 60, height: 20), confidence: 95)
            })
        }
        let entries = parser.parse(lines: lines)
        #expect(entries.count == 8)
        #expect(entries[0].prices.map(\.amount) == [21, 84])
        #expect(entries[1].prices.map(\.amount) == [23, 90])
        #expect(entries[4].prices.map(\.amount) == [60])
        #expect(entries[0].vintage?.year == 2021)
    }
}

/// Rows of a page photographed at a slant: lines that converge, prices far right of their names.
@Suite struct LineFieldTests {
    let parser = WineListParser(fields: FieldParser(runYear: 2026))

    /// Twelve wines whose lines fan out down the page (slope 0 at the top, 0.11 at the bottom, as a
    /// page tilted away from the camera shows them), each price 1200 px right of its name's start:
    /// along the median slope, the top and bottom prices stand a row off their wines.
    func fannedPage() -> [RecognizedLine] {
        var lines: [RecognizedLine] = []
        for k in 0..<12 {
            let y0 = 100.0 + 50 * Double(k)
            let slope = 0.01 * Double(k)
            func word(_ text: String, at x: Double) -> RecognizedWord {
                RecognizedWord(text: text, box: PixelRect(x: Int(x), y: Int(y0 + slope * x - 10), width: text.count * 12, height: 20),
                               confidence: 95)
            }
            let name = ["Domaine", "de", "la", "Colline", "Rouge,", "Cuvée", "des", "Quatre", "Vents,", "Vieilles", "Vignes", "\(2010 + k)"]
            var x = 50.0, words: [RecognizedWord] = []
            for w in name { words.append(word(w, at: x)); x += Double(w.count * 12 + 12) }
            lines.append(RecognizedLine(words: words))
            lines.append(RecognizedLine(words: [word("\(40 + k)", at: 1250)]))
        }
        return lines
    }

    @Test func aPriceFollowsItsLinesCourseToItsWine() throws {
        let layout = RowLayout(lines: fannedPage())
        #expect(layout.field != nil, "the lines converge: the layout follows them")
        let entries = parser.parse(lines: fannedPage())
        #expect(entries.count == 12)
        for (k, e) in entries.enumerated() {
            #expect(e.vintage == .year(2010 + k))
            #expect(e.prices.map(\.amount) == [Double(40 + k)], "wine \(k): \(e.rawText)")
        }
    }

    /// Far from the lines it was fitted to, the field holds its edge value: a price five page-widths
    /// off is moved no further than one at the edge, and no word's height is squashed or flipped.
    @Test func theFieldIsNotFollowedFarFromItsLines() throws {
        let field = try #require(RowLayout(lines: fannedPage()).field)
        let edge = field.x0 + LineField.reach * field.size
        for y in [0.0, 500, 5000] {
            #expect(field.level(x: field.x0 + 5 * field.size, y: y) == field.level(x: edge, y: y))
        }
        for x in [-10 * field.size, field.x0, 10 * field.size] {
            let stretch = field.stretch(x: x)
            #expect(stretch >= 0.5 && stretch <= 2, "stretch \(stretch) at x \(x)")
        }
    }

    @Test func levelLinesNeedNoField() {
        var lines: [RecognizedLine] = []
        for k in 0..<12 {
            lines.append(RecognizedLine(words: line("Domaine de la Colline Rouge \(2010 + k)", x: 50, y: 100 + 50 * k).words
                                        + line("\(40 + k)", x: 1250, y: 100 + 50 * k).words))
        }
        #expect(RowLayout(lines: lines).field == nil)
        #expect(LineField.fit(lines: [[(0, 0), (100, 1), (200, 0)]], wordHeight: 20) == nil)
    }
}
