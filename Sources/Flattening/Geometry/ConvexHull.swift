/// The convex hull of a set of points (Andrew's monotone chain), for "is this point near the
/// region the text occupies?": the page mask alone cannot say, because shadows and table rules can
/// cut parts of a sheet off from its main white area.
struct ConvexHull {
    /// Counter-clockwise in a y-down frame (clockwise as seen on screen), no repeated first point.
    let vertices: [Point]

    init(_ points: [Point]) {
        let sorted = points.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        guard sorted.count > 2 else { vertices = sorted; return }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [Point] = [], upper: [Point] = []
        for p in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        vertices = Array(lower.dropLast() + upper.dropLast())
    }

    /// Whether `p` lies inside the hull grown by `margin` (its distance outside every edge is at
    /// most `margin`: the hull's corners grow square, which errs on the side of keeping).
    func contains(_ p: Point, margin: Double) -> Bool {
        guard vertices.count > 2 else { return false }
        for i in vertices.indices {
            let a = vertices[i], b = vertices[(i + 1) % vertices.count]
            let edge = b - a, length = edge.length
            guard length > 0 else { continue }
            // Positive to the right of a → b, which is outside for this vertex order.
            let outside = ((p.x - a.x) * edge.y - (p.y - a.y) * edge.x) / length
            if outside > margin { return false }
        }
        return true
    }
}
