import CPoppler
import Synchronization

/// What poppler said while one call ran ("Syntax error at position 1234: Couldn't find trailer dictionary").
///
/// poppler-glib sends every problem it meets to GLib's log (domain "Poppler", level INFO, silent by
/// default); its GErrors only say "PDF document is damaged". The log is where the cause is, so it is
/// collected per call and put in the error a user reads. The handler is installed once for the process (the
/// only global state besides poppler's own) and hands each message to the collector bound to the calling
/// task or thread, so documents read on different threads never see each other's messages.
final class PopplerMessages: Sendable {
    /// A hostile file can make poppler complain once per object; the first few say what is wrong.
    static let kept = 20

    private struct State {
        var messages: [String] = []
        var total = 0
    }
    private let state = Mutex(State())

    func append(_ message: String) {
        state.withLock { state in
            state.total += 1
            if state.messages.count < Self.kept { state.messages.append(message) }
        }
    }

    var messages: [String] { state.withLock { $0.messages } }
    var total: Int { state.withLock { $0.total } }

    /// Errors only ("Syntax error", "IO error", "Internal error"), warnings left out: a warning such as
    /// "Invalid Font Weight" is poppler coping, not failing.
    var errors: [String] { messages.filter { $0.contains("error") } }

    @TaskLocal static var current: PopplerMessages?

    /// Runs `body` with poppler's messages going to a fresh collector, and returns both.
    static func collecting<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (T, PopplerMessages) {
        PopplerLog.install()
        let messages = PopplerMessages()
        let result = $current.withValue(messages) { () -> Result<T, E> in
            do throws(E) { return .success(try body()) } catch { return .failure(error) }
        }
        return (try result.get(), messages)
    }
}

enum PopplerLog {
    private static let installed: Void = {
        let levels = GLogLevelFlags(rawValue: G_LOG_LEVEL_MASK.rawValue | G_LOG_FLAG_FATAL.rawValue | G_LOG_FLAG_RECURSION.rawValue)
        g_log_set_handler("Poppler", levels, { _, _, message, _ in
            guard let message else { return }
            PopplerMessages.current?.append(String(cString: message))
        }, nil)
    }()

    static func install() { _ = installed }
}

extension PopplerMessages {
    /// " (poppler: Couldn't find trailer dictionary)", or nothing when poppler said nothing.
    static func cause(_ errors: [String]) -> String {
        guard let first = errors.first else { return "" }
        // "Syntax error at position -1: Couldn't find trailer dictionary" → the part after the position.
        let detail = first.split(separator: ":", maxSplits: 1).last.map { $0.trimmedOfSpaces() } ?? first
        return " (poppler: \(detail))"
    }
}

extension Substring {
    func trimmedOfSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
