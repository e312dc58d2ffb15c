import GRDB

/// Why the history could not be read or written. Every message names the database file and says
/// what it means for the night: the run's reports stand, the run was not recorded.
public struct HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// Another process holds the write lock longer than the busy timeout.
        case locked
        /// Not a SQLite file, or SQLite found damaged pages.
        case corrupt
        /// The file or its folder cannot be opened, created or written (permissions, full disk, I/O).
        case unwritable
        /// Written by a newer Decant whose schema this version does not know.
        case newerSchema = "newer-schema"
        /// Reading a history that does not exist (the `history` commands never create one).
        case missing
        case other
    }

    public var kind: Kind
    public var path: String
    public var message: String

    public init(_ kind: Kind, path: String, _ message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }

    /// Maps SQLite's result codes to what a user can act on.
    static func from(_ error: any Error, path: String, doing: String) -> HistoryError {
        if let error = error as? HistoryError { return error }
        guard let db = error as? DatabaseError else {
            return HistoryError(.other, path: path, "history database \(doing) failed (\(error))")
        }
        let detail = db.message ?? "SQLite error \(db.resultCode.rawValue)"
        switch db.resultCode.primaryResultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return HistoryError(.locked, path: path,
                                "history database is locked by another process (\(detail)); gave up waiting while \(doing)")
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return HistoryError(.corrupt, path: path,
                                "history database is corrupt or not a SQLite file (\(detail)); move it aside to start a new history")
        case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_AUTH:
            return HistoryError(.unwritable, path: path, "history database cannot be opened or written (\(detail)) while \(doing)")
        default:
            return HistoryError(.other, path: path, "history database error while \(doing) (\(detail))")
        }
    }
}
