import Imaging

/// One wine as found on a list: its printed text, where it was, and the fields read from it.
public struct WineEntry: Sendable, Equatable, Codable {
    /// Indexes of the first and last recognized line the entry spans (inclusive).
    public var firstLine: Int
    public var lastLine: Int
    public var rawText: String
    public var box: PixelRect
    public var section: String?
    public var colour: WineColour?
    public var bin: String?
    public var producer: String?
    public var wine: String?
    public var region: String?
    public var country: String?
    public var grapes: [String]
    /// The entry's name with prices, vintage, size and bin removed and abbreviations expanded.
    public var name: String
    public var vintage: Vintage?
    public var prices: [Price]
    public var currency: String?
    public var bottleSizeML: Int?
    /// Mean OCR confidence of the entry's words, 0…100.
    public var ocrConfidence: Double
    /// Lines printed under the wine (region and country, a tasting note), as read.
    public var details: String?
    /// A tasting note or description printed with the wine, as read: kept out of its name and
    /// details so that the wine is named by what names it.
    public var description: String?
    /// The layout facts that decided the entry (its column, rows and where each price came from),
    /// for a reviewer asking why; nil where the entry was not read from a page's geometry.
    public var layout: EntryLayout?

    public init(firstLine: Int, lastLine: Int, rawText: String, box: PixelRect, section: String? = nil,
                colour: WineColour? = nil, bin: String? = nil, producer: String? = nil, wine: String? = nil,
                region: String? = nil, country: String? = nil, grapes: [String] = [], name: String,
                vintage: Vintage? = nil, prices: [Price] = [], currency: String? = nil, bottleSizeML: Int? = nil,
                ocrConfidence: Double = 0) {
        self.firstLine = firstLine
        self.lastLine = lastLine
        self.rawText = rawText
        self.box = box
        self.section = section
        self.colour = colour
        self.bin = bin
        self.producer = producer
        self.wine = wine
        self.region = region
        self.country = country
        self.grapes = grapes
        self.name = name
        self.vintage = vintage
        self.prices = prices
        self.currency = currency
        self.bottleSizeML = bottleSizeML
        self.ocrConfidence = ocrConfidence
    }
}
