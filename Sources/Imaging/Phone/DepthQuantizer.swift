
/// The metric range of a depth map for the writers, which store depth quantized between a near and a
/// far distance as phones do.
enum DepthQuantizer {
    /// Near and far in metres over the valid (positive, finite) samples; a flat map is widened by
    /// 1 % so the range is never empty.
    static func range(_ depth: DepthMap, name: String) throws(ImagingError) -> (near: Double, far: Double) {
        var low = Float.infinity, high: Float = 0
        for mm in depth.millimetres where mm > 0 && mm.isFinite {
            low = min(low, mm); high = max(high, mm)
        }
        guard high > 0 else { throw ImagingError(.depthInvalid, file: name, "depth map has no valid sample to write") }
        var near = Double(low) / 1000, far = Double(high) / 1000
        if far <= near * 1.0001 { near *= 0.995; far *= 1.005 }
        return (near, far)
    }
}

/// A minimal EXIF (TIFF) block: orientation, and the 35 mm-equivalent focal length readers fall back
/// on for intrinsics. Big-endian, IFD0 with an EXIF sub-IFD.
enum ExifBlock {
    static func tiff(orientation: Raster.Orientation, focalLength35mm: Int?) -> [UInt8] {
        var w = BoxWriter()
        w.append([0x4D, 0x4D, 0x00, 0x2A]); w.u32(8)
        // IFD0: Orientation, ExifIFD pointer.
        w.u16(2)
        w.u16(0x0112); w.u16(3); w.u32(1); w.u16(orientation.rawValue); w.u16(0)
        w.u16(0x8769); w.u16(4); w.u32(1); w.u32(8 + 2 + 24 + 4)
        w.u32(0)
        // EXIF IFD: FocalLengthIn35mmFilm.
        let entries = focalLength35mm == nil ? 0 : 1
        w.u16(entries)
        if let f = focalLength35mm { w.u16(0xA405); w.u16(3); w.u32(1); w.u16(f); w.u16(0) }
        w.u32(0)
        return w.bytes
    }

    /// The 35 mm-equivalent focal length of a camera (the diagonal convention of PhotoIntrinsics).
    static func equivalentFocalLength(_ c: CameraIntrinsics) -> Int? {
        let diagonal = Double(c.width * c.width + c.height * c.height).squareRoot()
        let f35 = (c.fx + c.fy) / 2 / diagonal * PhotoIntrinsics.fullFrameDiagonal
        return f35.isFinite && f35 >= 1 && f35 < 65535 ? Int(f35.rounded()) : nil
    }
}
