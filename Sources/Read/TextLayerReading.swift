import Documents
import Entries
import Flattening
import Imaging
import Recognition
import RecognizedText
import StepTrace

extension PageReader {
    /// Reads a PDF page from its text layer: the words as printed, each with its box on the page's pixel
    /// grid and confidence 100, in poppler's lines. No rendering, no Tesseract: the feedback loops of
    /// OCR have nothing to correct (a receipt is parsed from this one reading).
    public func read(_ text: TextLayerPage, plan: PagePlan, receipts parser: ReceiptParser) -> Reading {
        let prior = plan.kind
        let page = Self.recognizedPage(text)
        let flat = FlattenedPage(raster: text.preview ?? Raster(width: 1, height: 1), ppi: Int(text.ppi.rounded()),
                                 report: FlattenReport(method: .none, reason: "read from the PDF's text layer"))
        var reading = Reading(flat: flat, segmentation: plan.segmentation, kind: prior)
        reading.textGrid = (text.width, text.height)
        reading.kind = settings.expected == .auto ? KindClassifier.classify(page, prior: prior) : prior
        reading.page = page
        if reading.kind == .receipt {
            let receipt = parser.parse(page, scale: 1)
            reading.receipt = ReceiptRereading.Result(receipt: receipt, page: page)
        }
        return reading
    }

    /// The text layer as a reading: one line per poppler line, boxes in pixels at the page's grid.
    static func recognizedPage(_ text: TextLayerPage) -> RecognizedPage {
        let lines = text.layer.lines.compactMap { line -> RecognizedLine? in
            let words = line.words.compactMap { word -> RecognizedWord? in
                let trimmed = word.text.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { return nil }
                return RecognizedWord(text: trimmed, box: word.box.pixels(ppi: text.ppi), confidence: 100)
            }
            return words.isEmpty ? nil : RecognizedLine(words: words)
        }
        return RecognizedPage(width: text.width, height: text.height, lines: lines)
    }
}
