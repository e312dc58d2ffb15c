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
