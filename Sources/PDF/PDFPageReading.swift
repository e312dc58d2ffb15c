/// How a page is read: the check against the rendered page and the resolution OCR would need.
public struct PDFReadOptions: Sendable, Equatable {
    /// Compare the text layer with the rendered page (`InkCheck`) to find hidden words. Off, a layer with
    /// hidden text is taken as it is.
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
    /// The resolution to render the page at for Tesseract (`OCRResolution`), already capped by the limits.
    public var ocrPPI: Double
    /// What poppler reported while reading the page (a damaged content stream, a broken font): the page
    /// was read as far as it goes.
    public var problems: [String]
    /// Seconds spent reading the text layer, and comparing it with the rendered page.
    public var textSeconds: Double
    public var checkSeconds: Double

    public init(page: Int, size: PDFSize, textLayer: PDFTextLayer, verdict: TextLayerVerdict, ocrPPI: Double,
                problems: [String] = [], textSeconds: Double = 0, checkSeconds: Double = 0) {
        self.page = page
        self.size = size
        self.textLayer = textLayer
        self.verdict = verdict
        self.ocrPPI = ocrPPI
        self.problems = problems
        self.textSeconds = textSeconds
        self.checkSeconds = checkSeconds
    }
}
