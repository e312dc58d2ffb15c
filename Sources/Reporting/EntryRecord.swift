import Catalogue
import Entries
import Imaging

/// One row of entries.csv / entries.json: a wine-list entry or a receipt item, with its match.
public struct EntryRecord: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable { case wine, item }

    public var job: String
    public var image: String
    /// The page of a multi-page document (a PDF), 1-based; nil for a photo.
    public var page: Int?
    public var kind: Kind
    public var firstLine: Int
    public var lastLine: Int
    public var rawText: String
    public var name: String
    /// The producer when the parser split it off the name (JSON only; metrics check it).
    public var producer: String?
    /// Wine (cuvée), region, country and grapes the parser read from the name and the lines under it (JSON only).
    public var wine: String?
    public var region: String?
    public var country: String?
    public var grapes: [String]?
    /// A tasting note or description printed with the wine (JSON only).
    public var description: String?
    public var section: String?
    public var colour: WineColour?
    public var bin: String?
    public var vintage: Vintage?
    public var prices: [Price]
    public var currency: String?
    public var bottleSizeML: Int?
    public var quantity: Double?
    public var box: PixelRect
    public var ocrConfidence: Double
    public var match: MatchResult?
    /// Score, drinking window, markup, value and budget fit of the matched wine (Catalogue/Insights).
    public var insight: EntryInsight?
    /// Why the wine-list parser read the entry as it did: its column, rows and where each price came
    /// from (JSON only; shown on the review page).
    public var layout: EntryLayout?

    public init(job: String, image: String, entry: WineEntry, match: MatchResult?, insight: EntryInsight? = nil) {
        self.job = job
        self.image = image
        self.kind = .wine
        self.firstLine = entry.firstLine
        self.lastLine = entry.lastLine
        self.rawText = entry.rawText
        self.name = entry.name
        self.producer = entry.producer
        self.wine = entry.wine
        self.region = entry.region
        self.country = entry.country
        self.grapes = entry.grapes.isEmpty ? nil : entry.grapes
        self.description = entry.description
        self.section = entry.section
        self.colour = entry.colour
        self.bin = entry.bin
        self.vintage = entry.vintage
        self.prices = entry.prices
        self.currency = entry.currency
        self.bottleSizeML = entry.bottleSizeML
        self.box = entry.box
        self.ocrConfidence = entry.ocrConfidence
        self.match = match
        self.insight = insight
        self.layout = entry.layout
    }

    public init(job: String, image: String, item: ReceiptItem, currency: String?, match: MatchResult?, confidence: Double,
                insight: EntryInsight? = nil) {
        self.job = job
        self.image = image
        self.kind = .item
        self.firstLine = item.line
        self.lastLine = item.lastLine
        self.rawText = item.rawText
        self.name = item.description
        self.vintage = item.vintage
        self.prices = [Price(amount: item.amount, column: .unknown, currency: currency)]
        self.currency = currency
        self.quantity = item.quantity
        self.box = item.box
        self.ocrConfidence = confidence
        self.match = match
        self.insight = insight
    }

    public static let csvHeader = [
        "job", "image", "page", "kind", "first_line", "last_line", "raw_text", "name", "section", "colour", "bin", "vintage",
        "prices", "price_columns", "currency", "bottle_size_ml", "quantity", "ocr_confidence",
        "match_id", "match_name", "match_vintage", "match_confidence", "match_type",
        "score", "drink_status", "markup", "value", "best_value", "fits_budget",
        // Added after the columns above so readers that index columns by position still work.
        "drink_from", "drink_to", "drink_window_source",
    ]

    public var csvRow: [String] {
        [
            job, image, page.map(String.init) ?? "", kind.rawValue, String(firstLine), String(lastLine), rawText, name, section ?? "", colour?.rawValue ?? "",
            bin ?? "", vintage?.description ?? "",
            prices.map(\.formatted).joined(separator: " / "),
            prices.map(\.column.rawValue).joined(separator: " / "),
            currency ?? "", bottleSizeML.map(String.init) ?? "", quantity.map(Self.number) ?? "",
            Self.number(ocrConfidence),
            match?.best?.wineID ?? "", match?.best?.name ?? "", match?.best?.vintage?.description ?? "",
            match.map { Self.number($0.confidence) } ?? "", match?.type.rawValue ?? "",
            insight?.score.map(Self.number) ?? "", insight?.drinkStatus?.rawValue ?? "",
            insight?.markup.map { Self.number(($0 * 100).rounded() / 100) } ?? "", insight?.value.map(Self.number) ?? "",
            insight.map { $0.bestValue ? "yes" : "" } ?? "", insight?.fitsBudget?.rawValue ?? "",
            insight?.drinkFrom.map(String.init) ?? "", insight?.drinkTo.map(String.init) ?? "", insight?.drinkWindowSource ?? "",
        ]
    }

    /// Numbers with at most three decimals and no trailing zeros, locale-independent.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(rounded)
        if text.contains("e") { text = String(Int(rounded)) }
        return text
    }
}
