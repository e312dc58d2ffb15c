import Imaging

/// A page posed in front of a pinhole camera, on (or above) a table, under one light: everything
/// the ray caster needs, and everything the ground truth records about the geometry.
public struct Scene: Sendable {
    public var shape: PageShape
    public var surface: PageSurface
    /// Page frame → camera frame: `camera = rotation · page + translation`.
    public var rotation: Rotation
    public var translation: Vector3
    public var camera: CameraIntrinsics
    /// The table plane, as z in the page frame (behind the page; far behind for a held page).
    public var tableZ: Double
    var table: TableTexture
    /// Point light, camera frame (mm).
    public var light: Vector3
    public var tiltX: Double
    public var tiltY: Double
    public var inPlane: Double
    public var held: Bool

    public func toCamera(_ p: Vector3) -> Vector3 { rotation.apply(p) + translation }

    /// Pixel position of a camera-frame point in an image with intrinsics `camera` (pixel centres at integers).
    public static func project(_ p: Vector3, _ camera: CameraIntrinsics) -> (x: Double, y: Double) {
        (camera.fx * p.x / p.z + camera.cx, camera.fy * p.y / p.z + camera.cy)
    }

    /// The page's corners in the camera frame: top-left, top-right, bottom-right, bottom-left.
    public var corners3D: [Vector3] {
        let w = surface.widthMM, h = surface.heightMM
        return [(0.0, 0.0), (w, 0), (w, h), (0, h)].map { toCamera(surface.point(u: $0.0, v: $0.1)) }
    }

    public var cornersInPhoto: [(x: Double, y: Double)] { corners3D.map { Self.project($0, camera) } }

    /// Points around the page outline, for framing.
    func outline(samples: Int = 24) -> [Vector3] {
        let w = surface.widthMM, h = surface.heightMM
        var points: [Vector3] = []
        for i in 0...samples {
            let t = Double(i) / Double(samples)
            points.append(toCamera(surface.point(u: t * w, v: 0)))
            points.append(toCamera(surface.point(u: t * w, v: h)))
            points.append(toCamera(surface.point(u: 0, v: t * h)))
            points.append(toCamera(surface.point(u: w, v: t * h)))
        }
        return points
    }
}
