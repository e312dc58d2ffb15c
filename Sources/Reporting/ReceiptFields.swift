import Entries

/// A receipt's fields besides its items, as pages.json records them, so that `decant eval` can
/// check them against ground truth without running OCR again.
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

    public init(_ receipt: Receipt) {
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
