import Documents
import Entries
import Flattening
import Imaging
import Recognition
import RecognizedText

extension PageReader {
    /// A page read by PP-OCR: one reading of the whole page, which also settles which way up it
    /// is (PP-OCR reads its longest lines both ways when unsure), then the kind its words show and
    /// the loops that apply. Tesseract's own loops do not: its orientation detector and language
    /// models (PP-OCR's Latin alphabet reads every language Decant meets), its segmentation
    /// modes (PP-OCR finds lines itself, so a receipt needs no block re-reading).
    func readWithPPOCR(_ reading: inout Reading, ppocr: PPOCREngine, prior: DocumentKind, components: [PixelRect]?,
                          job: String, image: String, receipts parser: ReceiptParser) {
        let flat = reading.flat
        let key = cache?.key(flat.raster, ppi: flat.ppi, segmentation: .auto, recognizer: ppocr, upright: true)
        var upright: RecognitionCache.Upright
        if let cache, let key, let cached = cache.loadUpright(job: job, image: image, key: key) {
            upright = cached
        } else {
            do {
                let read = try ppocr.recognizeUpright(flat.raster)
                upright = RecognitionCache.Upright(page: read.page, quarterTurnsClockwise: read.quarterTurnsClockwise)
            } catch {
                reading.failure = error
                return
            }
            if let cache, let key { cache.storeUpright(upright, job: job, image: image, key: key) }
        }
        let turns = upright.quarterTurnsClockwise
        if turns != 0 { reading.flat.raster = reading.flat.raster.rotated(quarterTurnsClockwise: turns) }
        let turned = turns == 0 ? "" : ", turned \(turns * 90)° clockwise"
        if reading.flat.pendingOrientation != nil {
            reading.flat.pendingOrientation = nil
            reading.steps[.orientation] = "settled by PP-OCR's reading\(turned)"
        } else if turns != 0 {
            reading.steps[.orientation] = "PP-OCR's reading\(turned)"
        }
        var page = upright.page
        reading.kind = settings.expected == .auto ? KindClassifier.classify(page, prior: prior) : prior
        // The ink components were found on the page before it was turned.
        if reading.kind == .winelist {
            readAgainAlone(&reading, page: &page, components: turns == 0 ? components : nil, engine: ppocr)
            // A price read with confidence but out of the page's column order goes to the other reader.
            let reordered = PriceOrder.reread(&page, raster: reading.flat.raster, ppi: reading.flat.ppi, engine: engine)
            if reordered > 0 {
                let before = reading.steps[.reread].map { "\($0); " } ?? ""
                reading.steps[.reread] = before + "\(reordered) prices out of the page's order read again by Tesseract"
            }
        }
        // A receipt's parser reads a row's description and amount from one line, as Tesseract's
        // block mode gives them; PP-OCR boxes them apart.
        if reading.kind == .receipt { page = page.joiningRows() }
        reading.page = page
        if reading.kind == .receipt {
            let again = settings.receiptAgain == .tesseract ? engine as any TextRecognizer : ppocr
            reading.receipt = ReceiptRereading(engine: again, parser: parser, segmentation: settings.segmentation(for: .receipt),
                                               maxReadings: settings.receiptReadings, targetTextHeight: settings.receiptTextHeight,
                                               recognize: { raster, ppi, segmentation in
                                                   try self.cachedRecognize(raster, ppi, segmentation, with: again, job: job, image: image)
                                               },
                                               otherReader: settings.receiptNameByBothReaders ? { raster, ppi, segmentation in
                                                   try self.cachedRecognize(raster, ppi, segmentation, with: self.engine, job: job, image: image)
                                               } : nil,
                                               nameSpaces: settings.receiptNameSpaces).read(reading.flat, firstReading: page)
        }
    }

    /// One reading through the recognition cache when there is one.
    func cachedRecognize(_ raster: Raster, _ ppi: Int?, _ segmentation: PageSegmentation, with engine: any TextRecognizer,
                         job: String, image: String) throws(RecognitionError) -> RecognizedPage {
        let key = cache?.key(raster, ppi: ppi, segmentation: segmentation, recognizer: engine)
        if let cache, let key, let cached = cache.load(job: job, image: image, key: key) { return cached }
        let page = try engine.recognize(raster, ppi: ppi, segmentation: segmentation)
        if let cache, let key { cache.store(page, job: job, image: image, key: key) }
        return page
    }
}
