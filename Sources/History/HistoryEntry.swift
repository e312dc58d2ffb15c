import Entries

/// One entry of a job as the history keeps it: only what identifies the wine and what can change
/// from night to night, so a run's record stays small and comparable across Decant versions.
public struct HistoryEntry: Sendable, Equatable, Codable {
    /// Wine-list entries are compared night to night; receipt items are recorded but never compared.
    public enum Kind: String, Sendable, Codable { case wine, item }

    public var kind: Kind
    /// The image the entry was read from (file name within the job).
    public var image: String
    /// The entry's name as read (abbreviations expanded, prices and vintage removed).
    public var name: String
    /// The catalogue row the matcher chose, when it identified the wine itself (not only the producer).
    public var wineID: String?
    public var wineName: String?
    /// The matched catalogue row's own vintage: nil when that row stands for every vintage of the label.
    public var wineVintage: Vintage?
    public var matchConfidence: Double?
    public var vintage: Vintage?
    public var bottleSizeML: Int?
    public var section: String?
    public var currency: String?
    public var prices: [Price]
    public var rawText: String

    public init(kind: Kind = .wine, image: String, name: String, wineID: String? = nil, wineName: String? = nil,
                wineVintage: Vintage? = nil, matchConfidence: Double? = nil, vintage: Vintage? = nil,
                bottleSizeML: Int? = nil, section: String? = nil, currency: String? = nil, prices: [Price] = [],
                rawText: String = "") {
        self.kind = kind
        self.image = image
        self.name = name
        self.wineID = wineID
        self.wineName = wineName
        self.wineVintage = wineVintage
        self.matchConfidence = matchConfidence
        self.vintage = vintage
        self.bottleSizeML = bottleSizeML
        self.section = section
        self.currency = currency
        self.prices = prices
        self.rawText = rawText
    }

    /// The name people read in change reports: the catalogue's when matched, else the list's.
    public var displayName: String { wineName ?? name }
}
