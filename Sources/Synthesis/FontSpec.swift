/// A font as Pango resolves it from fontconfig, plus the ink it is printed in. Sizes are in
/// points so a layout does not depend on the resolution it is later rendered at.
public struct FontSpec: Sendable, Hashable {
    public var family: String
    public var sizePt: Double
    public var bold: Bool
    public var italic: Bool
    /// Extra space between letters in points (spaced-out headings).
    public var letterSpacingPt: Double
    public var colour: RGB

    public init(family: String, sizePt: Double, bold: Bool = false, italic: Bool = false,
                letterSpacingPt: Double = 0, colour: RGB = .black) {
        self.family = family
        self.sizePt = sizePt
        self.bold = bold
        self.italic = italic
        self.letterSpacingPt = letterSpacingPt
        self.colour = colour
    }

    public func with(size: Double? = nil, bold: Bool? = nil, italic: Bool? = nil, spacing: Double? = nil,
                     colour: RGB? = nil) -> FontSpec {
        FontSpec(family: family, sizePt: size ?? sizePt, bold: bold ?? self.bold, italic: italic ?? self.italic,
                 letterSpacingPt: spacing ?? letterSpacingPt, colour: colour ?? self.colour)
    }

    /// "P052 Bold Italic 11pt", for the generator parameters in the ground truth.
    public var summary: String {
        var parts = [family]
        if bold { parts.append("Bold") }
        if italic { parts.append("Italic") }
        parts.append("\(Self.number(sizePt))pt")
        return parts.joined(separator: " ")
    }

    static func number(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}

/// Points to millimetres.
let millimetresPerPoint = 25.4 / 72
