/// How a page is read: the check against the rendered page and the resolution OCR would need.
public struct PDFReadOptions: Sendable, Equatable {
    /// Render the page at `checkPPI` and compare the text layer with it (`InkAgreement`): finds hidden and
    /// covered words, blank pages (nothing for OCR to read) and damaged ones (poppler errors, nothing drawn).
    /// Off, the layer is taken as it is and no page is called blank or damaged.
    public var checkInk: Bool
    /// Resolution of the two renders compared. 72 ppi puts a 6 pt price at 6 pixels, still enough glyph
    /// shape to correlate, and costs a fraction of the 300 ppi render OCR needs.
    public var checkPPI: Double
    /// The x-height, in pixels, OCR renders are made for (`OCRResolution`).
    public var targetXHeight: Double

    public init(checkInk: Bool = true, checkPPI: Double = 72, targetXHeight: Double = OCRResolution.defaultXHeight) {
        self.checkInk = checkInk
        self.checkPPI = checkPPI
        self.targetXHeight = targetXHeight
    }
}

/// One page read: its mended text layer, the verdict on it, and the resolution to render it at when the
/// verdict sends it to OCR.
public struct PDFPageReading: Sendable, Equatable {
    /// 1-based.
    public var page: Int
    public var size: PDFSize
    /// Mended, hidden words removed. Kept whatever the verdict, for a report to show what the layer held.
    public var textLayer: PDFTextLayer
    public var verdict: TextLayerVerdict
    /// Nothing is drawn on the page (looked at when the layer holds no word to read, with `checkInk`): no
    /// OCR needed.
    public var isBlank: Bool
    /// The resolution to render the page at for Tesseract (`OCRResolution`), already capped by the limits.
    public var ocrPPI: Double
    /// What poppler reported while reading the page (a damaged content stream, a broken font): the page
    /// was read as far as it goes.
    public var problems: [String]
    /// Seconds spent reading the text layer, and comparing it with the rendered page.
    public var textSeconds: Double
    public var checkSeconds: Double

    public init(page: Int, size: PDFSize, textLayer: PDFTextLayer, verdict: TextLayerVerdict, isBlank: Bool = false, ocrPPI: Double,
                problems: [String] = [], textSeconds: Double = 0, checkSeconds: Double = 0) {
        self.page = page
        self.size = size
        self.textLayer = textLayer
        self.verdict = verdict
        self.isBlank = isBlank
        self.ocrPPI = ocrPPI
        self.problems = problems
        self.textSeconds = textSeconds
        self.checkSeconds = checkSeconds
    }
}
