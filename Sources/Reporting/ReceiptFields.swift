/// A receipt's fields besides its items, as pages.json shows them beside the page. Only written:
/// the receipt itself is the job's `ReceiptRecord` (receipts.json), from which these are copied
/// when pages.json is written and to which a report read back is joined again.
public struct ReceiptFields: Sendable, Equatable, Codable {
    public var merchant: String?
    public var address: String?
    /// yyyy-mm-dd
    public var date: String?
    public var time: String?
    public var currency: String?
    public var subtotal: Double?
    public var tax: Double?
    public var total: Double?
    public var payment: String?
    public var change: Double?

    public init(_ receipt: ReceiptRecord) {
        merchant = receipt.merchant
        address = receipt.address
        date = receipt.date
        time = receipt.time
        currency = receipt.currency
        subtotal = receipt.subtotal
        tax = receipt.tax
        total = receipt.total
        payment = receipt.payment
        change = receipt.change
    }
}
