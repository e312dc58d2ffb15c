/// The JSON shapes of `JOB/changes.json` and `changes-summary.json`.
public enum ChangeReport {
    /// Bumped whenever a field changes meaning or is removed.
    public static let schemaVersion = 1

    /// `JOB/changes.json`: one job's changes against its previous run.
    public struct Job: Sendable, Equatable, Codable {
        public var schemaVersion = ChangeReport.schemaVersion
        public var job: String
        public var runId: Int64
        public var runStartedAt: String
        public var newJob: Bool
        public var previousRunId: Int64?
        public var previousRunStartedAt: String?
        public var skippedImages: [String]
        public var changes: [Change]

        public init(_ changes: JobChanges, run: StoredRun) {
            job = changes.job
            runId = run.id
            runStartedAt = HistoryDate.iso(run.startedAt)
            newJob = changes.isNewJob
            previousRunId = changes.previousRunID
            previousRunStartedAt = changes.previousRunStartedAt
            skippedImages = changes.skippedImages
            self.changes = changes.changes
        }
    }

    /// Counts of one job's changes, a line of the run-level summary.
    public struct Counts: Sendable, Equatable, Codable {
        public var added = 0
        public var removed = 0
        public var priceChanged = 0
        public var vintageChanged = 0
        public var total: Int { added + removed + priceChanged + vintageChanged }

        public init() {}

        public init(_ changes: [Change]) {
            added = changes.filter { $0.kind == .added }.count
            removed = changes.filter { $0.kind == .removed }.count
            priceChanged = changes.filter { $0.kind == .priceChanged }.count
            vintageChanged = changes.filter { $0.kind == .vintageChanged }.count
        }

        enum CodingKeys: String, CodingKey { case added, removed, priceChanged, vintageChanged, total }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            added = try c.decode(Int.self, forKey: .added)
            removed = try c.decode(Int.self, forKey: .removed)
            priceChanged = try c.decode(Int.self, forKey: .priceChanged)
            vintageChanged = try c.decode(Int.self, forKey: .vintageChanged)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(added, forKey: .added)
            try c.encode(removed, forKey: .removed)
            try c.encode(priceChanged, forKey: .priceChanged)
            try c.encode(vintageChanged, forKey: .vintageChanged)
            try c.encode(total, forKey: .total)
        }

        static func + (a: Counts, b: Counts) -> Counts {
            var c = Counts()
            c.added = a.added + b.added; c.removed = a.removed + b.removed
            c.priceChanged = a.priceChanged + b.priceChanged; c.vintageChanged = a.vintageChanged + b.vintageChanged
            return c
        }
    }

    public struct JobLine: Sendable, Equatable, Codable {
        public var job: String
        public var newJob: Bool
        public var previousRunId: Int64?
        public var skippedImages: [String]
        public var changes: Counts
    }

    /// `changes-summary.json`: every job's counts, or why the run could not be recorded.
    public struct Summary: Sendable, Equatable, Codable {
        public var schemaVersion = ChangeReport.schemaVersion
        public var history: String
        /// false: the database could not be written; `error` says why and no job has a change report.
        public var recorded: Bool
        public var error: String?
        public var runId: Int64?
        public var runStartedAt: String?
        public var jobs: [JobLine]
        public var newJobs: Int
        public var jobsWithChanges: Int
        public var totals: Counts

        public init(history: String, recorded: RecordedRun) {
            self.history = history
            self.recorded = true
            runId = recorded.run.id
            runStartedAt = HistoryDate.iso(recorded.run.startedAt)
            jobs = recorded.jobs.map {
                JobLine(job: $0.job, newJob: $0.isNewJob, previousRunId: $0.previousRunID, skippedImages: $0.skippedImages,
                        changes: Counts($0.changes))
            }
            newJobs = jobs.filter(\.newJob).count
            jobsWithChanges = jobs.filter { $0.changes.total > 0 }.count
            totals = jobs.reduce(Counts()) { $0 + $1.changes }
        }

        public init(history: String, failure: HistoryError) {
            self.history = history
            recorded = false
            error = failure.description
            jobs = []
            newJobs = 0
            jobsWithChanges = 0
            totals = Counts()
        }
    }
}
