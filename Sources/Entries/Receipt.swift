import Imaging

/// One purchased line of a receipt.
public struct ReceiptItem: Sendable, Equatable, Codable {
    public var line: Int
    public var rawText: String
    public var box: PixelRect
    public var description: String
    public var quantity: Double?
    public var unitPrice: Double?
    public var amount: Double
    /// The description's vintage when the item is a wine (used for catalogue matching).
    public var vintage: Vintage?

    public init(line: Int, rawText: String, box: PixelRect, description: String, quantity: Double? = nil,
                unitPrice: Double? = nil, amount: Double, vintage: Vintage? = nil) {
        self.line = line
        self.rawText = rawText
        self.box = box
        self.description = description
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.amount = amount
        self.vintage = vintage
    }
}

/// The fields a bookkeeper needs from a receipt.
public struct Receipt: Sendable, Equatable, Codable {
    public var merchant: String?
    public var address: String?
    /// ISO 8601 (yyyy-mm-dd) when the date was unambiguous.
    public var date: String?
    public var time: String?
    public var currency: String?
    public var items: [ReceiptItem]
    public var subtotal: Double?
    public var tax: Double?
    public var total: Double?
    public var payment: String?
    public var change: Double?

    public init(merchant: String? = nil, address: String? = nil, date: String? = nil, time: String? = nil,
                currency: String? = nil, items: [ReceiptItem] = [], subtotal: Double? = nil, tax: Double? = nil,
                total: Double? = nil, payment: String? = nil, change: Double? = nil) {
        self.merchant = merchant
        self.address = address
        self.date = date
        self.time = time
        self.currency = currency
        self.items = items
        self.subtotal = subtotal
        self.tax = tax
        self.total = total
        self.payment = payment
        self.change = change
    }
}
