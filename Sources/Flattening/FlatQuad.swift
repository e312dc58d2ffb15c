/// The page in unrolled coordinates (millimetres): corners top-left, top-right, bottom-right,
/// bottom-left, with the bilinear map from the unit square. Unrolled, a page is a rectangle up to
/// the fit's small errors; interpolating the four found corners absorbs those without shearing.
struct FlatQuad: Sendable {
    var corners: [(x: Double, y: Double)]

    @inline(__always) func point(u: Double, v: Double) -> (x: Double, y: Double) {
        let c = corners
        let top = (c[0].x + (c[1].x - c[0].x) * u, c[0].y + (c[1].y - c[0].y) * u)
        let bottom = (c[3].x + (c[2].x - c[3].x) * u, c[3].y + (c[2].y - c[3].y) * u)
        return (top.0 + (bottom.0 - top.0) * v, top.1 + (bottom.1 - top.1) * v)
    }

    /// Whether a point lies inside the quad shrunk toward its centre by `margin` of its size.
    func contains(_ p: (x: Double, y: Double), margin: Double = 0) -> Bool {
        let cx = corners.map(\.x).reduce(0, +) / 4, cy = corners.map(\.y).reduce(0, +) / 4
        let shrunk = corners.map { (x: cx + ($0.x - cx) * (1 - 2 * margin), y: cy + ($0.y - cy) * (1 - 2 * margin)) }
        var sign = 0.0
        for k in 0..<4 {
            let a = shrunk[k], b = shrunk[(k + 1) % 4]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross > 0 ? 1 : -1 } else if (cross > 0 ? 1 : -1) != sign { return false }
        }
        return true
    }
}
