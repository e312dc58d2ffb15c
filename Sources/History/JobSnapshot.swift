/// What one job (one restaurant's list) looked like in one run.
public struct JobSnapshot: Sendable, Equatable, Codable {
    /// The job's name: its folder below the inbox. It is the job's identity across nights.
    public var job: String
    public var images: [HistoryImage]
    public var entries: [HistoryEntry]

    public init(job: String, images: [HistoryImage] = [], entries: [HistoryEntry] = []) {
        self.job = job
        self.images = images
        self.entries = entries
    }

    /// Images that produced nothing this run; their entries are neither added nor removed.
    public var failedImages: Set<String> { Set(images.filter(\.failed).map(\.name)) }
}
