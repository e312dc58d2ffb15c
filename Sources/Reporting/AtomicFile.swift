import Foundation
import SystemPackage

/// Writes whole files or nothing: data goes to a temporary file in the same folder, is flushed,
/// then renamed over the target, so a crash or a full disk leaves the previous report intact.
///
/// The descriptor work is swift-system's (`FileDescriptor.open`, `writeAll` with its retry on
/// EINTR, `close`, `Errno`'s messages); flushing and renaming have no swift-system call and stay
/// with the C library.
public enum AtomicFile {
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    /// Writes all the bytes to the descriptor; tests substitute one that fails like a full disk.
    typealias WriteAll = (FileDescriptor, Data) throws -> Void

    public static func write(_ data: Data, to path: String) throws(WriteError) {
        try write(data, to: path, using: { descriptor, bytes in try descriptor.writeAll(bytes) })
    }

    static func write(_ data: Data, to path: String, using writeAll: WriteAll) throws(WriteError) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: directory, message: "cannot create folder (\(Self.reason(error)))")
        }
        let temporary = "\(directory.isEmpty ? "." : directory)/.\((path as NSString).lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(temporary), .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
                                                 permissions: FilePermissions(rawValue: 0o644))
        } catch {
            throw WriteError(path: path, message: "cannot write (\(Self.reason(error)))")
        }
        var failure: String?
        do { try writeAll(descriptor, data) } catch { failure = Self.reason(error) }
        if failure == nil, fsync(descriptor.rawValue) != 0 { failure = Errno(rawValue: errno).description }
        do { try descriptor.close() } catch { failure = failure ?? Self.reason(error) }
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, message: "write failed (\(failure)); the previous file is untouched")
        }
        guard rename(temporary, path) == 0 else {
            let message = Errno(rawValue: errno).description
            unlink(temporary)
            throw WriteError(path: path, message: "could not replace the file (\(message))")
        }
    }

    public static func write(_ text: String, to path: String) throws(WriteError) {
        try write(Data(text.utf8), to: path)
    }

    /// The system's own words for a failed call ("No space left on device"), else Foundation's.
    static func reason(_ error: any Error) -> String {
        if let errno = error as? Errno { return errno.description }
        return (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
