import Entries
import Imaging
import Read
import Recognition
import RecognizedText
import Testing
@testable import Pipeline

/// The receipt's readings as the Read stage judges them: text size (`ReceiptScale`) and what the
/// parser finds missing (`ReceiptParser+Rereading`).
@Suite struct ReceiptRereadingTests {
    let parser = ReceiptParser()

    func needsAnotherReading(_ receipt: Receipt) -> Bool { parser.gaps(in: receipt).contains(where: \.callsForAnotherReading) }

    func word(_ text: String, height: Int, confidence: Double = 90) -> RecognizedWord {
        RecognizedWord(text: text, box: PixelRect(x: 0, y: 0, width: 10 * text.count, height: height), confidence: confidence)
    }

    @Test func textHeightIsTheMedianOfConfidentWords() throws {
        let words = [word("TOTAL", height: 12), word("CASH", height: 14), word("CHANGE", height: 13), word("9.00", height: 12),
                     word("RM", height: 40), word("THANK", height: 13), word("~~~", height: 60, confidence: 20), word("YOU", height: 13)]
        let page = RecognizedPage(width: 400, height: 900, lines: [RecognizedLine(words: words)])
        // "RM" is too short to count and "~~~" too unsure.
        #expect(try #require(ReceiptScale.textHeight(of: page)) == 13)
        #expect(ReceiptScale.textHeight(of: RecognizedPage(width: 1, height: 1, lines: [])) == nil)
    }

    @Test func scaleFactorsBringTextToTheTarget() {
        #expect(ReceiptScale.scaleFactors(height: 13, target: 26) == [2, 3])
        #expect(ReceiptScale.scaleFactors(height: 74, target: 26).first == 26.0 / 74)
        // Already close: look again enlarged rather than at the same size.
        #expect(ReceiptScale.scaleFactors(height: 25, target: 26) == [1.5, 2.25])
        #expect(ReceiptScale.scaleFactors(height: 28, target: 26) == [1.5, 2.25])
        #expect(ReceiptScale.scaleFactors(height: 2, target: 26) == [3, 3])
        #expect(ReceiptScale.scaleFactors(height: nil, target: 26) == [1.5, 2.25])
        // The reading nearest the preferred size is preferred when readings tie.
        #expect(ReceiptScale.distance(13, 2, 26) == 0)
        #expect(ReceiptScale.distance(13, 1, 26) > ReceiptScale.distance(13, 2, 26))
        #expect(ReceiptScale.isComfortable(26, target: 26))
        #expect(!ReceiptScale.isComfortable(13, target: 26))
    }

    @Test func textSizeAloneIsNoReasonToReadAgain() {
        var receipt = Receipt(merchant: "KEDAI ABC", total: 9.6)
        receipt.dateText = "25/12/2018"
        receipt.consistency = ReceiptConsistency(checks: [AmountRelation(name: "items", expected: 9.6, found: 9.6)])
        // Small text is still recorded as a reason when some other reason brings a second reading …
        #expect(!ReceiptScale.isComfortable(13, target: 26))
        #expect(parser.gaps(in: receipt).isEmpty)
        #expect(ReadAgainReason.textSize(13).description == "text 13 px high")
        // … but a reading that found everything and adds up is not read again for it.
        #expect(!needsAnotherReading(receipt))
        var unchecked = receipt
        unchecked.consistency = ReceiptConsistency(checks: [AmountRelation(name: "items", expected: 9.0, found: 9.6)])
        #expect(needsAnotherReading(unchecked))
        var undated = receipt
        undated.dateText = nil
        #expect(needsAnotherReading(undated))
        var totalless = receipt
        totalless.total = nil
        #expect(needsAnotherReading(totalless))
        // A merchant read below Tesseract's usual "sure" confidence is read again; the merge keeps the surer one.
        var unsure = receipt
        unsure.confidence.merchant = 53
        #expect(parser.gaps(in: unsure) == [.unsureMerchant(53)])
        #expect(ReadAgainReason.unsureMerchant(53).description == "merchant read unsurely (confidence 53)")
        #expect(needsAnotherReading(unsure))
        unsure.confidence.merchant = 81
        #expect(!needsAnotherReading(unsure))
    }

