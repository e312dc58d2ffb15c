import Pipeline
import Dispatch
import Foundation
import Reporting

/// The parent's end of one worker process: sends an image, waits for its result with a timeout,
/// and turns a crash or a hang into a failed page, starting a fresh worker for the next image.
///
/// Used by exactly one worker task, one call at a time; the blocking pipe I/O runs on the slot's
/// own dispatch queue so it never ties up the concurrency runtime's threads.
final class WorkerSlot: @unchecked Sendable {
    private let executable: String
    private let arguments: [String]
    private let timeout: Double
    private let queue = DispatchQueue(label: "decant.worker-slot")
    private var process: WorkerProcess?
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    init(executable: String, arguments: [String], timeout: Double) {
        self.executable = executable
        self.arguments = arguments
        self.timeout = timeout
    }

    func process(_ task: PageTask) async -> PageResult {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.processBlocking(task)) }
        }
    }

    func finish() async {
        await withCheckedContinuation { continuation in
            queue.async {
                self.process?.finish()
                self.process = nil
                continuation.resume()
            }
        }
    }

    private func processBlocking(_ task: PageTask) -> PageResult {
        let worker: WorkerProcess
        if let running = process {
            worker = running
        } else {
            do throws(RunError) {
                worker = try WorkerProcess(executable: executable, arguments: arguments, environment: Self.environment)
            } catch {
                return Self.failed(task, stage: "worker", kind: "unavailable", "\(task.fileName): could not start a worker: \(error.message)")
            }
        }
        process = worker
        do {
            try worker.send(encoder.encode(task))
            let reply = try worker.receive(timeout: timeout)
            return try decoder.decode(PageResult.self, from: reply)
        } catch let failure as WorkerProcess.Failure {
            process = nil
            switch failure {
            case .timedOut:
                return Self.failed(task, stage: "worker", kind: "timeout",
                                   "\(task.fileName): gave up after \(Int(timeout)) s (--timeout); the worker was stopped")
            case .exited(_, let signal?):
                return Self.failed(task, stage: "worker", kind: "crash",
                                   "\(task.fileName): the worker reading it crashed with \(WorkerProcess.signalName(signal))")
            case .exited(let status, nil):
                return Self.failed(task, stage: "worker", kind: "crash",
                                   "\(task.fileName): the worker reading it exited unexpectedly (status \(status.map(String.init) ?? "unknown"))")
            case .protocolError(let message):
                return Self.failed(task, stage: "worker", kind: "crash", "\(task.fileName): \(message)")
            }
        } catch {
            // A reply that is not a page result: the worker is in an unknown state, replace it.
            process = nil
            worker.finish()
            return Self.failed(task, stage: "worker", kind: "crash", "\(task.fileName): the worker answered garbage (\(error))")
        }
    }

    /// The worker's environment: ours, without Swift's crash backtracer, which would catch a
    /// SIGSEGV sent from outside and let the worker carry on, and prints pages of registers.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return environment
    }

    static func failed(_ task: PageTask, stage: String, kind: String, _ message: String) -> PageResult {
        var record = PageRecord(image: task.fileName, job: task.job)
        record.error = PageError(stage: stage, kind: kind, message: message)
        return PageResult(record: record, text: nil, entries: [])
    }
}
