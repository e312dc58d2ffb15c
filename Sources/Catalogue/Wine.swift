import Entries
import Foundation

/// A catalogue row: one wine label, or one vintage of it when `vintage` is set.
public struct Wine: Sendable, Equatable, Codable, Identifiable {
    public var id: String
    public var producer: String
    /// Cuvée or label name; empty when the producer's name is the wine's (Bordeaux châteaux).
    public var wine: String
    public var region: String?
    public var subregion: String?
    public var country: String?
    /// red, white, rose, sparkling, sweet, fortified.
    public var colour: String?
    public var grapes: [String]
    /// nil: the row stands for every vintage of the label.
    public var vintage: Vintage?
    public var score: Double?
    public var drinkFrom: Int?
    public var drinkTo: Int?
    public var releasePrice: Double?
    public var currency: String?

    public init(id: String, producer: String, wine: String = "", region: String? = nil, subregion: String? = nil,
                country: String? = nil, colour: String? = nil, grapes: [String] = [], vintage: Vintage? = nil,
                score: Double? = nil, drinkFrom: Int? = nil, drinkTo: Int? = nil, releasePrice: Double? = nil,
                currency: String? = nil) {
        self.id = id
        self.producer = producer
        self.wine = wine
        self.region = region
        self.subregion = subregion
        self.country = country
        self.colour = colour
        self.grapes = grapes
        self.vintage = vintage
        self.score = score
        self.drinkFrom = drinkFrom
        self.drinkTo = drinkTo
        self.releasePrice = releasePrice
        self.currency = currency
    }

    /// "Producer Wine", or just the producer when the wine has no separate name.
    public var displayName: String { Self.displayName(producer: producer, wine: wine) }

    static func displayName(producer: String, wine: String) -> String {
        let w = wine.trimmingCharacters(in: .whitespaces)
        if w.isEmpty || w.caseInsensitiveCompare(producer) == .orderedSame { return producer }
        return "\(producer) \(w)"
    }

    enum CodingKeys: String, CodingKey {
        case id, producer, wine, region, subregion, country, colour, grapes, vintage, score, drinkFrom, drinkTo, releasePrice, currency
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Ids may be numbers in a user's file; keep them as text.
        if let text = try? c.decode(String.self, forKey: .id) { id = text } else { id = String(try c.decode(Int.self, forKey: .id)) }
        producer = try c.decode(String.self, forKey: .producer)
        wine = try c.decodeIfPresent(String.self, forKey: .wine) ?? ""
        region = try c.decodeIfPresent(String.self, forKey: .region)
        subregion = try c.decodeIfPresent(String.self, forKey: .subregion)
        country = try c.decodeIfPresent(String.self, forKey: .country)
        colour = try c.decodeIfPresent(String.self, forKey: .colour)
        grapes = try c.decodeIfPresent([String].self, forKey: .grapes) ?? []
        if let year = try? c.decodeIfPresent(Int.self, forKey: .vintage) {
            vintage = .year(year)
        } else {
            vintage = try c.decodeIfPresent(Vintage.self, forKey: .vintage)
        }
        score = try c.decodeIfPresent(Double.self, forKey: .score)
        drinkFrom = try c.decodeIfPresent(Int.self, forKey: .drinkFrom)
        drinkTo = try c.decodeIfPresent(Int.self, forKey: .drinkTo)
        releasePrice = try c.decodeIfPresent(Double.self, forKey: .releasePrice)
        currency = try c.decodeIfPresent(String.self, forKey: .currency)
    }
}
