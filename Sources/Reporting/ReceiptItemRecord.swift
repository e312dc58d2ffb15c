import Catalogue
import Entries

/// One row of items.csv / items.json: a purchased line, and its catalogue match when it is a wine.
public struct ReceiptItemRecord: Sendable, Equatable, Codable {
    public var job: String
    public var image: String
    /// The page of a multi-page document (a PDF), 1-based; nil for a photo.
    public var page: Int?
    /// 1-based position of the item on its receipt.
    public var item: Int
    public var firstLine: Int
    public var lastLine: Int
    public var code: String?
    public var description: String
    public var quantity: Double?
    public var unitPrice: Double?
    public var amount: Double
    public var currency: String?
    public var vintage: Vintage?
    public var rawText: String
    public var match: MatchResult?

    public init(job: String, image: String, item: Int, receiptItem i: ReceiptItem, currency: String?, match: MatchResult?) {
        self.job = job
        self.image = image
        self.item = item
        firstLine = i.line
        lastLine = i.lastLine
        code = i.code
        description = i.description
        quantity = i.quantity
        unitPrice = i.unitPrice
        amount = i.amount
        self.currency = currency
        vintage = i.vintage
        rawText = i.rawText
        self.match = match
    }

    public static let csvHeader = [
        "job", "image", "page", "item", "first_line", "last_line", "code", "description", "quantity", "unit_price", "amount",
        "currency", "vintage", "match_id", "match_name", "match_vintage", "match_confidence", "match_type", "raw_text",
    ]

    public var csvRow: [String] {
        [
            job, image, page.map(String.init) ?? "", String(item), String(firstLine), String(lastLine), code ?? "", description,
            quantity.map(EntryRecord.number) ?? "", unitPrice.map(EntryRecord.number) ?? "", Money.format(amount),
            currency ?? "", vintage?.description ?? "", match?.best?.wineID ?? "", match?.best?.name ?? "",
            match?.best?.vintage?.description ?? "", match.map { EntryRecord.number($0.confidence) } ?? "",
            match?.type.rawValue ?? "",
            rawText,
        ]
    }
}
