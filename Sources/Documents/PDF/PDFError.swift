/// A PDF that cannot be read, or one page of it that cannot: each names the file (and the page, 1-based) and
/// says what a user can do about it.
///
/// A struct with a kind, like `ImagingError`, so a batch can record the message as it is and still branch on
/// the kind (ask for a password, skip one page and read the others, stop at a limit).
public struct PDFError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable {
        /// The file cannot be opened (missing, a folder, no permission).
        case unreadable
        /// Zero bytes.
        case empty
        /// The bytes are not a PDF, whatever the file's name says.
        case notPDF
        /// Encrypted with a user password and none was given.
        case passwordNeeded
        /// Encrypted, and the password given does not open it.
        case wrongPassword
        /// Truncated or damaged beyond what poppler can repair.
        case damaged
        /// More pages than `PDFLimits.maxPages`.
        case tooManyPages
        /// Bigger than `PDFLimits.maxFileBytes`.
        case fileTooLarge
        /// A page larger than `PDFLimits.maxPageSide`, or with no area at all.
        case pageTooLarge
        /// One page that cannot be read while the others can.
        case pageDamaged
        /// A page number outside 1...pageCount.
        case noSuchPage
        /// Rendering failed (cairo could not make the surface: out of memory).
        case renderFailed
    }

    public var kind: Kind
    public var file: String
    /// 1-based; nil for a problem with the whole file.
    public var page: Int?
    public var message: String

    public init(_ kind: Kind, file: String, page: Int? = nil, _ message: String) {
        self.kind = kind
        self.file = file
        self.page = page
        self.message = message
    }

    public var description: String {
        if let page { return "\(file): page \(page): \(message)" }
        return "\(file): \(message)"
    }
}
