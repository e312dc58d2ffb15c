internal import CLeptonica

/// Process-wide leptonica settings. Leptonica prints informational and warning messages to stderr
/// for ordinary events (e.g. "Error in pixReadMemJpeg" on a truncated file we already report);
/// Decant reports problems itself, so they are silenced once before first use: every way into
/// leptonica (`Pix(_:)`, `ImageLoader`, `BitmapFont`) calls `configure()` first.
enum Leptonica {
    private static let configured: Bool = {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
        return true
    }()

    static func configure() { _ = configured }
}
