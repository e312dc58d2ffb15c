import Catalogue
import Documents
import Entries
import Flattening
import Imaging
import Read
import Recognition

/// Everything that shapes an image's results. Anything that changes output belongs here, so a
/// manifest can tell whether an earlier result is still valid.
public struct RunSettings: Sendable {
    public var kind: KindOption
    public var ocr: OCRConfiguration
    /// `--lang auto`: pages read with `ocr.languages` (eng) and again in the language they show.
    public var languageSelection: ReadSettings.LanguageSelection = .fixed
    /// Which recognizer reads the pages (`--engine`).
    public var engine: EngineOption = .auto
    /// PP-OCR's settings (measured defaults; tuning runs change them).
    public var ppocr = PPOCROptions()
    /// Under `--engine auto`, which pages PP-OCR reads (a measuring run may set another).
    public var engineRule: EngineRule = .measured
    /// Which engine makes a PP-OCR receipt's further readings.
    public var receiptAgain: RecognitionEngine = .ppocr
    /// nil: the default per document kind.
    public var segmentation: PageSegmentation?
    public var limits: ImageLimits
    /// Year two-digit vintages pivot around and drink windows are judged against.
    public var runYear: Int
    /// Where flattened pages are written for inspection, if anywhere.
    public var saveFlattened: String?
    public var abbreviations: AbbreviationTable
    /// Countries, regions, grapes and cuvée words the wine-list fields are split with (`--vocabulary`).
    public var vocabulary: WineVocabulary = .builtIn
    /// A deliberately worse pipeline, to prove the accuracy gate bites: flattening switched off
    /// and/or the page shrunk by this factor before OCR. Never for real use.
    public var degradation: Degradation
    /// Run date, budget and report filters for the insight columns.
    public var insights: InsightOptions
    /// Folder of recognized pages to reuse (keyed by the pixels and OCR settings); a measuring aid.
    public var ocrCache: String?
    /// When a PDF page is read from its text layer (`--pdf-text`).
    public var pdfText: PDFTextMode = .auto
    /// The most pages a PDF may have (`--max-pages`).
    public var maxPages: Int = PDFLimits.default.maxPages

    /// The bounds a PDF is opened with: its page count, and the pixel limit of its renders.
    public var pdfLimits: PDFLimits {
        PDFLimits(maxPages: maxPages, maxPixels: limits.maxPixels, maxFileBytes: limits.maxFileBytes)
    }
    /// How receipts' numeric dates are read (03/04/2018); `.unspecified` reports ambiguous dates
    /// with both readings instead of guessing.
    public var dateOrder: DateOrder
    /// Most OCR readings of a receipt: a second one, at the text size Tesseract reads best, is made
    /// when the first does not add up or its text is far from that size (1: read once).
    public var receiptReadings: Int
    /// Median word height in pixels receipts are rescaled to for their second reading.
    public var receiptTextHeight: Double
    /// The run's output folder when the HTML review report is on: each worker writes a small JPEG
    /// of every flattened page into OUT/JOB/pages/ for it. nil: no previews (`--no-html`).
    public var pagePreviews: String?
    /// Image-only rectifier settings (`--rectifier-option name=value`, for tuning runs).
    /// The pipeline checks each first reading (`UprightEvidence`), so level pages leave their
    /// orientation to it.
    public var rectifier: ImageRectifier.Options = {
        var options = ImageRectifier.Options()
        options.deferLevelOrientation = true
        return options
    }()

    public init(kind: KindOption = .auto, ocr: OCRConfiguration = OCRConfiguration(), segmentation: PageSegmentation? = nil,
                limits: ImageLimits = .default, runYear: Int = FieldParser.currentYear, saveFlattened: String? = nil,
                abbreviations: AbbreviationTable = .builtIn, degradation: Degradation = Degradation(),
                insights: InsightOptions? = nil, dateOrder: DateOrder = .unspecified, receiptReadings: Int = 2,
                receiptTextHeight: Double = 26, ocrCache: String? = nil, pagePreviews: String? = nil) {
        self.kind = kind
        self.ocr = ocr
        self.segmentation = segmentation
        self.limits = limits
        self.runYear = runYear
        self.saveFlattened = saveFlattened
        self.abbreviations = abbreviations
        self.degradation = degradation
        self.insights = insights ?? InsightOptions(year: runYear)
        self.dateOrder = dateOrder
        self.receiptReadings = receiptReadings
        self.receiptTextHeight = receiptTextHeight
        self.ocrCache = ocrCache
        self.pagePreviews = pagePreviews
    }

    /// Takes `--lang`: "auto" reads with English first and chooses per page; anything else is
    /// Tesseract's language set for every page.
    public mutating func setLanguages(_ argument: String) {
        languageSelection = argument == "auto" ? .auto : .fixed
        ocr.languages = argument == "auto" ? "eng" : argument
    }

    /// What the Read stage takes of these settings.
    public var read: ReadSettings {
        var read = ReadSettings(expected: kind, segmentation: segmentation, ocr: ocr, receiptReadings: receiptReadings,
                                receiptTextHeight: receiptTextHeight, cacheFolder: ocrCache)
        read.languageSelection = languageSelection
        read.engine = engine
        read.engineRule = engineRule
        read.receiptAgain = receiptAgain
        return read
    }

    /// The segmentation a page of `kind` is read with (`ReadSettings.segmentation(for:)`).
    public func segmentation(for kind: DocumentKind) -> PageSegmentation { read.segmentation(for: kind) }

    public var summary: [String: String] {
        var summary = [
            "kind": kind.rawValue,
            "languages": languageSelection == .auto ? "auto" : ocr.languages,
            "engine": engine.rawValue,
            "segmentation": segmentation.map { "\($0.rawValue)" } ?? "default",
            "maxPixels": String(limits.maxPixels),
            "runYear": String(runYear),
            "budget": insights.budget.map { String($0) } ?? "",
            "filters": [insights.minScore.map { "min-score \($0)" }, insights.colour.map { "colour \($0)" },
                        insights.readyNow ? "ready-now" : nil, insights.bestValueOnly ? "best-value" : nil]
                .compactMap { $0 }.joined(separator: ", "),
            "dateOrder": dateOrder.rawValue,
            "receiptReadings": String(receiptReadings),
            "receiptTextHeight": String(receiptTextHeight),
            "pdfText": pdfText.rawValue,
            "maxPages": String(maxPages),
        ]
        if degradation.isActive { summary["degradation"] = degradation.description }
        return summary
    }
}

/// Ways to make the pipeline worse on purpose (`decant-bench run` options), so the accuracy gate
/// can be shown to fail on a worse pipeline.
public struct Degradation: Sendable, Equatable, CustomStringConvertible {
    /// Skip flattening: every page goes to OCR as photographed.
    public var disableFlattening: Bool
    /// Shrink the page by this factor before OCR (1: untouched).
    public var downscale: Double

    public init(disableFlattening: Bool = false, downscale: Double = 1) {
        self.disableFlattening = disableFlattening
        self.downscale = downscale
    }

    public var isActive: Bool { disableFlattening || downscale != 1 }

    public var description: String {
        [disableFlattening ? "flattening disabled" : nil, downscale != 1 ? "downscaled ×1/\(downscale)" : nil]
            .compactMap { $0 }.joined(separator: ", ")
    }
}
