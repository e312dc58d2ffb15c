/// summary.json: what a run did, at a glance.
public struct RunSummary: Sendable, Equatable, Codable {
    public var schemaVersion = ReportSchema.version
    public var decantVersion: String
    public var tesseractVersion: String
    public var inbox: String
    public var settings: [String: String]
    public var jobs: [JobSummary]
    public var images: Int
    public var failedImages: Int
    public var entries: Int
    public var matchedEntries: Int
    public var timingsMS: StageTimings
    public var wallClockMS: Double

    public init(decantVersion: String, tesseractVersion: String, inbox: String, settings: [String: String],
                jobs: [JobSummary], wallClockMS: Double) {
        self.decantVersion = decantVersion
        self.tesseractVersion = tesseractVersion
        self.inbox = inbox
        self.settings = settings
        self.jobs = jobs
        self.images = jobs.reduce(0) { $0 + $1.images }
        self.failedImages = jobs.reduce(0) { $0 + $1.failedImages }
        self.entries = jobs.reduce(0) { $0 + $1.entries }
        self.matchedEntries = jobs.reduce(0) { $0 + $1.matchedEntries }
        self.timingsMS = jobs.reduce(StageTimings()) { $0 + $1.timingsMS }
        self.wallClockMS = wallClockMS
    }
}

public struct JobSummary: Sendable, Equatable, Codable {
    public var name: String
    public var images: Int
    public var failedImages: Int
    public var entries: Int
    public var matchedEntries: Int
    public var timingsMS: StageTimings

    public init(name: String, images: Int, failedImages: Int, entries: Int, matchedEntries: Int, timingsMS: StageTimings) {
        self.name = name
        self.images = images
        self.failedImages = failedImages
        self.entries = entries
        self.matchedEntries = matchedEntries
        self.timingsMS = timingsMS
    }
}

public enum ReportSchema {
    /// Bumped whenever a field of a JSON report changes meaning or is removed.
    public static let version = 1
}
