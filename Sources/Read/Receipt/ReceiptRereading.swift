import Entries
import Flattening
import Foundation
import Imaging
import Recognition
import RecognizedText

/// Reads a receipt page, looking twice when once is not enough. Tesseract reads best when letters
/// are a few dozen pixels tall; scans and photos of receipts come at every size (SROIE's text is
/// 13 to 74 pixels high). When the first reading's amounts do not add up, or no total, date or
/// merchant was read, or the merchant only unsurely, the page is read again scaled so its text has the height Tesseract prefers,
/// and the two readings are merged: the consistency checks pick the total among both readings'
/// candidates (the parser's `merge`). Text far from that size is recorded as a reason but is
/// not one on its own: a reading that found everything and adds up is not read again.
public struct ReceiptRereading {
    let engine: any TextRecognizer
    let parser: ReceiptParser
    let segmentation: PageSegmentation
    /// Most OCR readings per receipt (1: never read twice).
    let maxReadings: Int
    /// Median word height, in pixels, the second reading scales the page to.
    let targetTextHeight: Double
    /// Read the header band alone as well, for the merchant's name.
    var readHeader = true
    /// Read the date's line alone as well (`withDateReading`).
    var readDate = true
    /// How a scaled page or the header band is read: the engine, or the recognition cache in front
    /// of it when a corpus is re-measured.
    let recognize: (Raster, Int?, PageSegmentation) throws -> RecognizedPage
    /// The other reader: the header band (the merchant's name is made of both readings,
    /// `MerchantReadings`), a date line the page read no date from, and the total's lines of a bill
    /// that does not add up. Nil: one reader only.
    var otherReader: ((Raster, Int?, PageSegmentation) throws -> RecognizedPage)?
    /// Whose spaces a name both readers spelled alike takes.
    var nameSpaces: MerchantReadings.SpaceSource = .other

    public init(engine: any TextRecognizer, parser: ReceiptParser, segmentation: PageSegmentation, maxReadings: Int,
                targetTextHeight: Double, readHeader: Bool = true, readDate: Bool = true,
                recognize: ((Raster, Int?, PageSegmentation) throws -> RecognizedPage)? = nil,
                otherReader: ((Raster, Int?, PageSegmentation) throws -> RecognizedPage)? = nil,
                nameSpaces: MerchantReadings.SpaceSource = .other) {
        self.otherReader = otherReader
        self.nameSpaces = nameSpaces
        self.recognize = recognize ?? { raster, ppi, segmentation in try engine.recognize(raster, ppi: ppi, segmentation: segmentation) }
        self.engine = engine
        self.parser = parser
        self.segmentation = segmentation
        self.maxReadings = maxReadings
        self.targetTextHeight = targetTextHeight
        self.readHeader = readHeader
        self.readDate = readDate
    }

    public struct Result {
        public var receipt: Receipt
        /// The reading the amounts came from (its lines are the ones items refer to).
        public var page: RecognizedPage
        /// Median word height of the first reading, pixels; nil when too few words were read.
        public var textHeight: Double?
        /// Why a second reading was made, when it was.
        public var reason: String?
        /// The merchant's name came from the header band read alone.
        public var merchantFromHeader = false
        /// What the page reading had as the merchant, when the header band's replaced it.
        public var pageMerchant: String?
        public var pageMerchantConfidence: Double?
        /// The merchant as read before its spelling was corrected by the rest of the page.
        public var merchantAsPrintedInName: String?
        /// The header band as the first reader read it alone, when it was.
        public var headerPage: RecognizedPage?
        /// The merchant as the other reader read the header band, when it was read.
        public var otherReaderMerchant: String?
        /// The merchant before the other reader's reading was combined with it, when that changed it.
        public var merchantBeforeOtherReader: String?
        /// Readings of the total's lines alone (0: none made), and whether one gave the total.
        public var totalLineReadings = 0
        public var totalFromLineReading = false
        /// Readings of the date's line alone that were voted on (0: none made).
        public var dateLineReadings = 0

        public init(receipt: Receipt, page: RecognizedPage, textHeight: Double? = nil, reason: String? = nil) {
            self.receipt = receipt
            self.page = page
            self.textHeight = textHeight
            self.reason = reason
        }
    }

