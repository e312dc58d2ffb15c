import CPoppler

/// A GError's domain, code and message, read out and the GError freed at once.
struct GLibError {
    let domain: GQuark
    let code: Int32
    let message: String

    init(_ error: UnsafeMutablePointer<GError>?) {
        domain = error?.pointee.domain ?? 0
        code = error?.pointee.code ?? 0
        message = error?.pointee.message.map { String(cString: $0) } ?? "unknown error"
        if let error { g_error_free(error) }
    }
}
