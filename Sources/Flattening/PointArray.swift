import CLeptonica

/// Sole owner of one leptonica `PTA` (point array), built from plain points.
final class PointArray {
    let pointer: UnsafeMutablePointer<PTA>

    init?(_ points: [Point]) {
        guard let created = ptaCreate(Int32(points.count)) else { return nil }
        pointer = created
        for p in points { ptaAddPt(created, Float(p.x), Float(p.y)) }
    }

    deinit {
        var p: UnsafeMutablePointer<PTA>? = pointer
        ptaDestroy(&p)
    }
}
