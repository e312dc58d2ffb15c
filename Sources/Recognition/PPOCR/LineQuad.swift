/// A point in image pixels (x right, y down); real-valued because boxes are fitted, not counted.
public struct Point2: Sendable, Equatable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    static func - (a: Point2, b: Point2) -> Point2 { Point2(x: a.x - b.x, y: a.y - b.y) }
    static func + (a: Point2, b: Point2) -> Point2 { Point2(x: a.x + b.x, y: a.y + b.y) }
    static func * (a: Point2, s: Double) -> Point2 { Point2(x: a.x * s, y: a.y * s) }
    func distance(to other: Point2) -> Double { ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot() }
}

/// A text line's box: four corners in reading order of the line — top-left, top-right,
/// bottom-right, bottom-left as the text runs (which need not be the image's top-left when a line
/// is tilted or the page is turned).
public struct LineQuad: Sendable, Hashable, Codable {
    public var corners: [Point2]

    public init(_ corners: [Point2]) {
        precondition(corners.count == 4, "a quad has four corners")
        self.corners = corners
    }

    /// Length along the text (the longer of the top and bottom edges).
    public var width: Double { max(corners[0].distance(to: corners[1]), corners[3].distance(to: corners[2])) }
    /// Height across the text (the longer of the left and right edges).
    public var height: Double { max(corners[0].distance(to: corners[3]), corners[1].distance(to: corners[2])) }

    public var center: Point2 {
        Point2(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
    }

    /// The axis-aligned pixel rectangle that holds the quad.
    public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (corners.map(\.x).min()!, corners.map(\.y).min()!, corners.map(\.x).max()!, corners.map(\.y).max()!)
    }

    /// Shoelace area.
    public var area: Double {
        var sum = 0.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            sum += a.x * b.y - b.x * a.y
        }
        return abs(sum) / 2
    }

    public var perimeter: Double { (0..<4).map { corners[$0].distance(to: corners[($0 + 1) % 4]) }.reduce(0, +) }

    /// Whether a point lies inside (or within `tolerance` pixels of) this convex quad.
    func contains(_ p: Point2, tolerance: Double = 0) -> Bool {
        var sign = 0.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            let edge = b - a
            let length = max((edge.x * edge.x + edge.y * edge.y).squareRoot(), 1e-9)
            let cross = (edge.x * (p.y - a.y) - edge.y * (p.x - a.x)) / length
            if sign == 0 { sign = cross >= 0 ? 1 : -1 }
            if cross * sign < -tolerance { return false }
        }
        return true
    }
}
