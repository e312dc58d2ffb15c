import Entries
import Foundation
import Flattening
import Imaging
import Recognition

/// Reads a receipt page, looking twice when once is not enough. Tesseract reads best when letters
/// are a few dozen pixels tall; scans and photos of receipts come at every size (SROIE's text is
/// 13 to 74 pixels high). When the first reading's amounts do not add up, or no total, date or
/// merchant was read, or the merchant only unsurely, the page is read again scaled so its text has the height Tesseract prefers,
/// and the two readings are merged: the consistency checks pick the total among both readings'
/// candidates (`ReceiptParser.merge`). Text far from that size is recorded as a reason but is not
/// one on its own: a reading that found everything and adds up is not read again.
struct ReceiptReader {
    let engine: TesseractEngine
    let parser: ReceiptParser
    let segmentation: PageSegmentation
    /// Most OCR readings per receipt (1: never read twice).
    let maxReadings: Int
    /// Median word height, in pixels, the second reading scales the page to.
    let targetTextHeight: Double
    /// Read the header band alone as well, for the merchant's name.
    var readHeader = true

    /// Text heights (median word height in pixels) outside this band are rescaled even when the
    /// first reading adds up: the band where the SROIE scans read best.
    static func isComfortable(_ height: Double, target: Double) -> Bool {
        height >= 0.75 * target && height <= 1.35 * target
    }

    struct Result {
        var receipt: Receipt
        /// The reading the amounts came from (its lines are the ones items refer to).
        var page: RecognizedPage
        /// Median word height of the first reading, pixels; nil when too few words were read.
        var textHeight: Double?
        /// Why a second reading was made, when it was.
        var reason: String?
        /// The merchant's name came from the header band read alone.
        var merchantFromHeader = false
        /// What the page reading had as the merchant, when the header band's replaced it.
        var pageMerchant: String?
        var pageMerchantConfidence: Double?
        /// The merchant as read before its spelling was corrected by the rest of the page.
        var merchantAsPrintedInName: String?
    }

    func read(_ flat: FlattenedPage, firstReading page: RecognizedPage) -> Result {
        var first = parser.parse(page)
        first.scale = 1
        let height = Self.textHeight(of: page)
        let reasons = ReadAgainReason.reasons(for: first, textSize: height.map { ($0, targetTextHeight) })
        guard maxReadings > 1, reasons.contains(where: \.callsForAnotherReading) else {
            return Self.withCorroboratedMerchant(withHeaderReading(Result(receipt: first, page: page, textHeight: height),
                                                                   flat: flat, readings: [page]))
        }

        var readings: [(receipt: Receipt, page: RecognizedPage, factor: Double)] = [(first, page, 1)]
        var merged = first
        for factor in Self.scaleFactors(height: height, target: targetTextHeight).prefix(maxReadings - 1) {
            let scaled = flat.raster.scaled(by: factor)
            // A declared resolution scales with the page; below 70 Tesseract would ignore it with a warning.
            let ppi = flat.ppi.map { Int((Double($0) * factor).rounded()) }.flatMap { $0 >= 70 ? $0 : nil }
            guard let reading = try? engine.recognize(scaled, ppi: ppi, segmentation: segmentation) else { break }
            let mapped = Self.rescaled(reading, by: 1 / factor, width: page.width, height: page.height)
            var receipt = parser.parse(mapped)
            receipt.scale = (factor * 100).rounded() / 100
            readings.append((receipt, mapped, factor))
            // The reading whose text is nearest the preferred size comes first, so it wins ties.
            let ordered = readings.sorted {
                Self.distance(height, $0.factor, targetTextHeight) < Self.distance(height, $1.factor, targetTextHeight)
            }
            merged = ReceiptParser.merge(ordered.map(\.receipt))
            if !Self.needsAnotherReading(merged) { break }
        }
        let usedPage = readings.first { $0.receipt.scale == merged.scale }?.page ?? page
        return Self.withCorroboratedMerchant(withHeaderReading(
            Result(receipt: merged, page: usedPage, textHeight: height, reason: reasons.map(\.description).joined(separator: ", ")),
            flat: flat, readings: readings.map(\.page)))
    }

    /// The merchant's words checked against the same words printed elsewhere on the page the
    /// amounts came from (`MerchantSpelling`): a logo face misread the same way every time is
    /// corrected by the body type. One reading only, so a word read twice does not count twice.
    static func withCorroboratedMerchant(_ result: Result) -> Result {
        guard let merchant = result.receipt.merchant else { return result }
        let respelled = MerchantSpelling.corroborated(merchant, by: result.page.lines.map(\.text))
        guard respelled != merchant else { return result }
        var out = result
        out.receipt.merchant = respelled
        out.merchantAsPrintedInName = merchant
        return out
    }

