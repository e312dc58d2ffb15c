import Foundation

/// Stops two runs from writing the same output folder. An advisory `flock` on OUT/.decant/lock is
/// released by the kernel when the holder exits, even by kill -9, so a crashed run never leaves a
/// stale lock behind; the file holds the holder's pid and command for the error message.
public final class OutputLock {
    private let descriptor: Int32
    public let path: String

    public init(output: String) throws(RunError) {
        let folder = "\(output)/.decant"
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw RunError(.output, "\(output): output folder cannot be created")
        }
        path = "\(folder)/lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw RunError(.output, "\(path): cannot open the lock file (\(String(cString: strerror(errno))))") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            close(fd)
            throw RunError(.locked, "\(output) is being written by another run (\(holder.isEmpty ? "unknown process" : holder)); "
                           + "wait for it to finish or choose another --out")
        }
        descriptor = fd
        let note = "pid \(getpid()): \(CommandLine.arguments.joined(separator: " "))\n"
        _ = ftruncate(fd, 0)
        _ = note.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    deinit {
        _ = ftruncate(descriptor, 0)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
