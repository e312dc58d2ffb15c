/// Text measured in millimetres at the font's size.
public struct TextExtent: Sendable, Equatable {
    public var width: Double
    /// Baseline to the top of the line box.
    public var ascent: Double
    /// Baseline to the bottom of the line box.
    public var descent: Double
}
