import DecantTestSupport
import Foundation

/// Runs a recipe's shell code from docs/deploy with stand-ins for `decant` and `sbatch` first on
/// PATH: each writes the arguments it was called with, one per line, to CALLS/NAME-N (N counting
/// calls), and `decant` exits with STUB_STATUS. What the recipe would run, without a cluster.
struct StubbedShell {
    let folder: TemporaryFolder
    var calls: String { folder.file("calls") }

    init() throws {
        folder = TemporaryFolder("decant-deploy")
        let bin = folder.folder("bin")
        _ = folder.folder("calls")
        for tool in ["decant", "sbatch"] {
            let script = """
                #!/bin/sh
                n=$(ls "\(calls)" | grep -c "^\(tool)-")
                for argument in "$@"; do printf '%s\\n' "$argument"; done > "\(calls)/\(tool)-$((n + 1))"
                env | grep -E '^(DECANT_|OMP_)' | sort > "\(calls)/\(tool)-$((n + 1)).env"
                exit ${STUB_STATUS:-0}
                """
            let path = "\(bin)/\(tool)"
            guard FileManager.default.createFile(atPath: path, contents: Data(script.utf8)) else {
                throw DeployScriptError("cannot write \(path)")
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
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

struct DeployScriptError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The value after `option` in an argument list.
func value(of option: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
