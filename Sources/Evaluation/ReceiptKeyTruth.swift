/// The key fields a receipt benchmark states for each receipt (SROIE's `key/NNN.json`), as printed.
public struct ReceiptKeyTruth: Sendable, Equatable, Codable {
    public var company: String
    public var date: String
    public var address: String
    public var total: String

    public init(company: String, date: String, address: String, total: String) {
        self.company = company
        self.date = date
        self.address = address
        self.total = total
    }
}
