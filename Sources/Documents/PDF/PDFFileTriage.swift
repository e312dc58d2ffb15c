import Glibc

/// The checks made before poppler sees a file, so the common mistakes get a plain answer.
///
/// poppler calls anything it cannot parse "damaged"; a web page saved as `list.pdf`, a photo renamed, or an
/// empty download deserves to be called what it is. The header rule is the one PDF readers use: `%PDF-`
/// somewhere in the first 1024 bytes (ISO 32000-1, 7.5.2, with Acrobat's tolerance of leading junk).
enum PDFFileTriage {
    static let headerWindow = 1024

    static func check(path: String, limits: PDFLimits) throws(PDFError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw PDFError(.unreadable, file: path, "cannot be opened: \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw PDFError(.unreadable, file: path, "is not a regular file")
        }
        guard info.st_size > 0 else { throw PDFError(.empty, file: path, "is empty (0 bytes)") }
        guard info.st_size <= limits.maxFileBytes else {
            throw PDFError(.fileTooLarge, file: path,
                           "is \(info.st_size >> 20) MiB; the limit is \(limits.maxFileBytes >> 20) MiB")
        }
        let head = try readHead(path: path)
        guard containsHeader(head) else {
            throw PDFError(.notPDF, file: path, "is not a PDF\(guessKind(head).map { " (it looks like \($0))" } ?? "")")
        }
    }

    static func readHead(path: String) throws(PDFError) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw PDFError(.unreadable, file: path, "cannot be opened: \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: headerWindow)
        let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, headerWindow, file) }
        return Array(bytes.prefix(read))
    }

    static func containsHeader(_ head: [UInt8]) -> Bool {
        let marker = Array("%PDF-".utf8)
        guard head.count >= marker.count else { return false }
        for start in 0...(head.count - marker.count) where head[start] == marker[0] {
            if Array(head[start..<(start + marker.count)]) == marker { return true }
        }
        return false
    }

    /// What a file that is not a PDF most likely is, from its first bytes.
    static func guessKind(_ head: [UInt8]) -> String? {
        func starts(_ magic: [UInt8]) -> Bool { head.count >= magic.count && Array(head.prefix(magic.count)) == magic }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "a PNG image" }
        if starts([0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "a TIFF image" }
        if starts(Array("RIFF".utf8)) && head.count >= 12 && Array(head[8..<12]) == Array("WEBP".utf8) { return "a WebP image" }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive, such as a Word or OpenDocument file" }
        if starts([0xD0, 0xCF, 0x11, 0xE0]) { return "an old Microsoft Office document" }
        if starts(Array("{\\rtf".utf8)) { return "an RTF document" }
        let text = String(decoding: head.prefix(512), as: UTF8.self).lowercased()
        if text.contains("<html") || text.contains("<!doctype html") { return "a web page (HTML)" }
        if text.contains("<?xml") || text.contains("<svg") { return "an XML or SVG file" }
        return nil
    }
}
