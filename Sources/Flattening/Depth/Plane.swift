import Imaging
/// A plane with an orthonormal frame: `u` and `v` in the plane, `normal` toward the camera.
/// `u` follows the camera's x axis as closely as the plane allows, so plane coordinates read
/// roughly like the photo (u right, v down).
struct Plane: Sendable, Equatable {
    var origin: Vector3
    var normal: Vector3
    var u: Vector3
    var v: Vector3

    init(origin: Vector3, normal: Vector3) {
        var n = normal.normalized
        // Facing the camera (which looks along +z): the normal points to negative z.
        if n.z > 0 { n = -n }
        self.origin = origin
        self.normal = n
        var u = Vector3(1, 0, 0) - n * n.x
        if u.length < 1e-6 { u = Vector3(0, 1, 0) - n * n.y }
        u = u.normalized
        self.u = u
        // v = n × u points down the photo for a page facing the camera.
        var v = n.cross(u)
        if v.y < 0 { v = -v }
        self.v = v
    }

    /// Signed distance from the plane (positive toward the camera).
    @inline(__always) func distance(_ p: Vector3) -> Double { (p - origin).dot(normal) }

    /// Plane coordinates (a along u, b along v) and height h along the normal.
    @inline(__always) func local(_ p: Vector3) -> (a: Double, b: Double, h: Double) {
        let d = p - origin
        return (d.dot(u), d.dot(v), d.dot(normal))
    }

    @inline(__always) func point(a: Double, b: Double, h: Double) -> Vector3 { origin + u * a + v * b + normal * h }
}
