import Imaging
import RecognizedText

/// The recognizers Decant reads pages with.
public enum RecognitionEngine: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Tesseract 5's LSTM models through its C API: every language Debian packages, fast on clean print.
    case tesseract
    /// PP-OCRv6 small on ONNX Runtime: reads photographed and faded print better (docs/ppocr.md).
    case ppocr

    public var description: String { rawValue }
}

/// What the Read stage asks of a recognizer: a page, or a region of one, in; lines of words with
/// boxes and 0…100 confidences, in reading order, out. Tesseract and PP-OCR both read this way, so
/// the Read stage's feedback loops (orientation by reading, unsure numbers and missed words read
/// alone, a receipt's further readings) work with whichever engine read the page.
/// Not Sendable: an engine belongs to one worker and runs on its thread.
public protocol TextRecognizer: AnyObject {
    var engine: RecognitionEngine { get }
    /// Everything besides the pixels, the resolution and the segmentation that changes what a reading
    /// gives (models, languages, settings, library version): the recognition cache keys on it.
    var readingKey: String { get }
    /// Reads `raster`. `ppi` is its physical scale when known; `segmentation` says what the raster
    /// holds (a page, one block, one line) — `.singleLine` reads it as one line of text.
    func recognize(_ raster: Raster, ppi: Int?, segmentation: PageSegmentation) throws(RecognitionError) -> RecognizedPage
}

extension TesseractEngine: TextRecognizer {
    public var engine: RecognitionEngine { .tesseract }

    public var readingKey: String {
        let variables = configuration.variables.keys.sorted().map { "\($0)=\(configuration.variables[$0] ?? "")" }.joined(separator: ";")
        return "lang \(configuration.languages) \(variables) tesseract \(TesseractEngine.version)"
    }
}