    /// Reads the header band (top of the page down to the merchant and address lines, or the top
    /// third when neither was read) on its own and keeps its merchant when it is the better one
    /// (`ReceiptParser.mergeMerchant`).
    func withHeaderReading(_ result: Result, flat: FlattenedPage, readings: [RecognizedPage]) -> Result {
        guard readHeader else { return result }
        guard !Self.merchantIsSettled(result.receipt) else { return result }
        let raster = flat.raster
        let margin = Int((result.textHeight ?? 20).rounded())
        let bottom = readings.lazy.compactMap { parser.headerBottom(of: $0) }.first.map { $0 + margin } ?? raster.height / 3
        let band = min(raster.height, bottom)
        guard band >= 16, band <= raster.height * 3 / 4,
              let reading = try? engine.recognize(raster.cropped(to: PixelRect(x: 0, y: 0, width: raster.width, height: band)),
                                                  ppi: flat.ppi, segmentation: segmentation) else { return result }
        var out = result
        let header = parser.parse(reading)
        out.receipt = ReceiptParser.mergeMerchant(result.receipt, header: header)
        out.merchantFromHeader = out.receipt.merchant != result.receipt.merchant
        if out.merchantFromHeader {
            out.pageMerchant = result.receipt.merchant
            out.pageMerchantConfidence = result.receipt.confidence.merchant
        }
        return out
    }

    /// Below this OCR confidence the merchant's letters are guesses ("BHPetro)" for "BHPetrol" at 53):
    /// the merge keeps the surer reading's merchant.
    static let unsureMerchant = 60.0

    /// A merchant read surely (confidence 85 or more) with its legal form ("… SDN BHD") is not
    /// looked for again in the header band: the band's reading could only replace it with another
    /// legal-form name read more surely, and on the SROIE scans skipping it for these changed no
    /// merchant (docs/benchmarks/receipts.md), while the band costs about a quarter of a reading.
    static func merchantIsSettled(_ receipt: Receipt) -> Bool {
        guard let merchant = receipt.merchant, let confidence = receipt.confidence.merchant else { return false }
        return confidence >= 85 && ReceiptParser.hasLegalForm(merchant)
    }

    /// Whether a reading leaves something besides its text size to read again for.
    static func needsAnotherReading(_ receipt: Receipt) -> Bool {
        ReadAgainReason.reasons(for: receipt).contains(where: \.callsForAnotherReading)
    }

    /// How far a reading at `factor` is from the preferred text size (0: at it).
    static func distance(_ height: Double?, _ factor: Double, _ target: Double) -> Double {
        guard let height, height > 0 else { return factor == 1 ? 0 : 1 }
        return abs(log(height * factor / target))
    }

    /// The scales of the further readings, in order: first the one that brings the text to the
    /// target height (or 1.5× when it is already close: enlarged text reads better than reduced
    /// text on the SROIE scans), then half as large again.
    static func scaleFactors(height: Double?, target: Double) -> [Double] {
        var factor = 1.5
        if let height, height > 0 {
            factor = target / height
            if abs(factor - 1) < 0.2 { factor = 1.5 }
        }
        factor = min(max(factor, 0.2), 3)
        return [factor, min(factor * 1.5, 3)]
    }

    /// Median height of the words Tesseract was sure of (three or more letters or digits, confidence
    /// 60 or more); nil when fewer than five such words were read.
    static func textHeight(of page: RecognizedPage) -> Double? {
        let heights = page.lines.flatMap(\.words)
            .filter { $0.confidence >= 60 && $0.text.filter { $0.isLetter || $0.isNumber }.count >= 3 }
            .map { Double($0.box.height) }
            .sorted()
        guard heights.count >= 5 else { return nil }
        return heights[heights.count / 2]
    }

    /// A page read from a scaled image, with its boxes brought back to the original's pixels.
    static func rescaled(_ page: RecognizedPage, by factor: Double, width: Int, height: Int) -> RecognizedPage {
        func scale(_ r: PixelRect) -> PixelRect {
            PixelRect(x: Int((Double(r.x) * factor).rounded()), y: Int((Double(r.y) * factor).rounded()),
                      width: Int((Double(r.width) * factor).rounded()), height: Int((Double(r.height) * factor).rounded()))
        }
        let lines = page.lines.map { line in
            RecognizedLine(text: line.text, box: scale(line.box), confidence: line.confidence,
                           words: line.words.map { RecognizedWord(text: $0.text, box: scale($0.box), confidence: $0.confidence) },
                           block: line.block, paragraph: line.paragraph)
        }
        return RecognizedPage(width: width, height: height, lines: lines)
    }
}
