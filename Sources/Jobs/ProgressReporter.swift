import Foundation
import Logging
import Reporting

/// How a run reports as it goes.
public enum ProgressStyle: Sendable, Equatable {
    /// A progress line on stderr when it is a terminal, nothing otherwise.
    case automatic
    /// Nothing but errors.
    case quiet
    /// One JSON object per image on stdout (for cron and log collectors), through swift-log.
    case json
}

/// Writes progress and per-image log lines; called from the collector actor only.
struct ProgressReporter {
    let style: ProgressStyle
    let total: Int
    let interactive: Bool
    let started = DispatchTime.now().uptimeNanoseconds
    /// The JSON lines of `.json` (one per image).
    let log = JSONLinesLogHandler.logger()
    var done = 0
    var failed = 0

    init(style: ProgressStyle, total: Int) {
        self.style = style
        self.total = total
        self.interactive = style == .automatic && isatty(STDERR_FILENO) == 1
    }

    mutating func imageFinished(_ page: PageResult, reused: Bool = false) {
        done += 1
        if page.record.error != nil { failed += 1 }
        switch style {
        case .json:
            // Every value a string, as collectors of these lines have always read them.
            var line: Logger.Metadata = [
                "job": .string(page.record.job), "image": .string(page.record.image),
                "status": .string(page.record.error == nil ? "ok" : "failed"),
                "entries": .string(String(page.record.entryCount)),
                "ms": .string(String(Int(page.record.timingsMS?.total ?? 0))),
            ]
            if reused { line["reused"] = "true" }
            if let error = page.record.error { line["error"] = .string(error.message) }
            if let method = page.record.flatten?.method { line["flatten"] = .string(method.rawValue) }
            if let engine = page.record.engine { line["engine"] = .string(engine) }
            log.log(level: page.record.error == nil ? .info : .error, "image", metadata: line)
        case .automatic where interactive:
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            let rate = seconds > 0 ? Double(done) / seconds : 0
            let text = "\r[\(done)/\(total)] \(String(format: "%.2f", rate)) img/s  \(failed) failed  \(page.record.job)/\(page.record.image)"
            FileHandle.standardError.write(Data((text.prefix(110) + "\u{1B}[K").utf8))
        default:
            if let error = page.record.error, style != .quiet || true {
                FileHandle.standardError.write(Data("decant: \(page.record.job)/\(error.message)\n".utf8))
            }
        }
    }

    func finish() {
        if interactive { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
