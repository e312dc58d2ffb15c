import Documents
import Flattening
import Read
import Recognition
import Reporting

/// A page's record as the stages fill it in, with the time each stage took: what pages.json says
/// of the page, whether it was read or failed.
struct PageTrace {
    private(set) var record: PageRecord
    private var timings = StageTimings()
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant

    init(_ task: PageTask) {
        record = PageRecord(image: task.fileName, job: task.job)
        record.page = task.source.page
        started = clock.now
    }

    /// Runs a stage and adds its wall-clock time to `stage`.
    mutating func time<T, Failure: Error>(_ stage: Stage, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        let start = clock.now
        defer { timings[stage] += Self.milliseconds(start.duration(to: clock.now)) }
        return try body()
    }

    mutating func failed(_ stage: Stage, kind: String, message: String) {
        record.error = PageError(stage: stage, kind: kind, message: message)
    }

    mutating func loaded(_ page: LoadedPage) {
        record.width = page.width
        record.height = page.height
        record.format = page.format
        record.photo = page.photo
        if case .photo(let photo) = page.content { record.taken = photo.image.exif?.taken }
        record.warnings = page.warnings
        record.read = page.pdf?.read ?? .ocr
        record.textLayer = page.pdf?.textLayer
        record.textLayerDetail = page.pdf?.textLayerDetail
    }

    mutating func flattened(_ flat: FlattenedPage) {
        record.flatten = flat.report
        record.warnings += flat.warnings.map { "\(record.image): \($0)" }
    }

    /// What reading recorded, and the pictures of the page as read. The detector's time counts as
    /// flattening, as it did when it ran before the reading.
    mutating func read(_ reading: PageReader.Reading, pictures: PagePictures) {
        if record.flatten == nil { record.flatten = reading.flat.report }
        record.flatten?.steps.overlay(reading.steps)
        if reading.byOCR {
            // PP-OCR has no segmentation modes: only a page Tesseract read records its mode.
            if reading.engine?.engine != .ppocr { record.segmentation = reading.segmentation.rawValue }
            record.engine = reading.engine?.engine.rawValue
            record.engineReason = reading.engine?.reason
        }
        if let detector = reading.detectorTime {
            let ms = Self.milliseconds(detector)
            timings.flatten += ms
            timings.ocr -= ms
        }
        record.flattenedWidth = reading.width
        record.flattenedHeight = reading.height
        record.ppi = reading.flat.ppi
        // A text-layer page has no flattened picture, only the small one drawn for the review page.
        if reading.byOCR || pictures.previews != nil && reading.flat.raster.width > 1 {
            let start = clock.now
            let written = pictures.write(reading.flat.raster, job: record.job, image: record.image, page: record.page,
                                         saving: reading.byOCR)
            record.preview = written.preview
            record.warnings += written.warnings
            if pictures.previews != nil { timings.preview = Self.milliseconds(start.duration(to: clock.now)) }
        }
        guard let failure = reading.failure else {
            record.kind = reading.kind
            record.warnings += reading.warnings
            record.meanConfidence = reading.page?.meanConfidence.map { ($0 * 10).rounded() / 10 }
            record.languages = reading.languages?.languages
            record.languagesReason = reading.languages?.reason
            return
        }
        failed(.ocr, kind: failure.kind.rawValue, message: "\(record.image): \(failure.message)")
    }

    mutating func parsed(_ parsed: ParsedPage) {
        record.warnings += parsed.warnings
        record.lineCount = parsed.lines.count
    }

    /// The page's result: its record with the stage times, and what it contributes to the reports.
    mutating func result(text: String? = nil, matched: MatchedPage = MatchedPage(), receipt: ReceiptRecord? = nil) -> PageResult {
        record.entryCount = matched.entries.count
        timings.total = Self.milliseconds(started.duration(to: clock.now))
        record.timingsMS = timings
        var receipt = receipt
        receipt?.page = record.page
        var matched = matched
        for i in matched.entries.indices { matched.entries[i].page = record.page }
        for i in matched.items.indices { matched.items[i].page = record.page }
        return PageResult(record: record, text: text, entries: matched.entries, receipt: receipt, items: matched.items)
    }

    /// Milliseconds to two decimals, as pages.json has always shown stage times.
    static func milliseconds(_ duration: Duration) -> Double { (duration.milliseconds * 100).rounded() / 100 }
}
