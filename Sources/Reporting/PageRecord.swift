import Documents
import Entries
import StepTrace

/// Milliseconds spent in each stage of one image. Kept apart from results so that two runs over
/// the same inputs can be compared byte for byte outside these fields.
public struct StageTimings: Sendable, Equatable, Codable {
    public var load = 0.0
    public var flatten = 0.0
    public var ocr = 0.0
    public var entries = 0.0
    public var match = 0.0
    /// Writing the HTML report's page preview (absent with --no-html).
    public var preview: Double?
    public var total = 0.0

    public init() {}

    /// A stage's milliseconds; `worker` and `merge` take no time of their own.
    public subscript(stage: Stage) -> Double {
        get {
            switch stage {
            case .load: load
            case .flatten: flatten
            case .ocr: ocr
            case .entries: entries
            case .match: match
            case .preview: preview ?? 0
            case .worker, .merge: 0
            }
        }
        set {
            switch stage {
            case .load: load = newValue
            case .flatten: flatten = newValue
            case .ocr: ocr = newValue
            case .entries: entries = newValue
            case .match: match = newValue
            case .preview: preview = newValue
            case .worker, .merge: break
            }
        }
    }

    public static func + (a: StageTimings, b: StageTimings) -> StageTimings {
        var t = StageTimings()
        t.load = a.load + b.load; t.flatten = a.flatten + b.flatten; t.ocr = a.ocr + b.ocr
        t.entries = a.entries + b.entries; t.match = a.match + b.match; t.total = a.total + b.total
        if a.preview != nil || b.preview != nil { t.preview = (a.preview ?? 0) + (b.preview ?? 0) }
        return t
    }
}

/// Why an image produced no results: the stage and a message naming the file.
public struct PageError: Sendable, Equatable, Codable {
    public var stage: Stage
    public var kind: String
    public var message: String

    public init(stage: Stage, kind: String, message: String) {
        self.stage = stage
        self.kind = kind
        self.message = message
    }
}

/// One image's line in pages.json.
public struct PageRecord: Sendable, Equatable, Codable {
    public var image: String
    /// The page of a multi-page document (a PDF), 1-based; nil for a photo.
    public var page: Int?
    /// How the page's text was read: `ocr`, `text-layer` (a PDF's own text, no OCR) or `blank`.
    public var read: ReadMethod?
    /// For a PDF page, the verdict on its text layer (`usable`, `none`, `unmapped glyphs`, `hidden text`,
    /// `covered text`, `misaligned`) and what it rests on: why the page was read as it was.
    public var textLayer: TextLayerVerdict.Kind?
    public var textLayerDetail: String?
    public var job: String
    public var width: Int?
    public var height: Int?
    public var format: String?
    /// What a photo's own file gave: HEIF container, depth and intrinsics from inside the file.
    public var photo: PhotoFacts?
    /// When the photo was taken, from its EXIF (`yyyy-MM-ddTHH:mm:ss`, the camera's local time).
    public var taken: String?
    public var kind: DocumentKind?
    public var flatten: FlattenReport?
    public var flattenedWidth: Int?
    public var flattenedHeight: Int?
    public var ppi: Int?
    /// The downscaled flattened page the HTML report draws entry boxes over (absent with --no-html).
    public var preview: PagePreview?
    public var segmentation: Int?
    /// The recognizer that read the page (`tesseract`, `ppocr`) and why (`--engine`, or what `auto`
    /// decided from the page); nil for a page read from its text layer.
    public var engine: String?
    public var engineReason: String?
    public var meanConfidence: Double?
    /// Tesseract's languages the kept reading used (`eng+fra`), and why they were chosen (the job's
    /// settings, the run's, or `--lang auto`'s evidence); nil for a page not read by OCR.
    public var languages: String?
    public var languagesReason: String?
    public var lineCount: Int
    public var entryCount: Int
    /// A receipt's header and footer fields (nil for wine lists).
    public var receipt: ReceiptFields?
    public var warnings: [String]
    public var timingsMS: StageTimings?
    public var error: PageError?

    /// The file name, with the page of a multi-page document: `list.pdf`, `list.pdf p3`.
    public var sourceName: String { page.map { "\(image) p\($0)" } ?? image }

    /// The record with its page set.
    func withPage(_ page: Int?) -> PageRecord {
        var copy = self
        copy.page = page
        return copy
    }

    public init(image: String, job: String) {
        self.image = image
        self.job = job
        self.lineCount = 0
        self.entryCount = 0
        self.warnings = []
    }
}
