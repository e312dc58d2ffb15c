/// Errors that stop a recognizer (Tesseract or PP-OCR) from starting or reading a page; messages name
/// the file and say what to install or change.
public struct RecognitionError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// Tesseract lacks a language's traineddata: install its Debian package.
        case missingLanguage
        /// Tesseract could not start.
        case initFailed
        /// Tesseract failed on a page.
        case recognitionFailed
        /// A PP-OCR model file or the dictionary is missing: run scripts/setup/ppocr.sh.
        case modelsMissing
        /// A PP-OCR file exists but ONNX Runtime could not load it, or the dictionary does not fit the model.
        case modelInvalid
        /// A PP-OCR network failed on an input (an ONNX Runtime error).
        case inferenceFailed
        /// The image cannot be read (empty, too small).
        case badImage
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
