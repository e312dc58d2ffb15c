import Imaging
import RecognizedText
import Testing
@testable import Entries

/// What a wine's price row holds besides its prices: a price whose last digit stands apart, a
/// measure's label wrapped to the next line, a description printed where the page's other wines
/// print their producer.
@Suite struct PriceRowTextTests {
    let parser = WineListParser(fields: FieldParser(runYear: 2026))

    func joined(_ tokens: [String]) -> [String] {
        WineListParser.withSplitLastDigitJoined(tokens, Array(tokens.indices)).0
    }

    @Test func aLoneZeroEndsTheNumberBeforeIt() {
        #expect(joined(["freschezza.", "6", "0"]) == ["freschezza.", "60"])
        #expect(joined(["freschezza.6", "0"]) == ["freschezza.", "60"])
        #expect(joined(["€6", "0"]) == ["€", "60"])
        #expect(joined(["Rioja", "4", "0"]) == ["Rioja", "40"])
        // The price keeps the word where it begins, unless that word holds the text before it.
        #expect(WineListParser.withSplitLastDigitJoined(["Rioja", "4", "0"], [0, 1, 2]).1 == [0, 1])
        #expect(WineListParser.withSplitLastDigitJoined(["freschezza.6", "0"], [0, 1]).1 == [0, 1])
    }

    @Test func numbersThatAreNoSplitPriceStay() {
        // Two zeros are cents whose decimal comma was lost ("98 00" is 98.00), read by the price run.
        #expect(joined(["Barolo", "98", "00"]) == ["Barolo", "98", "00"])
        #expect(joined(["Rioja", "12,5", "0"]) == ["Rioja", "12,5", "0"])
        #expect(joined(["Rioja", "12.5", "0"]) == ["Rioja", "12.5", "0"])
        #expect(joined(["Riesling", "2019", "0"]) == ["Riesling", "2019", "0"])
        #expect(joined(["Rioja", "1995", "0"]) == ["Rioja", "1995", "0"])
        #expect(joined(["Rioja", "5-6", "0"]) == ["Rioja", "5-6", "0"])
        #expect(joined(["Rioja", "12/6", "0"]) == ["Rioja", "12/6", "0"])
        #expect(joined(["0"]) == ["0"])
    }

    @Test func aMeasuresLabelWrappedToTheNextLine() {
        let fields = FieldParser(runYear: 2026)
        let tokens = ["Vigna", "di", "Augusto", "(Toscana)", "22", "(75cl)", "/", "6"]
        let read = LabelledPrices.read(tokens, fields: fields)
        #expect(read?.prices.map(\.amount) == [22, 6])
        #expect(read?.columns == [.bottle, .glass])
        #expect(read?.start == 4)
        // The separator stuck to the last price.
        let glued = LabelledPrices.read(["Augusto", "22", "(75cl)", "/6"], fields: fields)
        #expect(glued?.prices.map(\.amount) == [22, 6])
        #expect(glued?.columns == [.bottle, .glass])
        // Above a glass's price, the bottle's.
        let up = LabelledPrices.read(["Verdicchio", "7", "calice", "/", "28"], fields: fields)
        #expect(up?.prices.map(\.amount) == [7, 28])
        #expect(up?.columns == [.glass, .bottle])
        // Nothing says what a price below a glass's is, nor a lone price after no label.
        #expect(LabelledPrices.read(["Verdicchio", "7", "calice", "/", "5"], fields: fields) == nil)
        #expect(LabelledPrices.read(["Verdicchio", "28", "/", "7"], fields: fields) == nil)
        // In a whole entry: the bottle's price is no part of the name.
        let entries = parser.parse(lines: [line("ROSATO CORBIZZO", y: 100), line("Vigna di Augusto (Toscana) 22 (75cl) / 6", y: 125),
                                           line("calice", y: 150)])
        #expect(entries.first?.prices.map(\.amount) == [22, 6])
        #expect(entries.first?.name.contains("22") == false)
    }

    /// Names set above a producer line that carries the prices, down the page; the last wine's
    /// second line is a description, digits set apart: it is that wine's text as the others' are.
    @Test func aDescriptionWhereThePageNamesItsWinesIsText() {
        let lines = [
            line("FALANGHINA GAUDIUM", y: 100), line("Azienda i Capitani (Campania) 25 (75cl) / 7 calice", y: 125),
            line("CINZIA VISINTINI", y: 175), line("Azienda Visintini (Friuli) 23 (75cl)", y: 200),
            line("SIRE CHARDONNAY", y: 250), line("Azienda Mocavero (Puglia) 22 (75cl) / 6 calice", y: 275),
            line("ROGER BARNIER BRUT", y: 325), line("Vallée de la Marne (Francia) 63", y: 350),
            line("MIGNON BOULARD", y: 400), line("Champagne artigianale, complesso, elegante, con struttura e freschezza. 6 0", y: 425),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.count == 5)
        let mignon = entries.last
        #expect(mignon?.name.hasPrefix("MIGNON BOULARD Champagne artigianale") == true, "\(String(describing: mignon?.name))")
        #expect(mignon?.prices.map(\.amount) == [60])
        #expect(mignon?.description == nil)
    }

