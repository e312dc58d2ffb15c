/// Why PP-OCR could not start or read a page; messages name the file and what to do.
public struct PPOCRError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// A model file or the dictionary is missing: run scripts/setup-ppocr.sh.
        case modelsMissing
        /// A model file exists but OpenCV could not load it, or the dictionary does not fit the model.
        case modelInvalid
        /// A network failed on an input (an OpenCV error).
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
