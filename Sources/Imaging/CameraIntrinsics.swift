import Foundation

/// Pinhole intrinsics for the photo, as stored in `NAME.camera.json`:
/// `{"fx": …, "fy": …, "cx": …, "cy": …, "width": …, "height": …}` in pixels of an image of
/// `width`×`height`. The same camera at another resolution (the depth map's) follows by scaling.
public struct CameraIntrinsics: Sendable, Equatable, Codable {
    public var fx: Double
    public var fy: Double
    public var cx: Double
    public var cy: Double
    public var width: Int
    public var height: Int

    public init(fx: Double, fy: Double, cx: Double, cy: Double, width: Int, height: Int) {
        self.fx = fx; self.fy = fy; self.cx = cx; self.cy = cy; self.width = width; self.height = height
    }

    /// Intrinsics for the same camera sampled at another resolution (pixel centres stay aligned).
    public func scaled(toWidth w: Int, height h: Int) -> CameraIntrinsics {
        let sx = Double(w) / Double(width), sy = Double(h) / Double(height)
        return CameraIntrinsics(fx: fx * sx, fy: fy * sy, cx: (cx + 0.5) * sx - 0.5, cy: (cy + 0.5) * sy - 0.5,
                                width: w, height: h)
    }

    /// A camera with a given horizontal field of view, centred principal point.
    public static func fieldOfView(degrees: Double, width: Int, height: Int) -> CameraIntrinsics {
        let f = Double(width) / 2 / tan(degrees * .pi / 360)
        return CameraIntrinsics(fx: f, fy: f, cx: Double(width - 1) / 2, cy: Double(height - 1) / 2, width: width, height: height)
    }

    public static func load(path: String) throws(ImagingError) -> CameraIntrinsics {
        let name = PNGFile.fileName(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImagingError(.cameraInvalid, file: name, "could not be read")
        }
        let camera: CameraIntrinsics
        do { camera = try JSONDecoder().decode(CameraIntrinsics.self, from: data) } catch {
            throw ImagingError(.cameraInvalid, file: name,
                               "is not valid camera JSON (need fx, fy, cx, cy, width, height): \(Self.describe(error))")
        }
        guard camera.fx > 0, camera.fy > 0, camera.width > 0, camera.height > 0,
              camera.fx.isFinite, camera.fy.isFinite, camera.cx.isFinite, camera.cy.isFinite else {
            throw ImagingError(.cameraInvalid, file: name, "focal lengths and image size must be positive numbers")
        }
        return camera
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        default: return "\(error)"
        }
    }
}
