import Imaging

/// One purchased line of a receipt.
public struct ReceiptItem: Sendable, Equatable, Codable {
    /// Index of the first recognized line the item was read from.
    public var line: Int
    /// Index of the last line: a description printed above its numbers spans two lines.
    public var lastLine: Int
    public var rawText: String
    public var box: PixelRect
    public var description: String
    /// Article number or barcode printed with the item (EAN, SKU), when there is one.
    public var code: String?
    public var quantity: Double?
    public var unitPrice: Double?
    /// The line's amount as printed (negative for a returned item or a discount line).
    public var amount: Double
    /// The description's vintage when the item is a wine (used for catalogue matching).
    public var vintage: Vintage?
    /// The description as a wine's name (abbreviations written out, vintage and size taken off),
    /// parsed once with the vintage so matching does not parse it again.
    public var wineName: String?

    public init(line: Int, lastLine: Int? = nil, rawText: String, box: PixelRect, description: String, code: String? = nil,
                quantity: Double? = nil, unitPrice: Double? = nil, amount: Double, vintage: Vintage? = nil) {
        self.line = line
        self.lastLine = lastLine ?? line
        self.rawText = rawText
        self.box = box
        self.description = description
        self.code = code
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.amount = amount
        self.vintage = vintage
    }
}

extension ReceiptItem {
    /// The description read as a wine: its vintage and its name.
    mutating func readWine(_ fields: FieldParser) {
        let parsed = fields.parse(description)
        vintage = parsed.vintage
        wineName = parsed.name
    }
}
