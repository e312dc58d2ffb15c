/// How a page's text was read, as pages.json's `read` names it.
public enum ReadMethod: String, Sendable, Equatable, Codable {
    /// Recognized from pixels: a photo, a scan, or a PDF page rendered because its text layer was not
    /// trusted (or `--pdf-text never`).
    case ocr
    /// A PDF page's own text, no OCR.
    case textLayer = "text-layer"
    /// A PDF page with nothing on it to read.
    case blank
}
