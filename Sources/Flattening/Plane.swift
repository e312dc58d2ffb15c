/// A plane with an orthonormal frame: `u` and `v` in the plane, `normal` toward the camera.
/// `u` follows the camera's x axis as closely as the plane allows, so plane coordinates read
/// roughly like the photo (u right, v down).
struct Plane: Sendable, Equatable {
    var origin: Vec3
    var normal: Vec3
    var u: Vec3
    var v: Vec3

    init(origin: Vec3, normal: Vec3) {
        var n = normal.normalized
        // Facing the camera (which looks along +z): the normal points to negative z.
        if n.z > 0 { n = -n }
        self.origin = origin
        self.normal = n
        var u = Vec3(1, 0, 0) - n * n.x
        if u.length < 1e-6 { u = Vec3(0, 1, 0) - n * n.y }
        u = u.normalized
        self.u = u
        // v = n × u points down the photo for a page facing the camera.
        var v = n.cross(u)
        if v.y < 0 { v = -v }
        self.v = v
    }

    /// Signed distance from the plane (positive toward the camera).
    @inline(__always) func distance(_ p: Vec3) -> Double { (p - origin).dot(normal) }

    /// Plane coordinates (a along u, b along v) and height h along the normal.
    @inline(__always) func local(_ p: Vec3) -> (a: Double, b: Double, h: Double) {
        let d = p - origin
        return (d.dot(u), d.dot(v), d.dot(normal))
    }

    @inline(__always) func point(a: Double, b: Double, h: Double) -> Vec3 { origin + u * a + v * b + normal * h }
}
