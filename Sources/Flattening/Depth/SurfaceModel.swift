import Imaging
/// The page's surface and its isometric unfold. A plane bent along one direction (a generalized
/// cylinder: a curl, a held menu, creases of a fold) unrolls exactly: the flat coordinate across the
/// bend is the profile's arc length, along the rulings it is their length. Wrinkles on top are a
/// height field over the unrolled page (paper displaced along the normal, not unrolled).
///
/// Flat coordinates (millimetres) are the plane's (u, v) frame turned with the bend, so that for a
/// plane they are exactly the plane coordinates and read roughly like the photo.
struct SurfaceModel: Sendable, Equatable {
    var plane: Plane
    /// Direction across the bend, in plane coordinates: t = a·cos + b·sin; rulings run along r = −a·sin + b·cos.
    var cosPhi = 1.0
    var sinPhi = 0.0
    /// nil: the page is flat.
    var section: CrossSection?
    /// Rise of the rulings out of the plane per millimetre along them.
    var beta = 0.0
    var heightField: HeightField?

    var isPlanar: Bool { section == nil && heightField == nil }

    /// Flat position of a point on (or near) the surface.
    @inline(__always) func flat(_ p: Vector3) -> (x: Double, y: Double) {
        let (a, b, _) = plane.local(p)
        let t = a * cosPhi + b * sinPhi, r = -a * sinPhi + b * cosPhi
        let s = section?.arc(at: t) ?? t
        let q = r * (1 + beta * beta).squareRoot()
        return (s * cosPhi - q * sinPhi, s * sinPhi + q * cosPhi)
    }

    /// Height of the model above the plane where a point's (t, r) lies, and its flat position:
    /// the residual of a depth point is its own height minus this.
    @inline(__always) func modelHeight(_ p: Vector3) -> (height: Double, x: Double, y: Double, h: Double) {
        let (a, b, h) = plane.local(p)
        let t = a * cosPhi + b * sinPhi, r = -a * sinPhi + b * cosPhi
        let s = section?.arc(at: t) ?? t
        let q = r * (1 + beta * beta).squareRoot()
        let x = s * cosPhi - q * sinPhi, y = s * sinPhi + q * cosPhi
        var height = (section?.height(at: t) ?? 0) + beta * r
        if let heightField { height += heightField.value(x: x, y: y) }
        return (height, x, y, h)
    }

    /// The 3-D point at a flat position.
    @inline(__always) func point(x: Double, y: Double) -> Vector3 {
        let s = x * cosPhi + y * sinPhi, q = -x * sinPhi + y * cosPhi
        let t = section?.t(atArc: s) ?? s
        let r = q / (1 + beta * beta).squareRoot()
        var h = (section?.height(at: t) ?? 0) + beta * r
        if let heightField { h += heightField.value(x: x, y: y) }
        return plane.point(a: t * cosPhi - r * sinPhi, b: t * sinPhi + r * cosPhi, h: h)
    }
}