    /// The same shape on a page whose wines all carry their prices on a note: the note stays the
    /// description.
    @Test func aNoteWhereThePagesNotesCarryThePricesIsNoText() {
        let lines = [
            line("Ladera Verde Sauvignon Blanc, Chile", y: 100), line("Crisp and fresh with limey fruit and a twist of melon 16.00", y: 125),
            line("Amori Pinot Grigio, Italy", y: 175), line("Fresh and fruity with a bouquet of tropical and citrus fruit 16.00", y: 200),
            line("Murphy Chardonnay, Australia", y: 250), line("Ripe tropical passion fruit and juicy lime fruit flavours 19.25", y: 275),
            line("Lautarul Pinot Noir, Romania", y: 325), line("Wonderful juicy cherry fruits with notes of spice 16.00", y: 350),
            line("Arjona Tinto, Rioja Spain", y: 400), line("Velvety smooth with seamless charm typical of Rioja 25.00", y: 425),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.map(\.name) == ["Ladera Verde Sauvignon Blanc, Chile", "Amori Pinot Grigio, Italy", "Murphy Chardonnay, Australia",
                                        "Lautarul Pinot Noir, Romania", "Arjona Tinto, Rioja Spain"])
        #expect(entries.last?.description == "Velvety smooth with seamless charm typical of Rioja")
    }

    /// Wines whose notes carry their prices, where a tilted photo slid some prices off the note's
    /// line: alone onto the row under the note, or to the end of the note's wrapped second line.
    /// The wine is the name above its note either way, and the note its description.
    @Test func pricesAfterTheNoteBelongToTheNameAboveIt() {
        let lines = [
            line("Monte Alto Verdejo, Rueda", y: 100), line("Lively and zesty with green apple and fennel 21.00", y: 125),
            line("Casa Nova Arinto, Lisboa", y: 175), line("Salty and bright with lemon peel and almonds", y: 200),
            line("22.50", x: 600, y: 225),
            line("Hohe Halde Silvaner, Franken", y: 275), line("Gentle and herbal with pear and a touch of hay,", y: 300),
            line("lifted by a mineral finish 24.00", y: 325), line("and a long, dry close.", y: 350),
            line("Prado Seco Garnacha, Aragon", y: 400), line("Warm and juicy with raspberry and a hint of pepper 19.00", y: 425),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.map(\.name) == ["Monte Alto Verdejo, Rueda", "Casa Nova Arinto, Lisboa", "Hohe Halde Silvaner, Franken",
                                        "Prado Seco Garnacha, Aragon"])
        #expect(entries.map { $0.prices.map(\.amount) } == [[21], [22.5], [24], [19]])
        #expect(entries[1].description == "Salty and bright with lemon peel and almonds")
        #expect(entries[2].description == "Gentle and herbal with pear and a touch of hay,\nlifted by a mineral finish\nand a long, dry close.")
    }

    /// A note under a wine that has its price on its name's row stays that wine's; the next wine's
    /// prices alone under its own name take only that name.
    @Test func aNoteAfterAPricedNameStaysThatWines() {
        let lines = [
            line("Monte Alto Verdejo, Rueda 21.00", y: 100), line("Lively and zesty with green apple and fennel", y: 125),
            line("Casa Nova Arinto, Lisboa", y: 175), line("22.50", x: 600, y: 200),
            line("Salty and bright with lemon peel and almonds", y: 225),
        ]
        let entries = parser.parse(lines: lines)
        #expect(entries.map(\.name) == ["Monte Alto Verdejo, Rueda", "Casa Nova Arinto, Lisboa"])
        #expect(entries.map { $0.prices.map(\.amount) } == [[21], [22.5]])
        #expect(entries.first?.description == "Lively and zesty with green apple and fennel")
    }

    /// Under a wine priced on its name's row, a region line and a note are that wine's, whatever the
    /// next price row holds: a name in lower case, a size before it, a name that reads as a sentence.
    @Test func aRegionAndNoteUnderAPricedNameAreNoNextWinesName() {
        for next in ["von Kessel Riesling Trocken 45", "37.5cl Domaine Solis Chinon 45", "Vino rosso della casa from our cellar 45"] {
            let lines = [
                line("Bodega Alta Crianza 30", y: 100), line("Rioja, Spain", y: 125),
                line("Ripe dark fruit with vanilla and a long finish.", y: 150), line(next, y: 200),
            ]
            let entries = parser.parse(lines: lines)
            #expect(entries.count == 2, "\(next): \(entries.map(\.name))")
            #expect(entries.first?.description == "Ripe dark fruit with vanilla and a long finish.", "\(next)")
            #expect(entries.last?.name.contains("Rioja") == false, "\(next): \(String(describing: entries.last?.name))")
            #expect(entries.last?.prices.map(\.amount) == [45], "\(next)")
        }
    }
}
