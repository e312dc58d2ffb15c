/// Errors that stop Tesseract from starting or reading; messages say what to install or change.
public struct RecognitionError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable { case missingLanguage, initFailed, recognitionFailed }
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
