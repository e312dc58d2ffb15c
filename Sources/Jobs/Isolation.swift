import Pipeline
/// Where images are read. Tesseract and leptonica are C libraries fed with files from outside:
/// in worker processes, a crash or hang on one image ends only that worker.
public enum Isolation: Sendable, Equatable {
    /// Read in this process (tests, debugging, valgrind).
    case inProcess
    /// Read in child processes: `executable arguments…` serves `PageTask`s as JSON lines on
    /// stdin and answers `PageResult`s on stdout (`decant run … --worker`). `timeout` bounds one image.
    case processes(executable: String, arguments: [String], timeout: Double)
}