    @Test func aSureMerchantWithItsLegalFormIsNotLookedForAgain() {
        func receipt(_ name: String?, _ confidence: Double?) -> Receipt {
            var r = Receipt(merchant: name)
            r.confidence.merchant = confidence
            return r
        }
        #expect(parser.merchantIsSettled(receipt("GARDENIA BAKERIES (KL) SDN BHD", 93)))
        // Unsure, without a legal form, or not read: the header band is read alone.
        #expect(!parser.merchantIsSettled(receipt("GARDENIA BAKERIES (AL) SDN BHD", 67)))
        #expect(!parser.merchantIsSettled(receipt("SUNWAY VELOCITY", 95)))
        #expect(!parser.merchantIsSettled(receipt(nil, nil)))
    }

    @Test func boxesOfAScaledReadingAreMappedBack() {
        let line = RecognizedLine(words: [RecognizedWord(text: "TOTAL", box: PixelRect(x: 20, y: 40, width: 100, height: 30), confidence: 90)])
        let page = ReceiptScale.rescaled(RecognizedPage(width: 800, height: 1600, lines: [line]), by: 0.5, width: 400, height: 800)
        #expect(page.lines[0].box == PixelRect(x: 10, y: 20, width: 50, height: 15))
        #expect(page.lines[0].words[0].box == PixelRect(x: 10, y: 20, width: 50, height: 15))
        #expect(page.width == 400)
    }

    /// Receipts are one column read as a block; wine lists are read sparse so that dot-leader
    /// price and bin columns are not dropped, and rows are rebuilt from the word boxes.
    @Test func receiptsAreReadAsOneBlockAndListsSparseByDefault() {
        #expect(RunSettings().segmentation(for: .receipt) == .singleBlock)
        #expect(RunSettings().segmentation(for: .winelist) == .sparse)
        #expect(ReadSettings(segmentation: .singleColumn).segmentation(for: .receipt) == .singleColumn)
    }
}

@Suite struct ReceiptMerchantSettlingTests {
    @Test func aLegalFormWithoutItsNameIsNotSettled() {
        let parser = ReceiptParser()
        var receipt = Receipt(merchant: "CO. (M) SDN BHD")
        receipt.confidence.merchant = 95
        #expect(!parser.merchantIsSettled(receipt))
        receipt.merchant = "MUTIARA BOOK CO. (M) SDN BHD"
        #expect(parser.merchantIsSettled(receipt))
        receipt.confidence.merchant = 70
        #expect(!parser.merchantIsSettled(receipt))
    }
}

@Suite struct DateLineCropTests {
    @Test func aLineIsCutWithAMarginWithinThePage() throws {
        let crop = try #require(ReceiptScale.lineCrop(PixelRect(x: 100, y: 200, width: 300, height: 20), width: 1000, height: 2000))
        #expect(crop == PixelRect(x: 80, y: 192, width: 340, height: 36))
        // At the page's corner the margin is cut off by the page.
        let corner = try #require(ReceiptScale.lineCrop(PixelRect(x: 5, y: 3, width: 990, height: 20), width: 1000, height: 25))
        #expect(corner == PixelRect(x: 0, y: 0, width: 1000, height: 25))
        // A speck is no line.
        #expect(ReceiptScale.lineCrop(PixelRect(x: 0, y: 0, width: 5, height: 3), width: 100, height: 100) == nil)
    }

    @Test func theScaleBringsTheLineToTheTargetWithinBounds() {
        #expect(ReceiptScale.lineFactor(PixelRect(x: 0, y: 0, width: 100, height: 18), target: 36) == 2)
        #expect(ReceiptScale.lineFactor(PixelRect(x: 0, y: 0, width: 100, height: 2), target: 52) == 4)
        #expect(ReceiptScale.lineFactor(PixelRect(x: 0, y: 0, width: 100, height: 400), target: 36) == 0.3)
    }

    @Test func theParserAsksForItsDateLine() {
        let parser = ReceiptParser(dateOrder: .dayFirst)
        func line(_ text: String, _ y: Int) -> RecognizedLine {
            RecognizedLine(words: [RecognizedWord(text: text, box: PixelRect(x: 0, y: y, width: 10 * text.count, height: 20), confidence: 90)])
        }
        let page = RecognizedPage(width: 400, height: 300, lines: [line("SHOP", 0), line("20/03/2018", 40), line("TOTAL", 80)])
        let receipt = parser.parse(page, scale: 1)
        #expect(parser.dateLines(of: page, receipt: receipt) == [1])
        let reread = parser.withRereadDate(receipt, page: page, rereadings: ["20/08/2018", "20/08/2018"])
        #expect(reread.date == "2018-08-20")
    }
}