    public func read(_ flat: FlattenedPage, firstReading page: RecognizedPage) -> Result {
        let first = parser.parse(page, scale: 1)
        let height = ReceiptScale.textHeight(of: page)
        let reasons = reasons(for: first, textSize: height)
        guard maxReadings > 1, reasons.contains(where: \.callsForAnotherReading) else {
            let result = withHeaderReading(Result(receipt: first, page: page, textHeight: height), flat: flat, readings: [page])
            return withTotalReading(withDateReading(withCorroboratedMerchant(withOtherReader(result, flat: flat, readings: [page])), flat: flat),
                                    flat: flat)
        }

        var readings: [(receipt: Receipt, page: RecognizedPage, factor: Double)] = [(first, page, 1)]
        var merged = first
        for factor in ReceiptScale.scaleFactors(height: height, target: targetTextHeight).prefix(maxReadings - 1) {
            let scaled = flat.raster.scaled(by: factor)
            // A declared resolution scales with the page; below 70 Tesseract would ignore it with a warning.
            let ppi = flat.ppi.map { Int((Double($0) * factor).rounded()) }.flatMap { $0 >= 70 ? $0 : nil }
            guard let reading = try? recognize(scaled, ppi, segmentation) else { break }
            let mapped = ReceiptScale.rescaled(reading, by: 1 / factor, width: page.width, height: page.height)
            let receipt = parser.parse(mapped, scale: (factor * 100).rounded() / 100)
            readings.append((receipt, mapped, factor))
            // The reading whose text is nearest the preferred size comes first, so it wins ties.
            let ordered = readings.sorted {
                ReceiptScale.distance(height, $0.factor, targetTextHeight) < ReceiptScale.distance(height, $1.factor, targetTextHeight)
            }
            merged = parser.merge(ordered.map(\.receipt))
            if !parser.gaps(in: merged).contains(where: \.callsForAnotherReading) { break }
        }
        let usedPage = readings.first { parser.scale(of: $0.receipt) == parser.scale(of: merged) }?.page ?? page
        let result = withHeaderReading(
            Result(receipt: merged, page: usedPage, textHeight: height, reason: reasons.map(\.description).joined(separator: ", ")),
            flat: flat, readings: readings.map(\.page))
        return withTotalReading(withDateReading(withCorroboratedMerchant(withOtherReader(result, flat: flat, readings: readings.map(\.page))),
                                                flat: flat), flat: flat)
    }

    /// The reasons a reading gives, in the order pages.json lists them: its text size first when
    /// that is far from the preferred one, then what the parser found missing.
    func reasons(for receipt: Receipt, textSize height: Double?) -> [ReadAgainReason] {
        var reasons: [ReadAgainReason] = []
        if let height, !ReceiptScale.isComfortable(height, target: targetTextHeight) {
            reasons.append(.textSize(Int(height.rounded())))
        }
        return reasons + parser.gaps(in: receipt)
    }

    /// The merchant's words checked against the same words printed elsewhere on the page the
    /// amounts came from: a logo face misread the same way every time is corrected by the body
    /// type. One reading only, so a word read twice does not count twice.
    func withCorroboratedMerchant(_ result: Result) -> Result {
        guard let merchant = parser.merchant(of: result.receipt).name,
              let respelled = parser.corroboratingMerchant(result.receipt, lines: result.page.lines.map(\.text)) else { return result }
        var out = result
        out.receipt = respelled
        out.merchantAsPrintedInName = merchant
        return out
    }

    /// Reads the header band (top of the page down to the merchant and address lines, or the top
    /// third when neither was read) on its own and keeps its merchant when it is the better one
    /// (the parser's `mergeMerchant`).
    func withHeaderReading(_ result: Result, flat: FlattenedPage, readings: [RecognizedPage]) -> Result {
        guard readHeader else { return result }
        guard !parser.merchantIsSettled(result.receipt) else { return result }
        guard let band = headerBand(result, flat: flat, readings: readings),
              let reading = try? recognize(band, flat.ppi, segmentation) else { return result }
        var out = result
        let header = parser.parse(reading, scale: 1)
        out.receipt = parser.mergeMerchant(result.receipt, header: header)
        out.headerPage = reading
        let before = parser.merchant(of: result.receipt)
        // Two readings of one name by the same reader: the kept one mended where the page says the
        // other is right ("buardian" in the band, "Guardian" on the page and in its footer).
        if let page = before.name, let band = header.merchant, page != band, let kept = out.receipt.merchant {
            let pages = readings + [result.page, reading]
            let evidence = MerchantReadings.PageEvidence(lines: result.page.lines.map(\.text), excludingName: kept)
            let dropped = kept == page ? band : page
            if let mended = MerchantReadings.combine(MerchantReadings.Reading(words: words(of: kept), surety: surety(of: kept, on: pages)),
                                                     MerchantReadings.Reading(words: words(of: dropped), surety: surety(of: dropped, on: pages)),
                                                     page: evidence, spaces: .first) {
                out.receipt.merchant = mended
            }
        }
        out.merchantFromHeader = parser.merchant(of: out.receipt).name != before.name
        if out.merchantFromHeader {
            out.pageMerchant = before.name
            out.pageMerchantConfidence = before.confidence
        }
        return out
    }

