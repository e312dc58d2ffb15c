import Foundation

/// The ground truth of a real wine list, in the format of the shared set of restaurants' lists
/// (`NAME.gt.json` beside the list): the wines offered, with their prices by column and vintage, for the
/// pages named in `pages`. It holds no page text and no boxes: a real list is scored by its entries.
public struct WineListTruth: Sendable, Equatable, Codable {
    public struct Entry: Sendable, Equatable, Codable {
        public var page: Int?
        public var bin: String?
        /// The wine as printed, without its prices and bin.
        public var text: String
        public var vintage: Int?
        public var nonVintage: Bool?
        /// Every price printed for the wine, by column (`glass`, `bottle`, `125ml` …).
        public var prices: [String: Double]
        public var section: String?
        public var size: String?

        public init(page: Int? = nil, text: String, vintage: Int? = nil, prices: [String: Double]) {
            self.page = page
            self.text = text
            self.vintage = vintage
            self.prices = prices
        }
    }

    /// The list's file name, beside the truth.
    public var file: String
    public var source: String?
    /// "text PDF", "digital render", "phone photo" …
    public var kind: String?
    /// The pages (1-based) whose every wine is listed; nil: the whole document.
    public var pages: [Int]?
    public var priceColumns: [String]?
    public var currency: String?
    public var notes: String?
    public var entries: [Entry]

    public init(file: String, pages: [Int]? = nil, entries: [Entry]) {
        self.file = file
        self.pages = pages
        self.entries = entries
    }

    /// Whether a `.gt.json` file is in this format rather than Decant's own (which has `lines` and
    /// prices as a list): it names its `file` and gives prices by column.
    public static func recognizes(_ data: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["file"] is String, let entries = object["entries"] as? [[String: Any]], object["lines"] == nil else { return false }
        return entries.allSatisfy { $0["prices"] == nil || $0["prices"] is [String: Any] }
    }

    public static func load(path: String) throws(GroundTruthError) -> WineListTruth {
        let file = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else { throw GroundTruthError(file: file, "could not be read") }
        do { return try JSONDecoder().decode(WineListTruth.self, from: data) } catch {
            throw GroundTruthError(file: file, "not a wine-list ground truth (\(error))")
        }
    }

    /// Whether a page of the document is one the truth covers.
    public func covers(page: Int?) -> Bool {
        guard let pages, let page else { return true }
        return pages.contains(page)
    }
}
