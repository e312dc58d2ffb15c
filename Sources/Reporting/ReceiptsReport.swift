/// receipts.json: a job's receipts, one object per receipt.
public struct ReceiptsReport: Sendable, Equatable, Codable {
    public var schemaVersion = ReportSchema.version
    public var job: String
    public var receipts: [ReceiptRecord]

    public init(job: String, receipts: [ReceiptRecord]) {
        self.job = job
        self.receipts = receipts
    }
}
