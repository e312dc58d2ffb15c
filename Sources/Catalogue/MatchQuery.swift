import Entries

/// One line to match: free text as printed (prices, bins and all), or an entry's cleaned name with the
/// vintage the entry parser read.
public struct MatchQuery: Sendable, Equatable {
    public var text: String
    public var vintage: Vintage?

    public init(_ text: String, vintage: Vintage? = nil) {
        self.text = text
        self.vintage = vintage
    }
}
