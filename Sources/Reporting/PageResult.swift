/// Everything one image contributes to a job's reports.
public struct PageResult: Sendable, Equatable, Codable {
    public var record: PageRecord
    /// Recognized text in reading order (the `IMAGE-NAME.txt` sidecar); nil when the image failed.
    public var text: String?
    public var entries: [EntryRecord]

    public init(record: PageRecord, text: String?, entries: [EntryRecord]) {
        self.record = record
        self.text = text
        self.entries = entries
    }
}
