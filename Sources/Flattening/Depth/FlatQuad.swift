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
        shrunk(by: margin).contains(p)
    }

    /// The quad shrunk toward its centre by `margin` of its size, for testing many points against it
    /// (the shrinking is done once, not per point).
    func shrunk(by margin: Double) -> ShrunkQuad {
        let cx = (corners[0].x + corners[1].x + corners[2].x + corners[3].x) / 4
        let cy = (corners[0].y + corners[1].y + corners[2].y + corners[3].y) / 4
        let f = 1 - 2 * margin
        func s(_ k: Int) -> (x: Double, y: Double) { (cx + (corners[k].x - cx) * f, cy + (corners[k].y - cy) * f) }
        return ShrunkQuad(c0: s(0), c1: s(1), c2: s(2), c3: s(3))
    }
}

/// Four corners held inline (no array), so a point test allocates nothing.
struct ShrunkQuad: Sendable {
    let c0: (x: Double, y: Double), c1: (x: Double, y: Double), c2: (x: Double, y: Double), c3: (x: Double, y: Double)

    /// Inside (or on the border): the point is on the same side of all four edges.
    @inline(__always) func contains(_ p: (x: Double, y: Double)) -> Bool {
        var sign = 0.0
        @inline(__always) func side(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Bool {
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross == 0 { return true }
            if sign == 0 { sign = cross > 0 ? 1 : -1; return true }
            return (cross > 0 ? 1 : -1) == sign
        }
        return side(c0, c1) && side(c1, c2) && side(c2, c3) && side(c3, c0)
    }
}
