import Documents
import Entries
import Foundation

/// What a page really says: `NAME.gt.json` beside an image. Written by `decant synth`; users can
/// write it by hand for their own photos (only `kind` and `lines` are required).
public struct GroundTruth: Sendable, Equatable, Codable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var kind: DocumentKind
    /// The flat page's text lines in reading order.
    public var lines: [String]
    /// Wine-list entries (empty for receipts).
    public var entries: [Entry]
    /// Receipt fields (nil for wine lists).
    public var receipt: ReceiptTruth?
    /// Where the page is in the photo and how it was shaped; nil for plain scans.
    public var page: PageTruth?
    /// Free-form description of how the image was made (for synthetic images: every parameter).
    public var generator: [String: String]?

    public init(kind: DocumentKind, lines: [String], entries: [Entry] = [], receipt: ReceiptTruth? = nil,
                page: PageTruth? = nil, generator: [String: String]? = nil) {
        self.schemaVersion = Self.currentSchemaVersion
        self.kind = kind
        self.lines = lines
        self.entries = entries
        self.receipt = receipt
        self.page = page
        self.generator = generator
    }

    public struct Entry: Sendable, Equatable, Codable {
        /// The entry's text as printed, lines joined by "\n".
        public var text: String
        public var producer: String?
        public var wine: String?
        public var region: String?
        public var country: String?
        public var grapes: [String]?
        public var vintage: Vintage?
        public var prices: [Price]
        public var currency: String?
        public var bottleSizeML: Int?
        public var bin: String?
        public var section: String?
        public var colour: String?
        /// The catalogue row this wine is, or nil when it is not in the catalogue.
        public var catalogueID: String?

        public init(text: String, producer: String? = nil, wine: String? = nil, region: String? = nil,
                    country: String? = nil, grapes: [String]? = nil, vintage: Vintage? = nil, prices: [Price] = [],
                    currency: String? = nil, bottleSizeML: Int? = nil, bin: String? = nil, section: String? = nil,
                    colour: String? = nil, catalogueID: String? = nil) {
            self.text = text
            self.producer = producer
            self.wine = wine
            self.region = region
            self.country = country
            self.grapes = grapes
            self.vintage = vintage
            self.prices = prices
            self.currency = currency
            self.bottleSizeML = bottleSizeML
            self.bin = bin
            self.section = section
            self.colour = colour
            self.catalogueID = catalogueID
        }
    }

    public struct ReceiptTruth: Sendable, Equatable, Codable {
        public var merchant: String?
        public var address: String?
        /// yyyy-mm-dd
        public var date: String?
        public var time: String?
        public var currency: String?
        public var items: [Item]
        public var subtotal: Double?
        public var tax: Double?
        public var total: Double?
        public var payment: String?
        public var change: Double?

        public init(merchant: String? = nil, address: String? = nil, date: String? = nil, time: String? = nil,
                    currency: String? = nil, items: [Item] = [], subtotal: Double? = nil, tax: Double? = nil,
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

        public struct Item: Sendable, Equatable, Codable {
            public var description: String
            public var quantity: Double?
            public var unitPrice: Double?
            public var amount: Double
            public var catalogueID: String?

            public init(description: String, quantity: Double? = nil, unitPrice: Double? = nil, amount: Double, catalogueID: String? = nil) {
                self.description = description
                self.quantity = quantity
                self.unitPrice = unitPrice
                self.amount = amount
                self.catalogueID = catalogueID
            }
        }
    }

    public struct PageTruth: Sendable, Equatable, Codable {
        /// flat, perspective, curl, wrinkle, fold …
        public var shape: String
        /// one-column, two-column, receipt …
        public var layout: String?
        public var widthMM: Double?
        public var heightMM: Double?
        /// The page's corners in the photo, in pixels: top-left, top-right, bottom-right, bottom-left.
        public var corners: [[Double]]?
        /// The same corners in the camera frame, millimetres (x right, y down, z along the optical
        /// axis), for synthetic photos: what depth-based flattening should recover.
        public var corners3D: [[Double]]?

        public init(shape: String, layout: String? = nil, widthMM: Double? = nil, heightMM: Double? = nil, corners: [[Double]]? = nil,
                    corners3D: [[Double]]? = nil) {
            self.shape = shape
            self.layout = layout
            self.widthMM = widthMM
            self.heightMM = heightMM
            self.corners = corners
            self.corners3D = corners3D
        }
    }

    public static func load(path: String) throws(GroundTruthError) -> GroundTruth {
        let file = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GroundTruthError(file: file, "could not be read")
        }
        do {
            let truth = try JSONDecoder().decode(GroundTruth.self, from: data)
            guard truth.schemaVersion <= currentSchemaVersion else {
                throw GroundTruthError(file: file, "schemaVersion \(truth.schemaVersion) is newer than this Decant understands (\(currentSchemaVersion))")
            }
            return truth
        } catch let error as GroundTruthError {
            throw error
        } catch {
            throw GroundTruthError(file: file, "is not valid ground truth: \(error)")
        }
    }

    enum CodingKeys: String, CodingKey { case schemaVersion, kind, lines, entries, receipt, page, generator }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try c.decodeIfPresent(Int.self, forKey: .schemaVersion) ?? 1
        kind = try c.decode(DocumentKind.self, forKey: .kind)
        lines = try c.decode([String].self, forKey: .lines)
        entries = try c.decodeIfPresent([Entry].self, forKey: .entries) ?? []
        receipt = try c.decodeIfPresent(ReceiptTruth.self, forKey: .receipt)
        page = try c.decodeIfPresent(PageTruth.self, forKey: .page)
        generator = try c.decodeIfPresent([String: String].self, forKey: .generator)
    }
}

public struct GroundTruthError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var message: String
    public init(file: String, _ message: String) {
        self.file = file
        self.message = message
    }
    public var description: String { "\(file): \(message)" }
}
