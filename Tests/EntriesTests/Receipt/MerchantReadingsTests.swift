import Testing
@testable import Entries

/// One name as two readers read it, made into one: made-up names, none of them from a data set.
@Suite("A merchant's name from two readings")
struct MerchantReadingsTests {
    typealias Reading = MerchantReadings.Reading

    @Test func theSameLettersTakeTheOtherReadersSpaces() {
        let merged = MerchantReadings.combine(Reading("PELANGIBOOKSHOP"), Reading("PELANGI BOOK SHOP"))
        #expect(merged == "PELANGI BOOK SHOP")
        // Asked for the first reader's spaces, the run-together name stays as it was read.
        #expect(MerchantReadings.combine(Reading("PELANGIBOOKSHOP"), Reading("PELANGI BOOK SHOP"), spaces: .first) == "PELANGIBOOKSHOP")
    }

    @Test func aWordPrintedElsewhereOnThePageDecides() {
        let page = MerchantReadings.PageEvidence(lines: ["Thank you for shopping at Kemuning", "TOTAL 5.00"])
        #expect(MerchantReadings.combine(Reading("Kemuninq Fresh Mart"), Reading("Kemuning Fresh Mart"), page: page) == "Kemuning Fresh Mart")
        // A trade word of the vocabulary decides as well ("HARDWARE").
        #expect(MerchantReadings.combine(Reading("TAN HARDVARE"), Reading("TAN HARDWARE")) == "TAN HARDWARE")
    }

    @Test func theWordInItsLinesCaseWins() {
        // A capital I among small letters is an l misread; a small first letter in a capitalized line a capital.
        #expect(MerchantReadings.combine(Reading("Sunrise WorId Sdn Bhd"), Reading("Sunrise World Sdn Bhd")) == "Sunrise World Sdn Bhd")
        #expect(MerchantReadings.combine(Reading("qolden Leaf Trading"), Reading("Golden Leaf Trading")) == "Golden Leaf Trading")
    }

    @Test func anAccentThePageNeverPrintsGoes() {
        let plain = MerchantReadings.PageEvidence(lines: ["TOTAL 5.00", "THANK YOU"])
        #expect(MerchantReadings.combine(Reading("BINTANG RESTÄURANT"), Reading("BINTANG RESTAURANT"), page: plain) == "BINTANG RESTAURANT")
        // On a page that prints accents the first reader's stays.
        let french = MerchantReadings.PageEvidence(lines: ["Crème brûlée 8,50", "Thé vert 4,00"])
        #expect(MerchantReadings.combine(Reading("CAFÉ DU PORT"), Reading("CAFE DU PORT"), page: french) == "CAFÉ DU PORT")
    }

    @Test func nothingDecidingKeepsTheFirstReadersLetters() {
        // Near confidences say nothing across two readers: the first reader's letters stay.
        let first = Reading(words: ["TEO", "HENG", "STATIONERY"], surety: [0.3, 0.6, 0.5])
        let other = Reading(words: ["TED", "HENG", "STATIONERY"], surety: [0.5, 0.6, 0.5])
        #expect(MerchantReadings.combine(first, other) == "TEO HENG STATIONERY")
        // A word the first reader was among its least sure of and the other among its surest.
        let unsure = Reading(words: ["TEO", "HENG", "STATIONERY"], surety: [0.1, 0.6, 0.5])
        let sure = Reading(words: ["TED", "HENG", "STATIONERY"], surety: [0.9, 0.6, 0.5])
        #expect(MerchantReadings.combine(unsure, sure) == "TED HENG STATIONERY")
    }

    @Test func lettersThatDoNotFoldToOneLetterAreKept() {
        // "ß" upper-cases to two letters; the name is combined without trapping.
        #expect(MerchantReadings.combine(Reading("Weinhaus Großmann GmbH"), Reading("Weinhaus Gro8mann GmbH"))
            == "Weinhaus Großmann GmbH")
        #expect(MerchantReadings.combine(Reading("ﬁne Weine GmbH"), Reading("fine Weine GmbH")) != nil)
    }

    @Test func differentLinesAreNotCombined() {
        #expect(MerchantReadings.combine(Reading("SUNRISE BAKERY SDN BHD"), Reading("JALAN MERANTI 12")) == nil)
    }

    @Test func aNameCutAtItsLineBreakIsContinuedToItsLegalForm() {
        let merged = MerchantReadings.combine(Reading("SRI MAJU HARDWARE"), Reading("SRI MAJU HARDWARF ENTERPRISE (KAJANG) SDN BHD"))
        #expect(merged == "SRI MAJU HARDWARE ENTERPRISE (KAJANG) SDN BHD")
        // A name that already ends in its legal form is not continued: the readings are not combined.
        #expect(MerchantReadings.combine(Reading("SRI MAJU SDN BHD"), Reading("SRI MAJU SDN BHD TEL 03 1234")) == nil)
    }

    @Test func anUnsureWordAtTheEdgeOnlyOneReaderSawIsASpeck() {
        let first = Reading(words: ["XOTY", "BESTWAY", "(M)", "SDN", "BHD"], surety: [0.1, 0.6, 0.5, 0.7, 0.7])
        #expect(MerchantReadings.combine(first, Reading("BESTWAY (M) SDN BHD")) == "BESTWAY (M) SDN BHD")
        let sure = Reading(words: ["GOLDEN", "BESTWAY", "(M)", "SDN", "BHD"], surety: [0.6, 0.6, 0.5, 0.7, 0.7])
        #expect(MerchantReadings.combine(sure, Reading("BESTWAY (M) SDN BHD")) == "GOLDEN BESTWAY (M) SDN BHD")
    }
}
