internal import CHeif

/// Sole owner of one libheif context (a parsed file, or a file being written): freed when this
/// object goes, so no path (a thrown error included) can leak it.
final class HeifContext {
    let pointer: OpaquePointer

    private init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { heif_context_free(pointer) }

    /// An empty context, for encoding.
    static func empty(name: String) throws(ImagingError) -> HeifContext {
        guard let p = heif_context_alloc() else {
            throw ImagingError(.unreadable, file: name, "libheif could not allocate a context (out of memory)")
        }
        return HeifContext(p)
    }

    /// Parses a whole HEIF file held in memory (libheif copies it).
    static func read(_ bytes: [UInt8], name: String) throws(ImagingError) -> HeifContext {
        let context = try empty(name: name)
        let error = bytes.withUnsafeBytes { heif_context_read_from_memory(context.pointer, $0.baseAddress, $0.count, nil) }
        try check(error, name: name, kind: .corrupt, "HEIF container is damaged or unsupported")
        return context
    }

    var topLevelImageCount: Int { Int(heif_context_get_number_of_top_level_images(pointer)) }

    func primaryImage(name: String) throws(ImagingError) -> HeifImageHandle {
        var id: heif_item_id = 0
        try Self.check(heif_context_get_primary_image_ID(pointer, &id), name: name, kind: .corrupt, "HEIF file names no primary image")
        var handle: OpaquePointer?
        try Self.check(heif_context_get_primary_image_handle(pointer, &handle), name: name, kind: .corrupt,
                       "HEIF primary image cannot be opened")
        guard let handle else { throw ImagingError(.corrupt, file: name, "HEIF primary image cannot be opened") }
        return HeifImageHandle(taking: handle, id: id, context: self)
    }

    /// The encoded file. libheif hands the bytes to a callback; they are gathered into one array.
    func write(name: String) throws(ImagingError) -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        var writer = heif_writer()
        writer.writer_api_version = 1
        writer.write = { _, data, size, user in
            guard let user, let data else {
                return heif_error(code: heif_error_Usage_error, subcode: heif_suberror_Unspecified,
                                  message: HeifContext.staticText("no output buffer"))
            }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            sink.bytes += UnsafeRawBufferPointer(start: data, count: size)
            return heif_error(code: heif_error_Ok, subcode: heif_suberror_Unspecified, message: HeifContext.staticText("ok"))
        }
        let error = withExtendedLifetime(sink) {
            heif_context_write(pointer, &writer, Unmanaged.passUnretained(sink).toOpaque())
        }
        try Self.check(error, name: name, kind: .unreadable, "HEIF could not be written")
        return sink.bytes
    }

    /// Throws `kind` with libheif's own words appended when `error` is not a success.
    static func check(_ error: heif_error, name: String, kind: ImagingError.Kind, _ what: String) throws(ImagingError) {
        guard error.code != heif_error_Ok else { return }
        throw ImagingError(kind, file: name, "\(what) (libheif: \(message(error)))")
    }

    /// libheif reads an error's message as a C string that outlives the call: a static string's bytes do.
    static func staticText(_ text: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    static func message(_ error: heif_error) -> String {
        guard let text = error.message else { return "error \(error.code.rawValue)" }
        return String(cString: text)
    }
}
