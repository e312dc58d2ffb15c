import Foundation

/// Writes whole files or nothing: data goes to a temporary file in the same folder, is flushed,
/// then renamed over the target, so a crash or a full disk leaves the previous report intact.
public enum AtomicFile {
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    /// The system call that writes bytes; tests substitute one that fails like a full disk.
    typealias WriteCall = (Int32, UnsafeRawPointer, Int) -> Int

    public static func write(_ data: Data, to path: String) throws(WriteError) {
        try write(data, to: path, using: { Foundation.write($0, $1, $2) })
    }

    static func write(_ data: Data, to path: String, using writeCall: WriteCall) throws(WriteError) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: directory, message: "cannot create folder (\(Self.reason(error)))")
        }
        let temporary = "\(directory.isEmpty ? "." : directory)/.\((path as NSString).lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, message: "cannot write (\(String(cString: strerror(errno))))") }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = writeCall(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, message: "write failed (\(failure)); the previous file is untouched")
        }
        guard rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: path, message: "could not replace the file (\(message))")
        }
    }

    public static func write(_ text: String, to path: String) throws(WriteError) {
        try write(Data(text.utf8), to: path)
    }

    static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
