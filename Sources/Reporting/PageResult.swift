/// Everything one image contributes to a job's reports.
public struct PageResult: Sendable, Equatable, Codable {
    public var record: PageRecord
    /// Recognized text in reading order (the `IMAGE-NAME.txt` sidecar); nil when the image failed.
    public var text: String?
    public var entries: [EntryRecord]
    /// The receipt read from the image, when it is one (a row of receipts.csv).
    public var receipt: ReceiptRecord?
    /// The receipt's items (rows of items.csv), with their catalogue matches.
    public var items: [ReceiptItemRecord]

    /// The page's record as pages.json shows it: with its receipt's fields copied from `receipt`,
    /// the one record of the receipt.
    public var writtenRecord: PageRecord {
        var written = record
        written.receipt = receipt.map(ReceiptFields.init)
        return written
    }

    /// File name, then page: the order reports list pages in.
    public static func inReadingOrder(_ a: PageResult, _ b: PageResult) -> Bool {
        (a.record.image, a.record.page ?? 0) < (b.record.image, b.record.page ?? 0)
    }

    public init(record: PageRecord, text: String?, entries: [EntryRecord], receipt: ReceiptRecord? = nil,
                items: [ReceiptItemRecord] = []) {
        self.record = record
        self.text = text
        self.entries = entries
        self.receipt = receipt
        self.items = items
    }
}
