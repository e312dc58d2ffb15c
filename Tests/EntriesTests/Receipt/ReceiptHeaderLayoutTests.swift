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
        even[0] = line("LIM AH KOW", y: 10, height: 20)
        even[1] = line("SERI MELATI GIFT & DECO", y: 40, height: 22)
        #expect(parser.parse(lines: even).merchant == "LIM AH KOW")
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


/// Names ended by their legal form, whatever the country; made-up receipts.
@Suite("Receipt names and their legal forms")
struct ReceiptLegalFormTests {
    let parser = ReceiptParser(fields: FieldParser(runYear: 2026), dateOrder: .dayFirst)

    @Test func aRegistrationNumberAfterALegalFormEndsTheName() {
        let text = """
        MAJU MART SB(123456-A) FORMERLY KNOWN AS SINAR STORES SB
        12, JALAN BUNGA RAYA
        75100 MELAKA
        TOTAL 5.00
        """
        #expect(parser.parse(text: text).merchant == "MAJU MART SB")
    }

    @Test func legalFormsOfOtherCountriesEndTheName() {
        for (line, name) in [("Bäckerei Sonnenschein GmbH Filiale 12", "Bäckerei Sonnenschein GmbH"),
                             ("Panificadora del Sol S.A. sucursal 3", "Panificadora del Sol S.A."),
                             ("Muller Weinhandel AG Bahnhofstrasse", "Muller Weinhandel AG")] {
            let text = "\(line)\nHauptstrasse 5, 8001 Zurich\nTOTAL 5.00"
            #expect(parser.parse(text: text).merchant == name)
        }
    }

    @Test func aLegalFormWithOneLetterMisreadOrRunTogether() {
        #expect(ReceiptHeaderReader.fixLegalForms("SEAFOOD SDN DHD") == "SEAFOOD SDN BHD")
        #expect(ReceiptHeaderReader.fixLegalForms("(SETIA ALAM)SDNBHD") == "(SETIA ALAM) SDN BHD")
    }

    @Test func aTradeWordOneLetterOffIsTheTradeWord() {
        #expect(ReceiptHeaderReader.fixTradeWord("HARBWARE") == "HARDWARE")
        #expect(ReceiptHeaderReader.fixTradeWord("Stationcry") == "Stationery")
        // Spellings shops print stay: a vowel for a vowel, another last letter.
        #expect(ReceiptHeaderReader.fixTradeWord("STATIONARY") == "STATIONARY")
        #expect(ReceiptHeaderReader.fixTradeWord("GROCERS") == "GROCERS")
        // Short words and words not one letter from a trade word stay.
        #expect(ReceiptHeaderReader.fixTradeWord("MART") == "MART")
        #expect(ReceiptHeaderReader.fixTradeWord("KEMBANG") == "KEMBANG")
    }

    @Test func aLineWithoutCapitalsIsNotTheName() {
        let text = """
        lim mei ling
        SINAR JAYA GIFT SHOP
        27, JALAN DEDAP 5
        81100 JOHOR BAHRU
        TOTAL 5.00
        """
        #expect(parser.parse(text: text).merchant == "SINAR JAYA GIFT SHOP")
    }

    @Test func aNameInAScriptWithoutCaseIsStillAName() {
        let text = "陈记茶餐厅\nNO 12, JALAN MAWAR\n53300 KUALA LUMPUR\nTOTAL 5.00"
        #expect(parser.parse(text: text).merchant == "陈记茶餐厅")
    }

    @Test func aWeightIsNotALegalForm() {
        #expect(!ReceiptHeaderReader.hasLegalForm(ReceiptLine(index: 0, text: "SUGAR 1.5 KG")))
    }

    @Test func aBranchNumberEndsTheNameAndAStrokeDoesNot() {
        #expect(parser.parse(text: "PETRONAS KIOSK JAYA 2\nLOT 5 JALAN PERMAS\n81750 MASAI\nTOTAL 5.00").merchant == "PETRONAS KIOSK JAYA 2")
        #expect(parser.parse(text: "PETRONAS KIOSK JAYA i\nLOT 5 JALAN PERMAS\n81750 MASAI\nTOTAL 5.00").merchant == "PETRONAS KIOSK JAYA")
    }
}

/// Where the address is when the slip's top is not as the parser first takes it; made-up receipts.
@Suite("Receipt address layouts")
struct ReceiptAddressLayoutTests {
    let parser = ReceiptParser(fields: FieldParser(runYear: 2026), dateOrder: .dayFirst)

    @Test func aNumberStampedAboveTheNameIsNotTheBill() {
        let text = """
        512.07 233
        KEDAI RUNCIT AH SENG
        NO 12, JALAN MAWAR,
        SETAPAK,
        53300 KUALA LUMPUR.
        TEL:03-41234567
        ITEM QTY AMOUNT
        SUGAR 1 3.20
        TOTAL 3.20
        """
        #expect(parser.parse(text: text).address == "NO 12, JALAN MAWAR, SETAPAK, 53300 KUALA LUMPUR.")
    }

    @Test func aLabelAboveTheNameIsNotTheBill() {
        let text = """
        For staff: see counter
        Farmasi Sejahtera S/B(123456-U)
        GST NO: 000123456789
        7, Jln Kenari 3, Tmn Melati,
        53100 Kuala Lumpur.
        TAX INVOICE
        TOTAL 9.90
        """
        #expect(parser.parse(text: text).address == "7, Jln Kenari 3, Tmn Melati, 53100 Kuala Lumpur.")
    }

    @Test func aStreetWhoseWordReadsLikeALabelIsNotTheBill() {
        let text = """
        SEGAR MART SDN BHD
        GST Reg No 000111222333
        Jalan Tras Batu 3
        28700 Bentong
        Tel: 09-1234567
        TOTAL 4.50
        """
        #expect(parser.parse(text: text).address == "Jalan Tras Batu 3 28700 Bentong")
    }

    @Test func anAddressPrintedAboveTheName() {
        let text = """
        THANK YOU FOR SHOPPING WITH US
        UNIT 12, BLOCK C, PUSAT NIAGA MELATI,
        NO.5, JALAN 14/2, 46100 PETALING JAYA
        MAJU MART SB(123456-A)
        TAX REG ID 000111222333
        QTY PRICE AMT
        TOTAL 6.00
        """
        let receipt = parser.parse(text: text)
        #expect(receipt.merchant == "MAJU MART SB")
        #expect(receipt.address == "UNIT 12, BLOCK C, PUSAT NIAGA MELATI, NO.5, JALAN 14/2, 46100 PETALING JAYA")
    }
}
