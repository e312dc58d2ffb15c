import Foundation
import Imaging

/// The photo's pinhole intrinsics, from the best source there is: `NAME.camera.json`, else the
/// EXIF focal length, else a typical phone lens. Whatever had to be assumed is said, so pages.json
/// can tell a measured page size from an estimated one.
struct CameraModel: Sendable {
    var intrinsics: CameraIntrinsics
    /// Where the intrinsics came from, for pages.json.
    var source: String
    /// Assumptions made for lack of data (empty with a camera.json for this photo).
    var assumptions: [String]

    /// Diagonal of a 35 mm frame (36 × 24 mm): the reference of "35 mm equivalent" focal lengths.
    static let fullFrameDiagonal = (36.0 * 36 + 24 * 24).squareRoot()
    /// The usual phone main camera: a 26 mm-equivalent lens (about 79° across the diagonal).
    static let defaultEquivalentFocalLength = 26.0
    /// Focal length multiplier of a typical phone sensor, for EXIF that gives only the true focal length.
    static let phoneCropFactor = 6.0

    /// `cameraSource` names where `camera` came from when it is not the camera.json sidecar (the
    /// photo's own file), so pages.json says which.
    static func resolve(camera: CameraIntrinsics?, cameraSource: String? = nil, exif: ExifInfo?, width: Int, height: Int) -> CameraModel {
        var notes: [String] = []
        if let camera {
            let given = cameraSource ?? "camera.json"
            if camera.width == width && camera.height == height {
                return CameraModel(intrinsics: camera, source: given, assumptions: [])
            }
            let aspect = Double(camera.width) / Double(camera.height), photo = Double(width) / Double(height)
            if abs(aspect / photo - 1) < 0.01 {
                return CameraModel(intrinsics: camera.scaled(toWidth: width, height: height),
                                   source: "\(given) (given for \(camera.width)x\(camera.height), scaled to the photo)", assumptions: [])
            }
            notes.append("\(given) is for a \(camera.width)x\(camera.height) image but the photo is \(width)x\(height); it was not used")
        }
        let diagonal = (Double(width * width + height * height)).squareRoot()
        func centred(_ equivalent: Double) -> CameraIntrinsics {
            let f = equivalent / fullFrameDiagonal * diagonal
            return CameraIntrinsics(fx: f, fy: f, cx: Double(width - 1) / 2, cy: Double(height - 1) / 2, width: width, height: height)
        }
        if let f35 = exif?.focalLength35mm, f35 > 5, f35 < 400 {
            notes.append(String(format: "intrinsics from the EXIF focal length (%.0f mm, 35 mm equivalent); principal point assumed at the centre", f35))
            return CameraModel(intrinsics: centred(f35), source: "EXIF 35 mm-equivalent focal length", assumptions: notes)
        }
        if let f = exif?.focalLength, f > 0.5, f < 100 {
            let equivalent = f * phoneCropFactor
            notes.append(String(format: "intrinsics from the EXIF focal length %.2f mm with an assumed phone sensor (crop factor %.0f: %.0f mm equivalent); principal point assumed at the centre",
                                f, phoneCropFactor, equivalent))
            return CameraModel(intrinsics: centred(equivalent), source: "EXIF focal length", assumptions: notes)
        }
        let fov = 2 * atan(fullFrameDiagonal / 2 / defaultEquivalentFocalLength) * 180 / .pi
        notes.append(String(format: "no camera.json or EXIF focal length: assumed a %.0f mm-equivalent phone lens (%.0f° diagonal field of view), principal point at the centre",
                            defaultEquivalentFocalLength, fov))
        return CameraModel(intrinsics: centred(defaultEquivalentFocalLength), source: "default field of view", assumptions: notes)
    }

    /// Pixel position of a camera-frame point (nil behind or at the camera).
    @inline(__always) func project(_ p: Vector3) -> (x: Double, y: Double)? {
        guard p.z > 1 else { return nil }
        return (intrinsics.fx * p.x / p.z + intrinsics.cx, intrinsics.fy * p.y / p.z + intrinsics.cy)
    }
}
