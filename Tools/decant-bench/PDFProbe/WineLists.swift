import Foundation

/// Where the real lists are, and small helpers the measurements share.
enum WineLists {
    static func root() -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let candidates = ["\(cwd)/../shared/data/winelists", "/work/shared/data/winelists"]
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[1]
    }

    static func defaultFolders() -> [String] { ["\(root())/docs", "\(root())/nogt"] }

    static func pdfs(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.lowercased().hasSuffix(".pdf") }.sorted().map { "\(folder)/\($0)" }
    }

    static func name(_ path: String) -> String { (path as NSString).lastPathComponent }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    static func time<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try body()
        return (value, seconds(clock.now - start))
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.0f", seconds * 1000) }

    /// The value of `--name` in `arguments`, if given.
    static func option(_ name: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: "--\(name)"), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
}
