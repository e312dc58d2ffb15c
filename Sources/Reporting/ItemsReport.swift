/// items.json: a job's receipt items, one object per item.
public struct ItemsReport: Sendable, Equatable, Codable {
    public var schemaVersion = ReportSchema.version
    public var job: String
    public var items: [ReceiptItemRecord]

    public init(job: String, items: [ReceiptItemRecord]) {
        self.job = job
        self.items = items
    }
}
