/// Which way the text runs on the page, in quarter turns: lines of a photo taken sideways run top
/// to bottom (`quarter`) or bottom to top (`threeQuarters`); the recognizer reads only upright text.
public enum PageTurn: Int, Sendable, Equatable, CaseIterable {
    case none = 0, quarter = 90, half = 180, threeQuarters = 270

    /// A detected box (corners clockwise from the image's top-left) as the text's reading quad.
    func readingQuad(_ box: LineQuad) -> LineQuad {
        let c = box.corners
        switch self {
        case .none: return box
        case .quarter: return LineQuad([c[1], c[2], c[3], c[0]])
        case .half: return LineQuad([c[2], c[3], c[0], c[1]])
        case .threeQuarters: return LineQuad([c[3], c[0], c[1], c[2]])
        }
    }

    /// Clockwise quarter turns that make the page upright: lines running top to bottom have their
    /// tops to the right, so they turn back a quarter counter-clockwise.
    var quarterTurnsToUpright: Int {
        switch self {
        case .none: 0
        case .quarter: 3
        case .half: 2
        case .threeQuarters: 1
        }
    }

    /// The other reading of a page whose lines lie this way: upside down, or turned the other way.
    var opposite: PageTurn {
        switch self {
        case .none: return .half
        case .half: return .none
        case .quarter: return .threeQuarters
        case .threeQuarters: return .quarter
        }
    }
}
