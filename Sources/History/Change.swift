import Entries

/// One difference between a job's list last time and tonight.
public struct Change: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// The job has never been recorded before: nothing to compare with.
        case newJob = "new-job"
        case removed, added
        case vintageChanged = "vintage-changed"
        case priceChanged = "price-changed"
    }

    public var kind: Kind
    public var wineID: String?
    /// The catalogue's name when matched, else the name as read.
    public var name: String
    /// Tonight's vintage (last night's for a removed wine).
    public var vintage: Vintage?
    public var bottleSizeML: Int?
    public var section: String?
    /// The price column's meaning (glass, bottle, …) for a price change.
    public var column: String?
    /// Before and after: a price, a vintage, or for an added/removed wine its prices ("bottle 65 / glass 12").
    public var old: String?
    public var new: String?
    /// The image the entry was read from tonight (last night for a removed wine).
    public var image: String?

    public init(kind: Kind, wineID: String? = nil, name: String, vintage: Vintage? = nil, bottleSizeML: Int? = nil,
                section: String? = nil, column: String? = nil, old: String? = nil, new: String? = nil,
                image: String? = nil) {
        self.kind = kind
        self.wineID = wineID
        self.name = name
        self.vintage = vintage
        self.bottleSizeML = bottleSizeML
        self.section = section
        self.column = column
        self.old = old
        self.new = new
        self.image = image
    }

    public static let csvHeader = [
        "job", "change", "wine_id", "name", "vintage", "bottle_size_ml", "section", "column", "old", "new", "image",
    ]

    public func csvRow(job: String) -> [String] {
        [
            job, kind.rawValue, wineID ?? "", name, vintage?.description ?? "", bottleSizeML.map(String.init) ?? "",
            section ?? "", column ?? "", old ?? "", new ?? "", image ?? "",
        ]
    }
}

/// A job's changes against its previous run.
public struct JobChanges: Sendable, Equatable, Codable {
    public var job: String
    /// The run compared against; nil when the job is new.
    public var previousRunID: Int64?
    public var previousRunStartedAt: String?
    /// Images that failed on either night: their entries are left out of the comparison, so a bad
    /// photo does not read as every wine on it being dropped.
    public var skippedImages: [String]
    public var changes: [Change]

    public init(job: String, previousRunID: Int64?, previousRunStartedAt: String?, skippedImages: [String],
                changes: [Change]) {
        self.job = job
        self.previousRunID = previousRunID
        self.previousRunStartedAt = previousRunStartedAt
        self.skippedImages = skippedImages
        self.changes = changes
    }

    public var isNewJob: Bool { previousRunID == nil }

    public func count(_ kind: Change.Kind) -> Int { changes.filter { $0.kind == kind }.count }
}
