import Imaging

/// How files become pages: the size limits a file and a decoded image must keep, and how PDF pages
/// are read (`--max-pixels`, `--max-pages`, `--pdf-text`).
public struct LoadSettings: Sendable, Equatable, Codable {
    public var limits: ImageLimits
    /// When a PDF page is read from its text layer.
    public var pdfText: PDFTextMode
    /// The most pages a PDF may have.
    public var maxPages: Int

    public init(limits: ImageLimits = .default, pdfText: PDFTextMode = .auto, maxPages: Int = PDFLimits.default.maxPages) {
        self.limits = limits
        self.pdfText = pdfText
        self.maxPages = maxPages
    }

    /// The bounds a PDF is opened with: its page count, and the pixel limit of its renders.
    public var pdfLimits: PDFLimits {
        PDFLimits(maxPages: maxPages, maxPixels: limits.maxPixels, maxFileBytes: limits.maxFileBytes)
    }
}
