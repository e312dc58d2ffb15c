/// Mean OCR word confidence (0…100) of the lines each field was read from: what a reviewer should
/// look at first, and how readings of the same page are compared.
public struct ReceiptConfidence: Sendable, Equatable, Codable {
    public var merchant: Double?
    public var address: Double?
    public var date: Double?
    public var total: Double?

    public init(merchant: Double? = nil, address: Double? = nil, date: Double? = nil, total: Double? = nil) {
        self.merchant = merchant
        self.address = address
        self.date = date
        self.total = total
    }
}
