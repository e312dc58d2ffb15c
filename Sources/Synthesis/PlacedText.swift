/// One run of text at a fixed place on the flat page: the unit the renderer draws.
public struct PlacedText: Sendable, Equatable {
    public var text: String
    public var font: FontSpec
    /// Left edge of the text, millimetres from the page's left edge.
    public var x: Double
    /// Baseline, millimetres from the page's top edge.
    public var baseline: Double

    public init(text: String, font: FontSpec, x: Double, baseline: Double) {
        self.text = text
        self.font = font
        self.x = x
        self.baseline = baseline
    }
}
