/// A date found in a line of text.
public struct DateMatch: Sendable, Equatable {
    /// The date as printed (after OCR look-alikes such as `O` for `0` were read as digits).
    public var text: String
    /// Where it starts in the line, in characters; dates earlier in a line come first.
    public var offset: Int
    /// Every valid calendar date (yyyy-mm-dd) the text can mean: two when day and month could swap.
    public var readings: [String]
    /// The date meant: the only reading, or the one the date order picks; nil when ambiguous.
    public var iso: String?

    public var isAmbiguous: Bool { iso == nil && readings.count > 1 }
}
