import Foundation
import Subprocess
import Synchronization
import SystemPackage

/// A child `decant worker` process talking JSON lines over pipes. Tesseract and leptonica are C
/// libraries fed with files from outside; running them in a child means a segfault, an abort or
/// a hang on one image ends only that child. The slot replaces it and goes on.
///
/// The child is swift-subprocess's (`run` with a body): it spawns with every other descriptor
/// closed, watches the child through a pidfd, and the child lives exactly as long as the body,
/// which serves one request after another. A reply that does not come within the timeout gets
/// the child a SIGKILL; how the child ended is known once `run` returns, so the request in flight
/// is answered then.
final class WorkerProcess: Sendable {
    enum Failure: Error, Equatable {
        /// The child died; `signal` is set when a signal killed it (SIGSEGV, SIGABRT …).
        case exited(status: Int32?, signal: Int32?)
        case timedOut
        /// The child could not be started.
        case unavailable(String)
    }

    /// One line to send and where its reply goes.
    private struct Request: Sendable {
        var line: [UInt8]
        var reply: CheckedContinuation<Result<[UInt8], Failure>, Never>
    }

    /// Why the body stopped serving.
    private enum Ending: Sendable {
        /// The request stream was finished: stdin is closed and the child leaves its loop.
        case finished
        /// The child stopped answering this request: it died, or was killed at the timeout.
        case died(Request, timedOut: Bool)
    }

    private let requests: AsyncStream<Request>.Continuation
    private let lifetime: Task<Void, Never>

    /// Starts `executable arguments…` with stdin/stdout as pipes; stderr is inherited so the
    /// child's own diagnostics reach the user. `timeout` bounds each reply.
    init(executable: String, arguments: [String], environment: Environment, timeout: Duration) {
        // A dead child must surface as EPIPE on write, not kill the parent.
        signal(SIGPIPE, SIG_IGN)
        let (stream, requests) = AsyncStream<Request>.makeStream()
        self.requests = requests
        lifetime = Task {
            let configuration = Configuration(executable: .path(FilePath(executable)), arguments: Arguments(arguments),
                                              environment: environment)
            var pending = stream.makeAsyncIterator()
            let leftover: Failure
            do {
                let result = try await Subprocess.run(configuration, input: .inputWriter, output: .sequence,
                                                      error: .currentStandardError) { execution in
                    await Self.serve(&pending, execution: execution, timeout: timeout)
                }
                leftover = .exited(status: nil, signal: nil)
                if case .died(let request, let timedOut) = result.closureResult {
                    request.reply.resume(returning: .failure(timedOut ? .timedOut : Self.failure(result.terminationStatus)))
                }
            } catch {
                leftover = .unavailable("cannot start worker \(executable) (\(error))")
            }
            // Whatever was asked after the child ended gets an answer too.
            requests.finish()
            while let request = await pending.next() { request.reply.resume(returning: .failure(leftover)) }
        }
    }

    deinit {
        requests.finish()
    }

    /// Sends one line (a JSON object without newlines) and waits for the reply line.
    func exchange(_ line: [UInt8]) async -> Result<[UInt8], Failure> {
        await withCheckedContinuation { reply in
            if case .terminated = requests.yield(Request(line: line, reply: reply)) {
                reply.resume(returning: .failure(.exited(status: nil, signal: nil)))
            }
        }
    }

    /// Closes the request pipe so the child finishes its loop, then waits for it.
    func finish() async {
        requests.finish()
        await lifetime.value
    }

    private nonisolated(nonsending) static func serve(_ requests: inout AsyncStream<Request>.Iterator,
                              execution: Execution<CustomWriteInput, SequenceOutput, FileDescriptorOutput>,
                              timeout: Duration) async -> Ending {
        var replies = LineReader(execution.standardOutput.makeAsyncIterator())
        while let request = await requests.next(isolation: #isolation) {
            do { _ = try await execution.standardInputWriter.write(request.line + [0x0A]) } catch {
                return .died(request, timedOut: false)
            }
            let deadline = Deadline()
            let watchdog = Task {
                try? await Task.sleep(for: timeout)
                if deadline.expire() { try? execution.send(signal: .kill) }
            }
            let reply = try? await replies.next()
            let answered = deadline.answer()
            // Waited for, so that no signal can be sent once the body has returned.
            watchdog.cancel()
            await watchdog.value
            guard answered, let reply else { return .died(request, timedOut: !answered) }
            request.reply.resume(returning: .success(reply))
        }
        return .finished
    }

    private static func failure(_ status: TerminationStatus) -> Failure {
        switch status {
        case .exited(let code): return .exited(status: code, signal: nil)
        case .signaled(let signal): return .exited(status: nil, signal: signal)
        }
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: return "SIGSEGV (segmentation fault)"
        case SIGABRT: return "SIGABRT (abort)"
        case SIGBUS: return "SIGBUS (bus error)"
        case SIGFPE: return "SIGFPE (arithmetic error)"
        case SIGILL: return "SIGILL (illegal instruction)"
        case SIGKILL: return "SIGKILL (killed)"
        case SIGTERM: return "SIGTERM (terminated)"
        default: return "signal \(signal)"
        }
    }
}

/// Who settled one request first: its reply, or the timeout. Only one of them can win, so a reply
/// that lands as the time runs out is never taken from a child that is being killed.
private final class Deadline: Sendable {
    private enum State { case waiting, answered, expired }
    private let state = Mutex(State.waiting)

    /// The reply came; false when the timeout came first.
    func answer() -> Bool { settle(.answered) }

    /// The time ran out; false when the reply came first.
    func expire() -> Bool { settle(.expired) }

    private func settle(_ outcome: State) -> Bool {
        state.withLock { current in
            guard current == .waiting else { return current == outcome }
            current = outcome
            return true
        }
    }
}

/// Lines of the child's stdout, split at newline bytes (a reply is one JSON line; JSON escapes
/// every newline inside it, while Unicode line separators may stand in its text unescaped).
private struct LineReader {
    var chunks: SubprocessOutputSequence.Iterator
    var pending: [UInt8] = []

    init(_ chunks: SubprocessOutputSequence.Iterator) { self.chunks = chunks }

    /// The next line without its newline; nil at end of output.
    nonisolated(nonsending) mutating func next() async throws -> [UInt8]? {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                return line
            }
            guard let chunk = try await chunks.next(isolation: #isolation) else { return nil }
            chunk.withUnsafeBytes { pending.append(contentsOf: $0) }
        }
    }
}
