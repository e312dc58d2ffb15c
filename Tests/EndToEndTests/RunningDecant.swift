import Foundation

/// A `decant` process the test can watch while it runs: its stdout line by line, its worker
/// children, signals.
final class RunningDecant {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private var buffer = Data()
    private var watchdog: DispatchWorkItem?

    /// `launcher` runs before decant and execs it (`nice -n 10`, `ionice -c 3`), so the process
    /// watched is decant itself.
    init(_ arguments: [String], launcher: [String] = []) throws {
        if let tool = launcher.first {
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = Array(launcher.dropFirst()) + [DecantProcess.binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: DecantProcess.binary)
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        env["OMP_THREAD_LIMIT"] = "1"
        process.environment = env
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        watchdog = Watchdog.arm(process)
    }

    /// The next stdout line, or nil at end of output.
    func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }

    /// Process ids whose parent is this decant (its worker processes).
    var children: [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[1]) == process.processIdentifier
        }
    }

    /// Waits for the exit; returns the status and everything written to stderr.
    func wait() -> (status: Int32, stderr: String) {
        while readLine() != nil {}
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog?.cancel()
        return (process.terminationStatus, stderr)
    }
}
