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

    public init(engine: TesseractEngine, matcher: Matcher, settings: RunSettings) {
        self.settings = settings
        // The flatteners read gray unless told to keep the darkest channel.
        loader = PageLoader(limits: settings.limits, grayscale: !settings.rectifier.darkestChannel)
        flattening = FlattenStage(settings: settings)
        reader = PageReader(engine: engine, settings: settings.read)
        let fields = FieldParser(abbreviations: settings.abbreviations, runYear: settings.runYear)
        parsing = ParseStage(fields: fields, vocabulary: settings.vocabulary)
        matching = MatchStage(matcher: matcher, fields: fields, insights: settings.insights)
        pictures = PagePictures(folder: settings.saveFlattened, previews: settings.pagePreviews)
    }

    public func process(_ task: PageTask) -> PageResult {
        var trace = PageTrace(task)
        let name = task.fileName
        if let problem = task.source.problem {
            trace.failed("load", kind: problem.kind.rawValue, message: "\(name): \(problem.message)")
            return trace.result()
        }
        let photo: PagePhoto
        do { photo = try trace.time(\.load) { () throws(ImagingError) in try loader.load(task.source) } } catch {
            trace.failed("load", kind: error.kind.rawValue, message: error.description)
            return trace.result()
        }
        trace.loaded(photo)
        let read = settings.read
        let expectsReceipt = read.prior(width: photo.image.raster.width, height: photo.image.raster.height, job: task.job) == .receipt
        let flat = trace.time(\.flatten) {
            flattening.flatten(photo, expectsReceipt: expectsReceipt, orientation: reader.orientation,
                               orientationProblem: reader.orientationProblem)
        }
        trace.flattened(flat)
        // The job folder's own date order (decant-job.json) overrides the run's.
        let receipts = ReceiptParser(fields: parsing.fields, dateOrder: task.jobSettings?.dateOrder ?? settings.dateOrder)
        let prior = read.prior(width: flat.raster.width, height: flat.raster.height, job: task.job)
        let reading = trace.time(\.ocr) { reader.read(flat, prior: prior, job: task.job, image: name, receipts: receipts) }
        trace.read(reading, pictures: pictures)
        guard let page = reading.page, reading.failure == nil else { return trace.result() }
        let parsed = trace.time(\.entries) { parsing.parse(page, receipt: reading.receipt) }
        trace.parsed(parsed)
        let matched = trace.time(\.match) { matching.match(parsed, job: task.job, image: name) }
        let receipt = parsed.receipt.map {
            var row = ReceiptRecord(job: task.job, image: name, receipt: $0)
            row.merchantAsRead = parsed.merchantAsRead
            return row
        }
        return trace.result(text: parsed.lines.map(\.text).joined(separator: "\n"), matched: matched, receipt: receipt)
    }
}
