import Documents
import Flattening
import Recognition

/// What a page is taken for before any reading, and how it is to be read: its kind, how it was
/// captured, the engine, the segmentation and a job's own languages. Made here only, handed to
/// Flatten (which prepares the page for that kind and engine) and to Read (which reads by it and
/// departs from it only on the evidence of a reading: the words' kind, a second engine).
///
/// A photo's plan is made before flattening from what the file shows (`before`), then settled once
/// by what flattening found (`settled(by:)`): the flat page's own shape (a receipt cropped out of a
/// 4:3 photo is tall) and whether the rectifier found a flat scan.
public struct PagePlan: Sendable, Equatable {
    /// The kind the page is taken for before its words are read.
    public var kind: DocumentKind
    public var capture: PageCapture
    /// The recognizer, and why; nil for a page read from a PDF's text layer.
    public var engine: EngineChoice?
    /// The segmentation its first reading uses.
    public var segmentation: PageSegmentation
    /// A job's own OCR languages (decant-job.json), which win over the run's and skip `--lang auto`.
    public var languages: String?
    /// The job the page belongs to: its folder name hints at the page's kind.
    public var job: String

    /// The plan for a page of `kind` captured as `capture`, under `settings`.
    public init(kind: DocumentKind, capture: PageCapture, job: String, languages: String? = nil, settings: ReadSettings,
                ppocrInstalled: Bool, readsText: Bool = false) {
        self.kind = kind
        self.capture = capture
        self.job = job
        self.languages = languages
        segmentation = settings.segmentation(for: kind)
        engine = readsText ? nil : EngineChoice.choose(settings.engine, capture: capture, kind: kind,
                                                       ppocrInstalled: ppocrInstalled, rule: settings.engineRule)
    }

    /// A photo's (or a PDF page render's) plan from the file alone, `width` × `height` as loaded.
    public static func before(width: Int, height: Int, capture: PageCapture, job: String, languages: String?,
                              settings: ReadSettings, ppocrInstalled: Bool) -> PagePlan {
        PagePlan(kind: settings.prior(width: width, height: height, job: job), capture: capture, job: job,
                 languages: languages, settings: settings, ppocrInstalled: ppocrInstalled)
    }

    /// The plan settled by the flattened page: the kind by the flat shape, the capture by what the
    /// flattener found, and the engine and segmentation that follow from them.
    public func settled(by flat: FlattenedPage, settings: ReadSettings, ppocrInstalled: Bool) -> PagePlan {
        PagePlan(kind: settings.prior(width: flat.raster.width, height: flat.raster.height, job: job),
                 capture: PageCapture(flat, renderedPDF: capture == .renderedPDF), job: job, languages: languages,
                 settings: settings, ppocrInstalled: ppocrInstalled)
    }

    /// A PDF page read from its text layer: no engine, the kind by the page's shape.
    public static func textLayer(width: Int, height: Int, job: String, settings: ReadSettings) -> PagePlan {
        PagePlan(kind: settings.prior(width: width, height: height, job: job), capture: .renderedPDF, job: job,
                 settings: settings, ppocrInstalled: false, readsText: true)
    }

    /// The recognizer the plan gives the page (Tesseract when none was chosen).
    public var recognizer: RecognitionEngine { engine?.engine ?? .tesseract }
}
