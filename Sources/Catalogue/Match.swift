import Entries

/// How an entry relates to the catalogue row it was matched to.
public enum MatchType: String, Sendable, Codable, CaseIterable {
    /// The right wine; the vintage agrees, or the row stands for every vintage, or the entry gives none.
    case exact
    /// The right wine, but the catalogue lists it in other vintages only.
    case vintageVariant = "vintage-variant"
    /// Only the producer could be identified.
    case producerOnly = "producer-only"
    case none
}

public struct MatchCandidate: Sendable, Equatable, Codable {
    /// The catalogue row's id; empty for a producer-only answer (no wine is named).
    public var wineID: String
    public var name: String
    public var vintage: Vintage?
    /// The matcher's raw ranking score (not a probability).
    public var score: Double
    /// The row's position in the catalogue, for looking up the rest of its facts.
    public var row: Int?

    public init(wineID: String, name: String, vintage: Vintage?, score: Double, row: Int? = nil) {
        self.wineID = wineID
        self.name = name
        self.vintage = vintage
        self.score = score
        self.row = row
    }
}

/// The matcher's answer for one entry.
public struct MatchResult: Sendable, Equatable, Codable {
    public var best: MatchCandidate?
    public var alternatives: [MatchCandidate]
    /// Calibrated probability (0…1) that this answer is right: for a wine, that it is the wine in the
    /// entry; for "none" or "producer-only", that the catalogue holds no row for the entry's wine.
    public var confidence: Double
    public var type: MatchType

    public init(best: MatchCandidate?, alternatives: [MatchCandidate] = [], confidence: Double, type: MatchType) {
        self.best = best
        self.alternatives = alternatives
        self.confidence = confidence
        self.type = type
    }

    public static let noMatch = MatchResult(best: nil, confidence: 0, type: .none)

    /// The catalogue id the answer commits to: nil for "none" and "producer-only".
    public var matchedID: String? {
        switch type {
        case .exact, .vintageVariant: return best?.wineID
        case .producerOnly, .none: return nil
        }
    }
}
