import Imaging

/// A rectangle on a page in points (1/72 inch), origin at the top-left corner of the page as it is shown
/// (crop box, after the page's /Rotate), y growing downwards: the frame of a rendered image, so a box
/// becomes pixels by one scale factor.
public struct PDFRect: Sendable, Equatable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// From two corners in any order.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.init(x: min(x1, x2), y: min(y1, y2), width: abs(x2 - x1), height: abs(y2 - y1))
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var area: Double { width * height }

    public func union(_ other: PDFRect) -> PDFRect {
        PDFRect(x1: min(x, other.x), y1: min(y, other.y), x2: max(maxX, other.maxX), y2: max(maxY, other.maxY))
    }

    /// Area shared with `other` (0 when apart).
    public func overlapArea(_ other: PDFRect) -> Double {
        max(0, min(maxX, other.maxX) - max(x, other.x)) * max(0, min(maxY, other.maxY) - max(y, other.y))
    }

    /// The pixels this box covers in an image of the page rendered at `ppi`, rounded outwards so that no
    /// ink of the word falls outside.
    public func pixels(ppi: Double) -> PixelRect {
        let scale = ppi / 72
        let x0 = Int((x * scale).rounded(.down)), y0 = Int((y * scale).rounded(.down))
        let x1 = Int((maxX * scale).rounded(.up)), y1 = Int((maxY * scale).rounded(.up))
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

/// A page's size in points, as shown (after /Rotate).
public struct PDFSize: Sendable, Equatable, Hashable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width; self.height = height
    }

    /// The image size a render at `ppi` has.
    public func pixels(ppi: Double) -> (width: Int, height: Int) {
        (max(1, Int((width * ppi / 72).rounded())), max(1, Int((height * ppi / 72).rounded())))
    }
}
