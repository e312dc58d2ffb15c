import Foundation

/// Camera intrinsics for the photo as returned (oriented), with where they came from.
public struct PhotoIntrinsics: Sendable, Equatable, Codable {
    public enum Source: String, Sendable, Codable {
        /// Apple `depthData:IntrinsicMatrix`, scaled from its reference size.
        case appleIntrinsicMatrix
        /// Dynamic Depth `Camera:ImagingModel` focal length and principal point.
        case dynamicDepthImagingModel
        /// EXIF 35 mm-equivalent focal length, principal point at the centre.
        case exifFocalLength35mm
    }

    public var camera: CameraIntrinsics
    public var source: Source

    public init(camera: CameraIntrinsics, source: Source) {
        self.camera = camera
        self.source = source
    }

    /// Diagonal of a 35 mm frame, the reference of "35 mm equivalent" focal lengths (as Flattening's
    /// CameraModel uses it, so both give the same camera for the same EXIF).
    static let fullFrameDiagonal = (36.0 * 36 + 24 * 24).squareRoot()

    /// From the EXIF 35 mm-equivalent focal length, when it is plausible.
    static func fromEXIF(_ exif: ExifInfo?, width: Int, height: Int) -> PhotoIntrinsics? {
        guard let f35 = exif?.focalLength35mm, f35 > 5, f35 < 400, width > 0, height > 0 else { return nil }
        let diagonal = Double(width * width + height * height).squareRoot()
        let f = f35 / fullFrameDiagonal * diagonal
        return PhotoIntrinsics(camera: CameraIntrinsics(fx: f, fy: f, cx: Double(width - 1) / 2, cy: Double(height - 1) / 2,
                                                        width: width, height: height), source: .exifFocalLength35mm)
    }

    /// Intrinsics given for a stored (unoriented) image of `stored` size, brought to the photo as
    /// returned: oriented like the photo, then scaled to its size. Nil with the reason when the
    /// sizes cannot be reconciled.
    static func align(_ camera: CameraIntrinsics, orientation: Raster.Orientation, photoWidth: Int,
                      photoHeight: Int) -> (CameraIntrinsics?, String?) {
        guard camera.width > 0, camera.height > 0 else {
            return (nil, "intrinsics are given for a \(camera.width)x\(camera.height) image (a size of 0)")
        }
        guard [camera.fx, camera.fy, camera.cx, camera.cy].allSatisfy(\.isFinite), camera.fx > 0, camera.fy > 0 else {
            return (nil, "intrinsics hold a focal length that is not a positive number")
        }
        func fits(_ c: CameraIntrinsics) -> Bool {
            abs(Double(c.width) / Double(c.height) / (Double(photoWidth) / Double(photoHeight)) - 1) <= 0.02
        }
        // Phones give them for the stored pixels; a writer that gave them for the displayed photo is
        // recognised by the size when the stored reading does not fit.
        for candidate in [oriented(camera, by: orientation), camera] where fits(candidate) {
            return (candidate.scaled(toWidth: photoWidth, height: photoHeight), nil)
        }
        return (nil, "intrinsics are given for a \(camera.width)x\(camera.height) image but the photo is \(photoWidth)x\(photoHeight)")
    }

    /// The same camera for the image re-oriented by `o`: the principal point moves with the pixels,
    /// and a quarter turn swaps the focal lengths.
    static func oriented(_ c: CameraIntrinsics, by o: Raster.Orientation) -> CameraIntrinsics {
        let p = Orientations.map(x: c.cx, y: c.cy, width: c.width, height: c.height, by: o)
        let t = Orientations.transposes(o)
        return CameraIntrinsics(fx: t ? c.fy : c.fx, fy: t ? c.fx : c.fy, cx: p.x, cy: p.y,
                                width: t ? c.height : c.width, height: t ? c.width : c.height)
    }
}
