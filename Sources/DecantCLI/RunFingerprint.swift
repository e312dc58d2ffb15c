import Documents
import Foundation
import Jobs

/// What, besides an image and its sidecars, decides its result: the command line's result-shaping
/// options, the contents of the files they name, and the build of Decant itself. Options that only
/// steer the run (where to write, how many workers, how chatty) are left out; any option not known
/// here counts, so a new option can never make a stale page look current.
public enum RunFingerprint {
    /// Options that do not change any image's result, with whether they take a value.
    static let neutral: [String: Bool] = [
        "--out": true, "--jobs": true, "--timeout": true, "--log-format": true, "--history": true,
        "--save-flattened": true, "--quiet": false, "--force": false, "--in-process": false, "--no-history": false,
        "--worker": false, "--shard": true,
    ]

    /// This program, for worker processes and for the build identity.
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// `engines`: what decides which recognizers read the pages beyond the arguments (whether PP-OCR
    /// is installed, and which build of it), so installing it reads the photos again.
    public static func make(files: [String], engines: String = "", arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> String {
        var hasher = ContentHash()
        var skipValue = false
        for argument in arguments {
            if skipValue { skipValue = false; continue }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if let takesValue = neutral[name] {
                skipValue = takesValue && !argument.contains("=")
                continue
            }
            hasher.update("arg:\(argument)\n")
        }
        if !engines.isEmpty { hasher.update("engines:\(engines)\n") }
        for file in files {
            hasher.update("file:\(file):")
            hasher.update(FileManager.default.contents(atPath: file).map { [UInt8]($0) } ?? [])
        }
        // The build: a rebuilt binary may read differently, so its identity is part of every key.
        let attributes = try? FileManager.default.attributesOfItem(atPath: executable)
        let size = (attributes?[.size] as? Int) ?? 0
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        hasher.update("build:\(DecantVersion.string):\(size):\(modified)")
        return hasher.hex()
    }
}
