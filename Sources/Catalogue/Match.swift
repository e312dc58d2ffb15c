import Entries

/// How an entry relates to the catalogue row it was matched to.
public enum MatchType: String, Sendable, Codable {
    /// The right wine; the vintage agrees or the row stands for every vintage.
    case exact
    /// The right wine, but the catalogue lists it in other vintages only.
    case vintageVariant = "vintage-variant"
    /// Only the producer could be identified.
    case producerOnly = "producer-only"
    case none
}

public struct MatchCandidate: Sendable, Equatable, Codable {
    public var wineID: String
    public var name: String
    public var vintage: Vintage?
    public var score: Double

    public init(wineID: String, name: String, vintage: Vintage?, score: Double) {
        self.wineID = wineID
        self.name = name
        self.vintage = vintage
        self.score = score
    }
}

/// The matcher's answer for one entry.
public struct MatchResult: Sendable, Equatable, Codable {
    public var best: MatchCandidate?
    public var alternatives: [MatchCandidate]
    /// Probability-like confidence in 0…1 that `best` is right.
    public var confidence: Double
    public var type: MatchType

    public init(best: MatchCandidate?, alternatives: [MatchCandidate] = [], confidence: Double, type: MatchType) {
        self.best = best
        self.alternatives = alternatives
        self.confidence = confidence
        self.type = type
    }

    public static let noMatch = MatchResult(best: nil, confidence: 0, type: .none)
}
