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

/// A straight printed line (rules under titles, receipt separators drawn as strokes).
public struct PrintedRule: Sendable, Equatable {
    public var x0: Double, y0: Double, x1: Double, y1: Double
    public var widthMM: Double
    public var colour: RGB

    public init(x0: Double, y0: Double, x1: Double, y1: Double, widthMM: Double, colour: RGB) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
        self.widthMM = widthMM
        self.colour = colour
    }
}

/// Text measured in millimetres at the font's size.
public struct TextExtent: Sendable, Equatable {
    public var width: Double
    /// Baseline to the top of the line box.
    public var ascent: Double
    /// Baseline to the bottom of the line box.
    public var descent: Double
}
