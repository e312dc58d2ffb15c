import Catalogue
import Documents
import Entries
import Flattening
import Imaging
import Read
import Recognition
import Reporting

/// One page through every stage, as a list: load → flatten → read → parse → match → record. Each
/// stage is a value with explicit inputs and outputs (Stages/); this type only strings them
/// together and records what each did. Owned by one worker with its Tesseract engine.
public final class PagePipeline {
    let settings: RunSettings
    let loader: PageLoader
    let flattening: FlattenStage
    let reader: PageReader
    let parsing: ParseStage
    let matching: MatchStage
    let pictures: PagePictures

    /// `ppocr`: the worker's PP-OCR engine, when it has one (`RunSettings.makePPOCR`).
    public init(engine: TesseractEngine, ppocr: PPOCREngine? = nil, matcher: Matcher, settings: RunSettings) {
        self.settings = settings
        // The flatteners read gray unless told to keep the darkest channel.
        loader = PageLoader(limits: settings.limits, grayscale: !settings.rectifier.darkestChannel, pdfText: settings.pdfText,
                            maxPages: settings.maxPages, previews: settings.pagePreviews != nil)
        flattening = FlattenStage(settings: settings)
        reader = PageReader(engine: engine, ppocr: ppocr, settings: settings.read)
        let fields = FieldParser(abbreviations: settings.abbreviations, runYear: settings.runYear)
        parsing = ParseStage(fields: fields, vocabulary: settings.vocabulary)
        matching = MatchStage(matcher: matcher, insights: settings.insights)
        pictures = PagePictures(folder: settings.saveFlattened, previews: settings.pagePreviews)
    }

    public func process(_ task: PageTask) -> PageResult {
        var trace = PageTrace(task)
        if let problem = task.source.problem {
            trace.failed(.load, kind: problem.kind, message: "\(task.fileName): \(problem.message)")
            return trace.result()
        }
        let loaded: LoadedPage
        do { loaded = try trace.time(.load) { () throws(LoadFailure) in try loader.load(task.source) } } catch {
            trace.failed(.load, kind: error.kind, message: error.message)
            return trace.result()
        }
        trace.loaded(loaded)
        // The job folder's own date order (decant-job.json) overrides the run's.
        let receipts = ReceiptParser(fields: parsing.fields, dateOrder: task.jobSettings?.dateOrder ?? settings.dateOrder)
        let reading: PageReader.Reading
        switch loaded.content {
        case .photo(let photo):
            // The kind and engine the page is planned for, from what is known before flattening: the
            // flattening prepares the page for the engine that will read it.
            let expected = settings.read.prior(width: photo.image.raster.width, height: photo.image.raster.height, job: task.job)
            let planned = EngineChoice.choose(settings.engine, capture: PageCapture(before: photo, renderedPDF: loaded.pdf != nil),
                                              kind: expected, ppocrInstalled: reader.ppocr != nil, rule: settings.engineRule)
            let flat = trace.time(.flatten) { flatten(photo, expectsReceipt: expected == .receipt, engine: planned.engine) }
            trace.flattened(flat)
            let prior = settings.read.prior(width: flat.raster.width, height: flat.raster.height, job: task.job)
            let capture = PageCapture(flat, renderedPDF: loaded.pdf != nil)
            let expectsReceipt = expected == .receipt
            reading = trace.time(.ocr) { reader.read(flat, prior: prior, capture: capture, job: task.job, image: task.source.name,
                                                        languages: task.jobSettings?.languages, receipts: receipts,
                                                        flattenForPPOCR: { self.flatten(photo, expectsReceipt: expectsReceipt, engine: .ppocr) }) }
        case .text(let text):
            let prior = settings.read.prior(width: text.width, height: text.height, job: task.job)
            reading = trace.time(.ocr) { reader.read(text, prior: prior, receipts: receipts) }
        }
        trace.read(reading, pictures: pictures)
        guard let page = reading.page, reading.failure == nil else { return trace.result() }
        let parsed = trace.time(.entries) { parsing.parse(page, receipt: reading.receipt) }
        trace.parsed(parsed)
        let matched = trace.time(.match) { matching.match(parsed, job: task.job, image: task.fileName) }
        let receipt = parsed.receipt.map {
            var row = ReceiptRecord(job: task.job, image: task.fileName, receipt: $0)
            row.merchantAsRead = parsed.merchantAsRead
            return row
        }
        return trace.result(text: parsed.lines.map(\.text).joined(separator: "\n"), matched: matched, receipt: receipt)
    }

    /// The flatten stage, with the flattener for the kind the photo looks like before any reading and
    /// the engine planned for it.
    func flatten(_ photo: PagePhoto, expectsReceipt: Bool, engine: RecognitionEngine) -> FlattenedPage {
        flattening.flatten(photo, expectsReceipt: expectsReceipt, engine: engine, orientation: reader.orientation,
                           orientationProblem: reader.orientationProblem)
    }
}
