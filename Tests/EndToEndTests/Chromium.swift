import Foundation

/// Debian's headless Chromium, driven from the command line: `--screenshot` and `--dump-dom`
/// (the DOM after the page's script ran). Each call gets its own throwaway profile and is killed
/// if it hangs.
enum Chromium {
    static var path: String? {
        if let path = ProcessInfo.processInfo.environment["DECANT_CHROMIUM"] { return path }
        return ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var available: Bool { path != nil }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A file URL for a local path, with an optional query (`filter=unmatched`) and fragment.
    static func url(_ path: String, query: String? = nil) -> String {
        var url = URL(fileURLWithPath: path).absoluteString
        if let query { url += "?" + query }
        return url
    }

    /// The serialized DOM once the page has loaded and its script has run.
    static func dumpDOM(_ url: String, width: Int = 1280, height: Int = 1600) throws -> String {
        try run(["--dump-dom", "--window-size=\(width),\(height)", url])
    }

    static func screenshot(_ url: String, to file: String, width: Int = 1280, height: Int = 1600) throws {
        _ = try run(["--screenshot=\(file)", "--window-size=\(width),\(height)", "--hide-scrollbars", url])
        guard FileManager.default.fileExists(atPath: file) else { throw Failure(description: "chromium wrote no screenshot to \(file)") }
    }

    static func run(_ arguments: [String], timeout: Double = 90) throws -> String {
        guard let path else { throw Failure(description: "chromium is not installed") }
        let profile = NSTemporaryDirectory() + "decant-chromium-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        // Root needs --no-sandbox; the rest keeps a test run quiet, offline and independent.
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                             "--disable-extensions", "--disable-background-networking", "--disable-sync",
                             "--user-data-dir=\(profile)"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        // Drain stderr on the side so a chatty browser cannot block on a full pipe.
        let errors = LockedData()
        let drain = Thread { errors.set(err.fileHandleForReading.readDataToEndOfFile()) }
        drain.start()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.cancel()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "chromium \(arguments.joined(separator: " ")) exited \(process.terminationStatus): "
                          + String(decoding: errors.get().suffix(2000), as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Bytes handed from the draining thread to the test.
final class LockedData: @unchecked Sendable {
    private let lock = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        lock.lock()
        data = value
        lock.signal()
        lock.unlock()
    }

    /// Waits until the drain has finished (the pipe closes when the browser exits).
    func get() -> Data {
        lock.lock()
        defer { lock.unlock() }
        while data == nil { lock.wait() }
        return data ?? Data()
    }
}
