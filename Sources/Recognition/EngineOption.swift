/// `--engine`: which recognizer reads the pages.
public enum EngineOption: String, Sendable, Codable, CaseIterable {
    /// Each page by the engine measured to read its kind of page best (`EngineRule`), when PP-OCR
    /// is installed; Tesseract otherwise.
    case auto
    /// Every page by Tesseract.
    case tesseract
    /// Every page by PP-OCR (the run stops, naming the set-up command, when it is not installed).
    case ppocr
}