    /// The top of the page down to the merchant and address lines (or its top third when neither
    /// was read); nil when that band is too thin or most of the page.
    func headerBand(_ result: Result, flat: FlattenedPage, readings: [RecognizedPage]) -> Raster? {
        let raster = flat.raster
        let margin = Int((result.textHeight ?? 20).rounded())
        let bottom = readings.lazy.compactMap { parser.headerBottom(of: $0) }.first.map { $0 + margin } ?? raster.height / 3
        let band = min(raster.height, bottom)
        guard band >= 16, band <= raster.height * 3 / 4 else { return nil }
        return raster.cropped(to: PixelRect(x: 0, y: 0, width: raster.width, height: band))
    }

    /// The header band read by the other reader, and the merchant made of both readers' names
    /// (`MerchantReadings`): the other's name alone when the first found none.
    func withOtherReader(_ result: Result, flat: FlattenedPage, readings: [RecognizedPage]) -> Result {
        guard readHeader, let otherReader, let band = headerBand(result, flat: flat, readings: readings),
              let reading = try? otherReader(band, flat.ppi, segmentation) else { return result }
        let header = parser.parse(reading, scale: 1)
        var out = result
        out.otherReaderMerchant = header.merchant
        guard let theirs = header.merchant else { return out }
        guard let ours = result.receipt.merchant else {
            out.receipt = parser.mergeMerchant(result.receipt, header: header)
            if out.receipt.merchant != nil { out.merchantBeforeOtherReader = "" }
            return out
        }
        let evidence = MerchantReadings.PageEvidence(lines: result.page.lines.map(\.text), excludingName: ours)
        let first = MerchantReadings.Reading(words: words(of: ours),
                                             surety: surety(of: ours, on: readings + [result.page] + (result.headerPage.map { [$0] } ?? [])))
        let other = MerchantReadings.Reading(words: words(of: theirs), surety: surety(of: theirs, on: [reading]))
        guard let combined = MerchantReadings.combine(first, other, page: evidence, spaces: nameSpaces), combined != ours else { return out }
        out.receipt.merchant = combined
        out.merchantBeforeOtherReader = ours
        return out
    }

    func words(of name: String) -> [String] { name.split(whereSeparator: \.isWhitespace).map(String.init) }

    /// How sure a reader was of each word of a name, as the share of its own words on `pages` it
    /// was less sure of: the two readers' confidences are on scales of their own.
    func surety(of name: String, on pages: [RecognizedPage]) -> [Double] {
        let all = pages.flatMap { $0.lines.flatMap(\.words) }.filter { $0.text.filter { $0.isLetter || $0.isNumber }.count >= 2 }
        guard !all.isEmpty else { return [] }
        let sorted = all.map(\.confidence).sorted()
        func share(_ confidence: Double) -> Double {
            Double(sorted.prefix { $0 < confidence }.count) / Double(sorted.count)
        }
        let median = sorted[sorted.count / 2]
        return words(of: name).map { token in
            let core = token.uppercased().filter { $0.isLetter || $0.isNumber }
            let matches = all.filter { $0.text.uppercased().filter { $0.isLetter || $0.isNumber } == core }
            return share(matches.map(\.confidence).max() ?? median)
        }
    }
}

/// Text sizes and scales of a receipt's readings: Tesseract reads best when letters are a few dozen
/// pixels tall, so a second reading is made at the scale that brings the text there.
public enum ReceiptScale {
    /// Text heights (median word height in pixels) outside this band are rescaled even when the
    /// first reading adds up: the band where the SROIE scans read best.
    public static func isComfortable(_ height: Double, target: Double) -> Bool {
        height >= 0.75 * target && height <= 1.35 * target
    }

    /// How far a reading at `factor` is from the preferred text size (0: at it).
    public static func distance(_ height: Double?, _ factor: Double, _ target: Double) -> Double {
        guard let height, height > 0 else { return factor == 1 ? 0 : 1 }
        return abs(log(height * factor / target))
    }

    /// The scales of the further readings, in order: first the one that brings the text to the
    /// target height (or 1.5× when it is already close: enlarged text reads better than reduced
    /// text on the SROIE scans), then half as large again.
    public static func scaleFactors(height: Double?, target: Double) -> [Double] {
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
    public static func textHeight(of page: RecognizedPage) -> Double? {
        let heights = page.lines.flatMap(\.words)
            .filter { $0.confidence >= 60 && $0.text.filter { $0.isLetter || $0.isNumber }.count >= 3 }
            .map { Double($0.box.height) }
            .sorted()
        guard heights.count >= 5 else { return nil }
        return heights[heights.count / 2]
    }

    /// A page read from a scaled image, with its boxes brought back to the original's pixels.
    public static func rescaled(_ page: RecognizedPage, by factor: Double, width: Int, height: Int) -> RecognizedPage {
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
