import Foundation

/// Tesseract is built with OpenMP. One single-threaded engine per core is faster than letting each
/// engine spawn threads that fight over the same cores; libgomp reads OMP_THREAD_LIMIT once, when
/// the library loads, so the limit has to be in the environment before the process starts.
public enum ProcessEnvironment {
    public static let threadLimitVariable = "OMP_THREAD_LIMIT"

    public static var isSingleThreadedOpenMP: Bool {
        ProcessInfo.processInfo.environment[threadLimitVariable] == "1"
    }

    /// Re-executes the current program with OMP_THREAD_LIMIT=1 unless it is already set.
    /// Returns only if the limit is in place or re-execution is impossible (then it is merely slower).
    public static func ensureSingleThreadedOpenMP() {
        guard !isSingleThreadedOpenMP else { return }
        setenv(threadLimitVariable, "1", 1)
        let executable = "/proc/self/exe"
        guard FileManager.default.isExecutableFile(atPath: executable) else { return }
        var arguments = CommandLine.arguments.map { strdup($0) }
        arguments.append(nil)
        execv(executable, arguments)
        // execv only returns on failure; carry on in this process.
        arguments.forEach { free($0) }
    }
}
