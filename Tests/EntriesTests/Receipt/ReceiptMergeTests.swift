import Testing
@testable import Entries

@Suite("Merging OCR readings of one receipt")
struct ReceiptMergeTests {
    let parser = ReceiptParser(fields: FieldParser(runYear: 2026), dateOrder: .dayFirst)

    @Test func consistencyPicksTheTotalAcrossReadings() {
        // The first reading misread the total (38.10); the second read it right but lost the tax line.
        let first = parser.parse(text: """
            TEO HENG STATIONERY & BOOKS
            NO. 53, JALAN BESAR, 45600 BATANG BERJUNTAI
            DATE: 15/01/2018
            SUB-TOTAL (EX) 52.00
            TOTAL TAX : 3.12
            ROUNDING : -0.02
            TOTAL 38.10
            """)
        let second = parser.parse(text: """
            TEO HENG STATIONERY & B0OKS
            NO. 53, JALAN BESAR, 45600 BATANG BERJUNTAI
            DATE: 15/01/2018
            SUB-TOTAL (EX) 52.00
            TOTAL 55.10
            """)
        #expect(!first.consistency.consistent)
        let merged = ReceiptParser.merge([first, second])
        #expect(merged.total == 55.1)
        #expect(merged.consistency.consistent)
        #expect(merged.tax == 3.12)
        #expect(merged.readings == 2)
        #expect(merged.totalCandidates.first(where: \.chosen)?.reading == 1)
        #expect(merged.merchant == "TEO HENG STATIONERY & BOOKS")
    }

    @Test func aResolvedDateWinsOverAMissingOne() {
        let first = parser.parse(text: "SHOP A\nTOTAL 5.00")
        let second = parser.parse(text: "SHOP A\nDATE 02/02/2017\nTOTAL 5.00")
        let merged = ReceiptParser.merge([first, second])
        #expect(merged.date == "2017-02-02")
        #expect(!merged.problems.contains("no date found"))
    }

    @Test func aReceiptThatAddsUpInNoReadingStaysFlagged() {
        let first = parser.parse(text: "SHOP A\nSUBTOTAL 10.00\nTOTAL 12.00")
        let second = parser.parse(text: "SHOP A\nSUBTOTAL 10.00\nTOTAL 13.00")
        let merged = ReceiptParser.merge([first, second])
        #expect(!merged.consistency.consistent)
        #expect(merged.total == 12 || merged.total == 13)
        #expect(merged.problems.contains { $0.hasPrefix("does not add up") })
    }

    @Test func oneReadingIsReturnedAsItIs() {
        let only = parser.parse(text: "SHOP A\nTOTAL 5.00")
        #expect(ReceiptParser.merge([only]) == only)
    }
}

@Suite("Consistency checks")
struct ReceiptConsistencyTests {
    @Test func taxIncludedOrAddedIsDecidedByTheAmounts() {
        var a = ReceiptConsistency.Amounts()
        a.subtotal = 100
        a.tax = 6
        let added = ReceiptConsistency.evaluate(a, total: 106)
        #expect(added.consistency.consistent)
        #expect(added.taxIncluded == false)
        let included = ReceiptConsistency.evaluate(a, total: 100)
        #expect(included.consistency.consistent)
        #expect(included.taxIncluded == true)
    }

    @Test func residualIsPrintedMinusExpected() {
        var a = ReceiptConsistency.Amounts()
        a.itemAmounts = [2.5, 1.8]
        a.subtotal = 4.3
        a.tendered = 10
        a.change = 5
        let result = ReceiptConsistency.evaluate(a, total: 4.3).consistency
        #expect(result.checks.count == 3)
        #expect(!result.consistent)
        #expect(result.residual == -0.7)
    }

    @Test func nothingToCheckIsNotConsistent() {
        let result = ReceiptConsistency.evaluate(ReceiptConsistency.Amounts(), total: 9).consistency
        #expect(result.checks.isEmpty)
        #expect(!result.consistent)
        #expect(result.residual == nil)
    }

    @Test func centsCompareExactly() {
        #expect(Cents.equal(0.1 + 0.2, 0.3))
        #expect(!Cents.equal(4.73, 4.74))
    }
}

@Suite("The merchant from the header band read alone")
struct HeaderMerchantTests {
    let parser = ReceiptParser(fields: FieldParser(runYear: 2026), dateOrder: .dayFirst)

    @Test func aNameTheWholePageReadingDroppedIsTakenFromTheHeaderReading() {
        // Read with the bill, the large name above the registration numbers was lost.
        let page = parser.parse(text: """
            (Co. No. 113825-W)
            No 8, Jalan 7/118B, Desa Tun Razak
            56000 Kuala Lumpur, Malaysia
            SUNWAY VELOCITY
            Tel : 03-9201 6281
            01/03/18 19:14 Slip No.: 0010104733
            TOTAL 12.00
            """)
        // The branch line under the street address is no merchant: the page reading has none.
        #expect(page.merchant == nil)
        let header = parser.parse(text: """
            POPULAR BOOK
            CO. (M) SDN BHD
            (Co. No. 113825-W)
            No 8, Jalan 7/118B, Desa Tun Razak
            """)
        let merged = ReceiptParser.mergeMerchant(page, header: header)
        #expect(merged.merchant == "POPULAR BOOK CO. (M) SDN BHD")
        #expect(merged.total == 12)
    }

    @Test func theHeaderReadingFillsAMissingMerchant() {
        let page = parser.parse(text: "(001451637-M)\nNO. 53, JALAN BESAR, 45600 BATANG BERJUNTAI\nTOTAL 5.00")
        #expect(page.merchant == nil)
        let header = parser.parse(text: "TEO HENG STATIONERY & BOOKS\n(001451637-M)\nNO. 53, JALAN BESAR, 45600 BATANG BERJUNTAI")
        #expect(ReceiptParser.mergeMerchant(page, header: header).merchant == "TEO HENG STATIONERY & BOOKS")
    }

    @Test func withoutALegalFormOrMoreConfidenceThePageReadingStays() {
        let page = parser.parse(text: "SANYU STATIONERY SHOP\nNO. 31G, JALAN SETIA INDAH\nTOTAL 5.00")
        let header = parser.parse(text: "SANYO STATIONERY SHOP\nNO. 31G, JALAN SETIA INDAH")
        #expect(ReceiptParser.mergeMerchant(page, header: header).merchant == "SANYU STATIONERY SHOP")
        let legal = parser.parse(text: "KAISON FURNISHING SDN BHD\nNO. 1, JALAN 2\nTOTAL 5.00")
        let shop = parser.parse(text: "KAISON FURNISHING\nNO. 1, JALAN 2")
        #expect(ReceiptParser.mergeMerchant(legal, header: shop).merchant == "KAISON FURNISHING SDN BHD")
    }
}
