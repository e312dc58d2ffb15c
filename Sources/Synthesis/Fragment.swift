import Imaging
/// What the camera sees of the page at one pixel: where on the page, how big the pixel's footprint
/// is there, and which way the paper faces.
struct Fragment {
    var x: Int, y: Int
    /// Distance along the optical axis (mm).
    var z: Double
    var u: Double, v: Double
    var dudx: Double, dvdx: Double, dudy: Double, dvdy: Double
    /// Interpolated (unnormalised) surface normal, camera frame.
    var normal: Vector3
}
