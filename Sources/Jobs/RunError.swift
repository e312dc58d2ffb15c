/// Errors that stop a whole run, each with the process exit status it maps to (see README).
public struct RunError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Wrong arguments or a missing inbox: exit 64.
        case usage
        /// Tesseract, its language data or another system dependency is missing: exit 69.
        case missingDependency
        /// The output folder cannot be written: exit 73.
        case output
        /// Another run holds the output folder: exit 75.
        case locked
    }
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    public var exitCode: Int32 {
        switch kind {
        case .usage: return ExitStatus.usage
        case .missingDependency: return ExitStatus.missingDependency
        case .output: return ExitStatus.output
        case .locked: return ExitStatus.locked
        }
    }
}

/// Process exit statuses (sysexits-style where one fits).
public enum ExitStatus {
    public static let success: Int32 = 0
    public static let internalError: Int32 = 1
    /// The run finished but some images failed; their errors are in pages.json.
    public static let someImagesFailed: Int32 = 2
    /// Evaluation gate: a metric got worse than the baseline.
    public static let accuracyRegression: Int32 = 3
    /// The night's reports were written but the run history could not be (corrupt, locked or
    /// unwritable database): no change report tonight, nothing partial recorded. Takes precedence over 2.
    public static let historyNotRecorded: Int32 = 4
    public static let usage: Int32 = 64
    public static let missingDependency: Int32 = 69
    public static let output: Int32 = 73
    public static let locked: Int32 = 75
}
