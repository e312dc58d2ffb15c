import DecantTestSupport
import Foundation

/// Runs the built `decant` executable, as a user would. The binary sits next to the test bundle
/// in the build folder (the EndToEndTests target depends on it, so it is always built first);
/// DECANT_BINARY overrides the location.
enum DecantProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: String { binary(named: "decant") }

    /// `decant`, or the measuring tool `decant-bench` built beside it.
    static func binary(named name: String) -> String {
        if name == "decant", let path = ProcessInfo.processInfo.environment["DECANT_BINARY"] { return path }
        if name != "decant", let path = ProcessInfo.processInfo.environment["DECANT_BINARY"] {
            return URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(name).path
        }
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [here, here.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        // Fallback: the default debug build folder of this checkout.
        return Repository.root + "/.build/debug/\(name)"
    }

    static func run(_ arguments: [String], environment: [String: String] = [:], tool: String = "decant") throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary(named: tool))
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["OMP_THREAD_LIMIT"] = "1"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let watchdog = Watchdog.arm(process)
        // Read both pipes before waiting so a chatty child cannot block on a full pipe.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A hung child must fail its test, never the whole CI run: after `seconds` the process (and, by
/// the closed pipes, its workers) is killed, and the test sees a SIGKILL status instead of waiting.
enum Watchdog {
    static let defaultSeconds: Double = {
        ProcessInfo.processInfo.environment["DECANT_TEST_PROCESS_TIMEOUT"].flatMap(Double.init) ?? 900
    }()

    /// Arms a kill for `process` (already running); cancel the returned item once it has exited.
    @discardableResult
    static func arm(_ process: Process, seconds: Double = defaultSeconds) -> DispatchWorkItem {
        let pid = process.processIdentifier
        let item = DispatchWorkItem {
            guard process.isRunning else { return }
            FileHandle.standardError.write(Data("watchdog: killing pid \(pid) after \(Int(seconds)) s\n".utf8))
            killChildren(of: pid)
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: item)
        return item
    }

    /// Workers inherit the stderr pipe; they are killed too so the reader sees end-of-file.
    private static func killChildren(of parent: Int32) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for pid in entries.compactMap(Int32.init) {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 2, Int32(fields[1]) == parent { kill(pid, SIGKILL) }
        }
    }
}
