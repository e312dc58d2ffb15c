import Foundation

/// UTF-8 text files as metrics read them: invalid bytes become U+FFFD (the page is still scored),
/// a byte-order mark is kept as dinglehopper keeps it.
public enum TextFile {
    public static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map(decode)
    }

    /// Decodes through a contiguous buffer: `String(decoding: Data, …)` takes the slow generic path.
    public static func decode(_ data: Data) -> String {
        data.withUnsafeBytes { String(decoding: $0.bindMemory(to: UInt8.self), as: UTF8.self) }
    }
}
