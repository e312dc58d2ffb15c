import Catalogue
import Entries
import Foundation

/// A fixed list to render instead of a random draw: which catalogue wines, in which vintage, at
/// which bottle price. A restaurant group renders its real list this way, and two nights of a
/// changing list (one wine dropped, one added, a price raised, a vintage moved) are two selections.
///
/// File format (`--selection FILE.json`):
/// `{"wines": [{"id": "dc-0177", "vintage": "2015", "price": 450}, …]}` — `vintage` a year or
/// "NV" (omitted: drawn as usual), `price` the bottle price (omitted: drawn as usual). Wines are
/// printed under the section of their colour, in the file's order.
public struct WineSelection: Sendable, Equatable, Codable {
    public struct Item: Sendable, Equatable, Codable {
        public var id: String
        public var vintage: Vintage?
        public var price: Double?

        public init(id: String, vintage: Vintage? = nil, price: Double? = nil) {
            self.id = id
            self.vintage = vintage
            self.price = price
        }
    }

    public var wines: [Item]

    public init(wines: [Item]) { self.wines = wines }

    /// Ids the catalogue does not hold (a selection may only name catalogue wines).
    public func unknownIDs(in catalogue: Catalogue) -> [String] {
        let known = Set(catalogue.wines.map(\.id))
        return wines.map(\.id).filter { !known.contains($0) }
    }

    public static func load(path: String) throws(SynthesisError) -> WineSelection {
        let name = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SynthesisError("\(name): cannot be read")
        }
        do { return try JSONDecoder().decode(WineSelection.self, from: data) } catch {
            throw SynthesisError("\(name): not a selection file ({\"wines\": [{\"id\": …, \"vintage\": …, \"price\": …}]}): \(error)")
        }
    }
}
