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
        let orientation = PageOrientation(engine: engine, dataPath: settings.read.ocr.dataPath)
        flattening = FlattenStage(settings: settings.flatten, override: settings.aids.flattenOverride, orientation: orientation)
        loader = PageLoader(settings: settings.load, grayscale: flattening.readsGray, previews: settings.outputs.pagePreviews != nil)
        reader = PageReader(engine: engine, ppocr: ppocr, settings: settings.read, orientation: orientation,
                            cacheFolder: settings.aids.ocrCache)
        let fields = FieldParser(abbreviations: settings.entries.abbreviations, runYear: settings.entries.runYear)
        parsing = ParseStage(fields: fields, vocabulary: settings.entries.vocabulary)
        matching = MatchStage(matcher: matcher, insights: settings.insights)
        pictures = PagePictures(folder: settings.outputs.saveFlattened, previews: settings.outputs.pagePreviews)
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
        let receipts = ReceiptParser(fields: parsing.fields, dateOrder: task.jobSettings?.dateOrder ?? settings.entries.dateOrder)
        let reading: PageReader.Reading
        var illegible = false
        switch loaded.content {
        case .photo(let photo):
            // The page's plan from what is known before flattening, so the flattening prepares the
            // page for the kind and engine it will be read as; settled once by the flat page.
            let plan = reader.plan(width: photo.image.raster.width, height: photo.image.raster.height,
                                   capture: PageCapture(before: photo, renderedPDF: loaded.pdf != nil), job: task.job,
                                   languages: task.jobSettings?.languages)
            let flat = trace.time(.flatten) { flattening.flatten(photo, kind: plan.kind, engine: plan.recognizer) }
            trace.flattened(flat)
            illegible = flat.isIllegible
            reading = trace.time(.ocr) { reader.read(flat, plan: reader.settle(plan, by: flat), image: task.source.name,
                                                        receipts: receipts,
                                                        flattenForPPOCR: { self.flattening.flatten(photo, kind: plan.kind, engine: .ppocr) }) }
        case .text(let text):
            let plan = PagePlan.textLayer(width: text.width, height: text.height, job: task.job, settings: settings.read)
            reading = trace.time(.ocr) { reader.read(text, plan: plan, receipts: receipts) }
        }
        trace.read(reading, pictures: pictures)
        guard let page = reading.page, reading.failure == nil else { return trace.result() }
        let parsed = trace.time(.entries) { parsing.parse(page, receipt: reading.receipt, illegible: illegible) }
        trace.parsed(parsed)
        let matched = trace.time(.match) { matching.match(parsed, job: task.job, image: task.fileName) }
        let receipt = parsed.receipt.map {
            var row = ReceiptRecord(job: task.job, image: task.fileName, receipt: $0)
            row.merchantAsRead = parsed.merchantAsRead
            return row
        }
        return trace.result(text: parsed.lines.map(\.text).joined(separator: "\n"), matched: matched, receipt: receipt)
    }
}
