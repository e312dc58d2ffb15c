import Foundation
import SystemPackage

/// Stops two runs from writing the same output folder. An advisory `flock` on OUT/.decant/lock is
/// released by the kernel when the holder exits, even by kill -9, so a crashed run never leaves a
/// stale lock behind; the file holds the holder's pid and command for the error message.
///
/// The descriptor is swift-system's; `flock` has no swift-system call and stays with the C library.
public final class OutputLock {
    private let descriptor: FileDescriptor
    public let path: String

    public init(output: String) throws(RunError) {
        let folder = "\(output)/.decant"
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw RunError(.output, "\(output): output folder cannot be created")
        }
        path = "\(folder)/lock"
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readWrite, options: [.create, .closeOnExec],
                                                 permissions: FilePermissions(rawValue: 0o644))
        } catch {
            throw RunError(.output, "\(path): cannot open the lock file (\(error))")
        }
        guard flock(descriptor.rawValue, LOCK_EX | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            try? descriptor.close()
            throw RunError(.locked, "\(output) is being written by another run (\(holder.isEmpty ? "unknown process" : holder)); "
                           + "wait for it to finish or choose another --out")
        }
        self.descriptor = descriptor
        let note = "pid \(getpid()): \(CommandLine.arguments.joined(separator: " "))\n"
        try? descriptor.resize(to: 0)
        _ = try? descriptor.writeAll(toAbsoluteOffset: 0, Array(note.utf8))
    }

    deinit {
        try? descriptor.resize(to: 0)
        flock(descriptor.rawValue, LOCK_UN)
        try? descriptor.close()
    }
}
