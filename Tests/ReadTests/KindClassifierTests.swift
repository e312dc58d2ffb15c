import Imaging
import Recognition
import RecognizedText
import Testing
@testable import Read

@Suite struct KindClassifierTests {
    @Test func shapeAndFolderNameGuessBeforeOCR() {
        #expect(KindClassifier.guessBeforeOCR(width: 500, height: 1500, jobName: "misc") == .receipt)
        #expect(KindClassifier.guessBeforeOCR(width: 1000, height: 1400, jobName: "misc") == .winelist)
        #expect(KindClassifier.guessBeforeOCR(width: 1000, height: 1400, jobName: "receipts/march") == .receipt)
    }

    /// One line of `words`, each read with `confidence`.
    static func page(_ words: [String], confidence: Double = 90) -> RecognizedPage {
        guard !words.isEmpty else { return RecognizedPage(width: 800, height: 600, lines: []) }
        let line = RecognizedLine(words: words.enumerated().map { i, w in
            RecognizedWord(text: w, box: PixelRect(x: 40 * i, y: 0, width: 30, height: 12), confidence: confidence)
        })
        return RecognizedPage(width: 800, height: 600, lines: [line])
    }

    @Test func aBlockReadingThatDropsColumnsIsNotKept() {
        func page(_ words: [String], confidence: Double = 90) -> RecognizedPage { Self.page(words, confidence: confidence) }
        let sparse = page(["INVOICE", "Total", "12.50", "Tax", "0.75", "Customer", "ACME", "Street", "City", "Phone"])
        // The block reading kept the bill but lost the customer column.
        #expect(!KindClassifier.keepsBlockReading(sparse: sparse, block: page(["INVOICE", "Total", "12.50", "Tax", "0.75"])))
        // A receipt reads as many words either way (or more as one block).
        #expect(KindClassifier.keepsBlockReading(sparse: sparse, block: page(["INVOICE", "Total", "12.50", "Tax", "0.75", "Customer",
                                                                              "ACME", "Street", "City"])))
        // Unsure words do not count for either reading.
        #expect(KindClassifier.keepsBlockReading(sparse: page(["a", "b"], confidence: 30), block: page([])))
    }

    @Test func aBlockReadingReadLessSurelyIsNotKept() {
        func page(_ confidence: Double) -> RecognizedPage {
            Self.page(["INVOICE", "Total", "12.50", "Tax", "0.75", "Customer", "ACME", "Street", "City", "Phone"], confidence: confidence)
        }
        // Every word still read confidently, but columns run together read 12 points less surely.
        #expect(!KindClassifier.keepsBlockReading(sparse: page(90), block: page(78)))
        // Within the allowed drop, or surer: kept.
        #expect(KindClassifier.keepsBlockReading(sparse: page(90), block: page(90 - KindClassifier.blockConfidenceDrop)))
        #expect(KindClassifier.keepsBlockReading(sparse: page(80), block: page(91)))
    }
}
