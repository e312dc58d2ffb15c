/// A page outline: four corners in the order top-left, top-right, bottom-right, bottom-left
/// (as the page reads, once oriented).
public struct Quad: Sendable, Equatable, Codable, CustomStringConvertible {
    public var corners: [Point]

    public init(_ topLeft: Point, _ topRight: Point, _ bottomRight: Point, _ bottomLeft: Point) {
        corners = [topLeft, topRight, bottomRight, bottomLeft]
    }

    public var topLeft: Point { corners[0] }
    public var topRight: Point { corners[1] }
    public var bottomRight: Point { corners[2] }
    public var bottomLeft: Point { corners[3] }

    /// Shoelace area (positive for any winding).
    public var area: Double {
        var sum = 0.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            sum += a.x * b.y - b.x * a.y
        }
        return abs(sum) / 2
    }

    /// True when every turn goes the same way, i.e. the quad is convex and not self-crossing.
    public var isConvex: Bool {
        var sign = 0.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4], c = corners[(i + 2) % 4]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if cross == 0 { return false }
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
        }
        return true
    }

    /// Size of the rectangle the quad is warped to: the longer of each pair of opposite sides,
    /// which keeps the page's aspect ratio up to the foreshortening of the nearer side.
    public var rectifiedSize: (width: Int, height: Int) {
        let w = max(topLeft.distance(to: topRight), bottomLeft.distance(to: bottomRight))
        let h = max(topLeft.distance(to: bottomLeft), topRight.distance(to: bottomRight))
        return (max(1, Int(w.rounded())), max(1, Int(h.rounded())))
    }

    public func scaled(by s: Double) -> Quad {
        Quad(topLeft * s, topRight * s, bottomRight * s, bottomLeft * s)
    }

    public var description: String {
        corners.map { "(\(Int($0.x.rounded())),\(Int($0.y.rounded())))" }.joined(separator: " ")
    }
}
