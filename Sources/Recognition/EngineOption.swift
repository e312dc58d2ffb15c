/// `--engine`: which recognizer reads the pages.
public enum EngineOption: String, Sendable, Codable, CaseIterable {
    /// Each page by the engine measured to read its kind of page best on real documents
    /// (`EngineRule.measured`: PP-OCR for photos, rendered PDF pages and receipts, Tesseract for flat
    /// scans of lists), when PP-OCR is installed; Tesseract otherwise.
    case auto
    /// Every page by Tesseract.
    case tesseract
    /// Every page by PP-OCR (the run stops, naming the set-up command, when it is not installed).
    case ppocr
    /// Photographed pages and receipts by PP-OCR, flat scans and rendered PDF pages by Tesseract
    /// (`EngineRule.photos`), kept for runs that reproduce it; needs PP-OCR as `ppocr` does.
    case photos

    /// Whether the run cannot go on without PP-OCR.
    public var requiresPPOCR: Bool { self == .ppocr || self == .photos }
}
