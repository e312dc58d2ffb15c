import Imaging
import RecognizedText
import Testing
@testable import Entries

/// The merchant as the head of the slip prints it: names broken over lines around their legal or
/// trade form, and the line set in the largest type.
@Suite("Receipt header layout")
struct ReceiptHeaderLayoutTests {
    let parser = ReceiptParser(fields: FieldParser(runYear: 2026), dateOrder: .dayFirst)

    @Test func aLineOfTradeWordsAndLegalFormTakesTheNameAboveIt() {
        let text = """
        KEMBANG SARI VEGETARIAN
        RESTAURANT SDN BHD
        (1234567-X)
        12, JALAN SS2/3
        47300 PETALING JAYA
        TOTAL 5.00
        """
        #expect(parser.parse(text: text).merchant == "KEMBANG SARI VEGETARIAN RESTAURANT SDN BHD")
        #expect(ReceiptHeaderReader.namePartIsGeneric(ReceiptLine(index: 0, text: "RESTAURANT SDN BHD")))
        #expect(!ReceiptHeaderReader.namePartIsGeneric(ReceiptLine(index: 0, text: "KEMBANG RESTAURANT SDN BHD")))
        #expect(!ReceiptHeaderReader.namePartIsGeneric(ReceiptLine(index: 0, text: "SDN BHD")))
    }

    @Test func aLegalFormAloneReachesPastALogoSpeckForItsName() {
        let text = """
        MUTIARA BOOK
        ™
        CO. (M) SDN BHD
        (Co. No. 123456-W)
        No 8, Jalan 7/118B, Desa Tun Razak
        TOTAL 5.00
        """
        #expect(parser.parse(text: text).merchant == "MUTIARA BOOK CO. (M) SDN BHD")
        #expect(ReceiptParser.isLegalFormOnly("CO. (M) SDN BHD"))
        #expect(!ReceiptParser.isLegalFormOnly("MUTIARA BOOK CO. (M) SDN BHD"))
    }

    @Test func aTradeFormOnTheLineBelowEndsTheName() {
        let text = """
        PERMAI POWER HARDWARE
        TRADING .
        002458685-T
        13-1, Jalan PJU 5/10,
        TOTAL 5.00
        """
        #expect(parser.parse(text: text).merchant == "PERMAI POWER HARDWARE TRADING")
        // A name with its legal form already is not extended by the next line's words.
        let legal = "PERMAI HARDWARE SDN BHD\nTRADING\n13-1, Jalan PJU 5/10,\nTOTAL 5.00"
        #expect(parser.parse(text: legal).merchant == "PERMAI HARDWARE SDN BHD")
        #expect(!ReceiptHeaderReader.isContinuationOnly(ReceiptLine(index: 0, text: "TRADING HOURS 9AM TO 5PM")))
    }

    func line(_ text: String, y: Int, height: Int) -> RecognizedLine {
        var x = 0
        let words = text.split(separator: " ").map { token -> RecognizedWord in
            defer { x += (token.count + 1) * height / 2 }
            return RecognizedWord(text: String(token), box: PixelRect(x: x, y: y, width: token.count * height / 2, height: height), confidence: 90)
        }
        return RecognizedLine(words: words)
    }

    @Test func withoutLegalOrTradeFormTheLargestPrintIsTheName() {
        let lines = [line("lim ah kow", y: 10, height: 20), line("SERI MELATI GIFT & DECO", y: 40, height: 34),
                     line("27, JALAN DEDAP 13,", y: 90, height: 20), line("81100 JOHOR BAHRU", y: 120, height: 20),
                     line("TOTAL 5.00", y: 300, height: 20)]
        #expect(parser.parse(lines: lines).merchant == "SERI MELATI GIFT & DECO")
        // Printed the same size, the first name-like line stays the merchant.
        var even = lines
        even[1] = line("SERI MELATI GIFT & DECO", y: 40, height: 22)
        #expect(parser.parse(lines: even).merchant == "lim ah kow")
    }

    @Test func anUnderscoreInTheNameIsASpace() {
        #expect(parser.parse(text: "TERATAI HANDEL_SDN BHD\nNO. 1, JALAN 2\nTOTAL 5.00").merchant == "TERATAI HANDEL SDN BHD")
    }
}

@Suite("Receipt header layout: branch names")
struct ReceiptBranchNameTests {
    @Test func aPlainLineBelowTheStreetAddressIsNoMerchant() {
        let parser = ReceiptParser(fields: FieldParser(runYear: 2026), dateOrder: .dayFirst)
        let text = """
        (Co. No. 123456-W)
        No 8, Jalan 7/118B, Desa Tun Razak
        56000 Kuala Lumpur, Malaysia
        SUNWAY VELOCITY
        Tel : 03-9201 6281
        TOTAL 5.00
        """
        let receipt = parser.parse(text: text)
        #expect(receipt.merchant == nil)
        #expect(receipt.address == "No 8, Jalan 7/118B, Desa Tun Razak 56000 Kuala Lumpur, Malaysia")
        // Above the address the same plain line is the merchant.
        let above = "SUNWAY VELOCITY\nNo 8, Jalan 7/118B, Desa Tun Razak\n56000 Kuala Lumpur\nTOTAL 5.00"
        #expect(parser.parse(text: above).merchant == "SUNWAY VELOCITY")
    }

    @Test func aCityAfterThePostcodeStaysInTheAddress() {
        let parser = ReceiptParser(fields: FieldParser(runYear: 2026), dateOrder: .dayFirst)
        let text = "KEDAI ABC SDN BHD\n54, JALAN SS23/11\nTAMAN SEA, 47400\nPETALING JAYA, SELANGOR\nTel: 03-7805 7889\nTOTAL 5.00"
        #expect(parser.parse(text: text).address == "54, JALAN SS23/11 TAMAN SEA, 47400 PETALING JAYA, SELANGOR")
    }
}

