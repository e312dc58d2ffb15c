import CPoppler
import Glibc

/// Sole owner of one poppler document, opened from a path; hands out its pages.
///
/// A final class whose deinit unrefs the `PopplerDocument`, as GRDB.swift owns sqlite3 statements: the file
/// is closed as soon as the last reference (this object or a page it handed out) goes. Not `Sendable`:
/// poppler documents are not safe to share between threads, so the compiler keeps each one on the thread
/// that opened it; open one document per thread to read in parallel (poppler's global parameters are set up
/// once under its own lock).
public final class PDFDocument {
    public let path: String
    public let limits: PDFLimits
    public let pageCount: Int
    /// What poppler repaired while opening (a cross-reference table rebuilt from a truncated file, …):
    /// empty for a sound file. A repaired file opens, but pages past the damage may be missing or blank.
    public let repairs: [String]

    let pointer: OpaquePointer

    /// Opens `path`; `password` is the user (or owner) password of an encrypted file.
    ///
    /// The file is checked before poppler sees it (exists, not empty, within `maxFileBytes`, starts as a
    /// PDF), so that the common mistakes get a plain answer instead of "damaged".
    public init(path: String, password: String? = nil, limits: PDFLimits = .default) throws(PDFError) {
        self.path = path
        self.limits = limits
        try PDFFileTriage.check(path: path, limits: limits)

        // By URI, not by descriptor: poppler 22.12 retries a refused password from a copy of the input stream,
        // and a copy of a descriptor's stream reads nothing, which turned every wrong password into "damaged".
        guard let uri = Self.fileURI(path) else {
            throw PDFError(.unreadable, file: path, "cannot be opened: the path cannot be written as a file URI")
        }
        var gerror: UnsafeMutablePointer<GError>?
        let (opened, messages) = PopplerMessages.collecting { poppler_document_new_from_file(uri, password, &gerror) }
        guard let opened else {
            throw Self.openingError(GLibError(gerror), messages: messages, path: path, password: password)
        }
        // Checked before this object owns the document, which is released here if it is refused.
        let count = Int(poppler_document_get_n_pages(opened))
        guard count > 0, count <= limits.maxPages else {
            g_object_unref(UnsafeMutableRawPointer(opened))
            if count <= 0 { throw PDFError(.empty, file: path, "has no pages") }
            throw PDFError(.tooManyPages, file: path,
                           "has \(count) pages; the limit is \(limits.maxPages) (raise it with --max-pages to read it)")
        }
        pointer = opened
        repairs = messages.errors
        pageCount = count
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    /// "file:///…" for a path, made absolute first (GLib escapes what a URI cannot hold as it is).
    static func fileURI(_ path: String) -> String? {
        var absolute = path
        if !path.hasPrefix("/") {
            guard let cwd = getcwd(nil, 0) else { return nil }
            absolute = String(cString: cwd) + "/" + path
            free(cwd)
        }
        guard let uri = g_filename_to_uri(absolute, nil, nil) else { return nil }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    /// Page `number`, 1-based (as errors and people name pages).
    public func page(_ number: Int) throws(PDFError) -> PDFPage {
        guard (1...pageCount).contains(number) else {
            throw PDFError(.noSuchPage, file: path, page: number, "there is no such page (the file has \(pageCount))")
        }
        let (loaded, messages) = PopplerMessages.collecting {
            poppler_document_get_page(pointer, Int32(number - 1))
        }
        guard let loaded else {
            throw PDFError(.pageDamaged, file: path, page: number,
                           "is damaged and cannot be read\(PopplerMessages.cause(messages.errors)); the other pages can")
        }
        return try PDFPage(taking: loaded, number: number, document: self)
    }

    private static func openingError(_ error: GLibError, messages: PopplerMessages, path: String,
                                     password: String?) -> PDFError {
        if error.domain == g_file_error_quark() {
            return PDFError(.unreadable, file: path, "cannot be opened: \(error.message)")
        }
        if error.domain == poppler_error_quark() && error.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
            if password == nil {
                return PDFError(.passwordNeeded, file: path, "is encrypted: a password is needed to open it")
            }
            return PDFError(.wrongPassword, file: path, "is encrypted and the password given does not open it")
        }
        return PDFError(.damaged, file: path,
                        "is damaged or cut short and cannot be repaired\(PopplerMessages.cause(messages.errors))")
    }
}
