import Foundation

/// A child `decant worker` process talking JSON lines over pipes. Tesseract and leptonica are C
/// libraries fed with files from outside; running them in a child means a segfault, an abort or
/// a hang on one image ends only that child. The parent kills and restarts it and goes on.
final class WorkerProcess {
    enum Failure: Error, Equatable {
        /// The child died; `signal` is set when a signal killed it (SIGSEGV, SIGABRT …).
        case exited(status: Int32?, signal: Int32?)
        case timedOut
        case protocolError(String)
    }

    private static let spawnLock = NSLock()

    let pid: pid_t
    private let input: Int32    // parent writes requests here
    private let output: Int32   // parent reads replies here
    private var pending = [UInt8]()
    private var reaped = false
    private var inputOpen = true

    /// Starts `executable arguments…` with stdin/stdout as pipes; stderr is inherited so the
    /// child's own diagnostics reach the user.
    init(executable: String, arguments: [String], environment: [String: String]) throws(RunError) {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        // Close-on-exec, and made under one lock with the spawn: a second worker must not inherit
        // this worker's pipe ends, or closing ours would never reach this child as end-of-file and
        // both would wait for each other forever.
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else {
            throw RunError(.missingDependency, "cannot create pipes for a worker process (\(String(cString: strerror(errno))))")
        }
        for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        for fd in [toChild[0], toChild[1], fromChild[0], fromChild[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw RunError(.missingDependency, "cannot start worker \(executable) (\(String(cString: strerror(status))))")
        }
        pid = child
        input = toChild[1]
        output = fromChild[0]
        // A dead child must surface as EPIPE on write, not kill the parent.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        if inputOpen { close(input) }
        close(output)
        if !reaped {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    /// Sends one line (a JSON object without newlines).
    func send(_ line: Data) throws(Failure) {
        var data = line
        data.append(0x0A)
        let ok = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = write(input, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
        if !ok { throw reap() }
    }

    /// Reads one reply line, waiting at most `timeout` seconds.
    func receive(timeout: Double) throws(Failure) -> Data {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = Data(pending[..<newline])
                pending.removeSubrange(...newline)
                return line
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                kill(pid, SIGKILL)
                _ = reap()
                throw .timedOut
            }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, 1000)))
            if ready < 0 { if errno == EINTR { continue }; throw reap() }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = read(output, &chunk, chunk.count)
            if n < 0 { if errno == EINTR { continue }; throw reap() }
            if n == 0 { throw reap() }
            pending.append(contentsOf: chunk[0..<n])
        }
    }

    /// Waits for the child and describes how it ended.
    private func reap() -> Failure {
        guard !reaped else { return .exited(status: nil, signal: nil) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
        let signalled = (status & 0x7f) != 0 && (status & 0x7f) != 0x7f
        return signalled ? .exited(status: nil, signal: status & 0x7f) : .exited(status: (status >> 8) & 0xff, signal: nil)
    }

    /// Closes the request pipe so the child finishes its loop, then waits for it.
    func finish() {
        if inputOpen { close(input); inputOpen = false }
        _ = reap()
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
