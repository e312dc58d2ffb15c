import Pipeline
import Foundation
import Reporting
import Subprocess

/// The parent's end of one worker process: sends an image, waits for its result with a timeout,
/// and turns a crash or a hang into a failed page, starting a fresh worker for the next image.
///
/// Used by exactly one worker task, one call at a time. The pipes are swift-subprocess's
/// asynchronous ones, so waiting for a worker ties up no thread.
actor WorkerSlot {
    private let executable: String
    private let arguments: [String]
    private let timeout: Double
    private var process: WorkerProcess?
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    init(executable: String, arguments: [String], timeout: Double) {
        self.executable = executable
        self.arguments = arguments
        self.timeout = timeout
    }

    func process(_ task: PageTask) async -> PageResult {
        let request: Data
        do { request = try encoder.encode(task) } catch {
            return Self.failed(task, stage: .worker, kind: "crash", "\(task.fileName): could not be handed to a worker (\(error))")
        }
        let worker = process ?? WorkerProcess(executable: executable, arguments: arguments, environment: Self.environment,
                                              timeout: .milliseconds(Int64((timeout * 1000).rounded())))
        process = worker
        switch await worker.exchange(Array(request)) {
        case .success(let reply):
            do { return try decoder.decode(PageResult.self, from: Data(reply)) } catch {
                // A reply that is not a page result: the worker is in an unknown state, replace it.
                process = nil
                await worker.finish()
                return Self.failed(task, stage: .worker, kind: "crash", "\(task.fileName): the worker answered garbage (\(error))")
            }
        case .failure(let failure):
            process = nil
            switch failure {
            case .timedOut:
                return Self.failed(task, stage: .worker, kind: "timeout",
                                   "\(task.fileName): gave up after \(Int(timeout)) s (--timeout); the worker was stopped")
            case .exited(_, let signal?):
                return Self.failed(task, stage: .worker, kind: "crash",
                                   "\(task.fileName): the worker reading it crashed with \(WorkerProcess.signalName(signal))")
            case .exited(let status, nil):
                return Self.failed(task, stage: .worker, kind: "crash",
                                   "\(task.fileName): the worker reading it exited unexpectedly (status \(status.map(String.init) ?? "unknown"))")
            case .unavailable(let message):
                return Self.failed(task, stage: .worker, kind: "unavailable", "\(task.fileName): could not start a worker: \(message)")
            }
        }
    }

    func finish() async {
        await process?.finish()
        process = nil
    }

    /// The worker's environment: ours, without Swift's crash backtracer, which would catch a
    /// SIGSEGV sent from outside and let the worker carry on, and prints pages of registers; and
    /// with the priority this process started at, which the worker takes on (it inherits that of
    /// the runtime thread that spawns it: `ProcessPriority`).
    static let environment: Environment = {
        var variables: [Environment.Key: String?] = ["SWIFT_BACKTRACE": "enable=no"]
        if let priority = ProcessPriority.atStart { variables[Environment.Key(stringLiteral: ProcessPriority.variable)] = priority.environmentValue }
        return Environment.inherit.updating(variables)
    }()

    static func failed(_ task: PageTask, stage: Stage, kind: String, _ message: String) -> PageResult {
        var record = PageRecord(image: task.fileName, job: task.job)
        record.error = PageError(stage: stage, kind: kind, message: message)
        return PageResult(record: record, text: nil, entries: [])
    }
}
