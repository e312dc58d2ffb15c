import Imaging
import RecognizedText
import Testing
@testable import Entries

/// A total's line read again alone is kept only when the bill's arithmetic agrees; made-up receipts.
@Suite("Receipt total read again alone")
struct ReceiptTotalRereadingTests {
    let parser = ReceiptParser(fields: FieldParser(runYear: 2026), dateOrder: .dayFirst)

    func page(_ text: String) -> RecognizedPage {
        let lines = text.split(separator: "\n").enumerated().map { i, line in
            RecognizedLine(text: String(line), box: PixelRect(x: 0, y: i * 30, width: 400, height: 24), confidence: 90, words: [])
        }
        return RecognizedPage(width: 400, height: lines.count * 30, lines: lines)
    }

    let slip = """
    KEDAI MAJU SDN BHD
    Sugar 1kg 60.00
    Flour 1kg 34.19
    Sub Total 94.19
    Total Payable: 194.19
    """

    @Test func aStrayDigitOnTheTotalIsMendedWhenTheBillAgrees() {
        let page = page(slip)
        let receipt = parser.parse(lines: page.lines)
        #expect(receipt.total == 194.19)
        let lines = parser.totalLines(of: page, receipt: receipt)
        #expect(lines == [4])
        let mended = parser.withRereadTotal(receipt, page: page, rereadings: [(4, "Total Payable: 94.19")])
        #expect(mended.total == 94.19)
        #expect(mended.consistency.consistent)
    }

    @Test func aRereadingTheBillDisagreesWithIsNotTaken() {
        let page = page(slip)
        let receipt = parser.parse(lines: page.lines)
        #expect(parser.withRereadTotal(receipt, page: page, rereadings: [(4, "Total Payable: 91.49")]).total == 194.19)
    }

    @Test func aDecimalMarkLostUnderAPenStrokeIsTriedAsCents() {
        let page = page(slip)
        let receipt = parser.parse(lines: page.lines)
        #expect(parser.withRereadTotal(receipt, page: page, rereadings: [(4, "Totl Payable:-9419")]).total == 94.19)
    }

    @Test func aReceiptThatAddsUpIsNotReadAgain() {
        let page = page(slip.replacingOccurrences(of: "194.19", with: "94.19"))
        let receipt = parser.parse(lines: page.lines)
        #expect(receipt.consistency.consistent)
        #expect(parser.totalLines(of: page, receipt: receipt).isEmpty)
    }
}

@Suite("Receipt items against the total")
struct ReceiptItemsDifferenceTests {
    let parser = ReceiptParser(fields: FieldParser(runYear: 2026), dateOrder: .dayFirst)

    @Test func itemsThatDoNotAddUpAreFlaggedWithTheDifference() {
        let receipt = parser.parse(text: "KEDAI MAJU SDN BHD\nSugar 1kg 6.00\nFlour 1kg 3.20\nTOTAL 12.00")
        #expect(receipt.itemsDifference == 2.8)
        // The check of the items against the total says it already.
        #expect(receipt.problems.contains { $0.contains("items = total") && $0.contains("residual 2.80") })
        // With a subtotal between them, the items are still held against the total.
        let subtotalled = parser.parse(text: "KEDAI MAJU SDN BHD\nSugar 1kg 6.00\nFlour 1kg 3.20\nSub Total 12.00\nTOTAL 12.00")
        #expect(subtotalled.itemsDifference == 2.8)
        #expect(subtotalled.problems.contains { $0.contains("items do not add up to the total") && $0.contains("difference 2.80") })
    }

    @Test func itemsThatAddUpWithTaxAndRoundingAreNotFlagged() {
        let receipt = parser.parse(text: "KEDAI MAJU SDN BHD\nSugar 1kg 6.00\nFlour 1kg 3.20\nGST 6% 0.55\nRounding 0.01\nTOTAL 9.76")
        #expect(receipt.itemsDifference == 0)
        #expect(!receipt.problems.contains { $0.contains("items do not add up") })
    }
}
