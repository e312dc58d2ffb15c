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
