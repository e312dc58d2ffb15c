import Documents

/// One page of a job as the runner hands it to a worker: where it comes from, and the job it
/// belongs to with the job folder's own settings.
public struct PageTask: Sendable, Equatable, Codable {
    public var job: String
    public var source: PageSource
    /// The job folder's own settings (`decant-job.json`), when it has them.
    public var jobSettings: JobSettings?

    public init(job: String, source: PageSource, jobSettings: JobSettings? = nil) {
        self.job = job
        self.source = source
        self.jobSettings = jobSettings
    }

    public var fileName: String { source.fileName }
}
