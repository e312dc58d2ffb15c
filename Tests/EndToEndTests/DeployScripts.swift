import DecantTestSupport
import Foundation

/// Runs a recipe's shell code from docs/deploy with stand-ins for `decant` and `sbatch` first on
/// PATH: each writes the arguments it was called with, one per line, to CALLS/NAME-N (N counting
/// calls), and `decant` exits with STUB_STATUS. What the recipe would run, without a cluster.
///
/// The stand-ins are links to Stubs/stand-in, which git checks out, and never files this process
/// writes: a script written here and run at once fails now and then with "Text file busy", when
/// another test forks while the file is open for writing and its child keeps the descriptor.
struct StubbedShell {
    static let standIn = Repository.root + "/Tests/EndToEndTests/Stubs/stand-in"
    let folder: TemporaryFolder
    var calls: String { folder.file("calls") }

    init() throws {
        folder = TemporaryFolder("decant-deploy")
        let bin = folder.folder("bin")
        _ = folder.folder("calls")
        for tool in ["decant", "sbatch"] {
            try FileManager.default.createSymbolicLink(atPath: "\(bin)/\(tool)", withDestinationPath: Self.standIn)
        }
    }

    struct Outcome {
        var status: Int32
        var stderr: String
        /// Each call of the tool: its arguments, in order.
        var calls: [String: [[String]]]
        var environments: [String: [String]]
    }

    /// `shell arguments…` with `environment` (and the stand-ins first on PATH); the rest of the
    /// environment is left out, so nothing of the test's own leaks in.
    func run(_ shell: String, _ arguments: [String], environment: [String: String]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = arguments
        process.environment = environment.merging(["PATH": "\(folder.file("bin")):/usr/bin:/bin"]) { a, _ in a }
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var calls: [String: [[String]]] = [:], environments: [String: [String]] = [:]
        for tool in ["decant", "sbatch"] {
            var n = 1
            while let text = try? String(contentsOfFile: "\(self.calls)/\(tool)-\(n)", encoding: .utf8) {
                calls[tool, default: []].append(text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
                let env = (try? String(contentsOfFile: "\(self.calls)/\(tool)-\(n).env", encoding: .utf8)) ?? ""
                environments[tool, default: []].append(env)
                n += 1
            }
        }
        return Outcome(status: process.terminationStatus, stderr: stderr, calls: calls, environments: environments)
    }
}

/// The value after `option` in an argument list.
func value(of option: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
