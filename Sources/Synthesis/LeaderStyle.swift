/// Dot leaders between a wine and its price.
public enum LeaderStyle: String, Sendable, CaseIterable, Codable {
    case none
    /// Dense dots ("........"). Tesseract 5 tends to read these as runs of letters ("cecsesce…").
    case dots
    /// Spaced dots (". . . .").
    case spacedDots = "spaced-dots"
}
