/// What a receipt line's label says it is.
enum ReceiptRole: Equatable, Sendable {
    /// The bill's total; `strength` ranks grand/rounded/payable totals above a plain "total".
    case total(strength: Int)
    case subtotal
    case tax(included: Bool)
    case serviceCharge
    case discount
    case rounding
    case payment(method: String)
    case change
    /// "Total Qty: 2", "Items: 3": counts that look like totals.
    case count
    /// The heading of a tax summary table; totals printed below it restate the tax, not the bill.
    case summaryHeading
    /// Column headings of the item table (Item  Qty  Price  Amount).
    case itemHeading
    /// Cashier, invoice number, table …: bookkeeping lines that are not items.
    case meta
    case other

    var isBilling: Bool {
        switch self {
        case .total, .subtotal, .tax, .serviceCharge, .rounding, .payment, .change: return true
        default: return false
        }
    }
}
