import Foundation

/// Everything one `decant run` hands to the history: recorded whole or not at all.
public struct RunRecord: Sendable, Equatable {
    public var startedAt: Date
    public var decantVersion: String
    public var inbox: String
    /// Which catalogue matched the entries (a path, or "built-in"): ids only compare within one catalogue.
    public var catalogue: String
    public var settings: [String: String]
    public var jobs: [JobSnapshot]

    public init(startedAt: Date, decantVersion: String, inbox: String, catalogue: String,
                settings: [String: String] = [:], jobs: [JobSnapshot]) {
        self.startedAt = startedAt
        self.decantVersion = decantVersion
        self.inbox = inbox
        self.catalogue = catalogue
        self.settings = settings
        self.jobs = jobs
    }
}

/// A run as stored.
public struct StoredRun: Sendable, Equatable, Codable {
    public var id: Int64
    public var startedAt: Date
    public var recordedAt: Date
    public var decantVersion: String
    public var inbox: String
    public var catalogue: String

    public init(id: Int64, startedAt: Date, recordedAt: Date, decantVersion: String, inbox: String, catalogue: String) {
        self.id = id
        self.startedAt = startedAt
        self.recordedAt = recordedAt
        self.decantVersion = decantVersion
        self.inbox = inbox
        self.catalogue = catalogue
    }
}
