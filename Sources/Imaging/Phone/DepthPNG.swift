internal import CLeptonica

/// PNG encoding of depth images in memory, through leptonica (libpng): Imaging's PNG writer takes a
/// path, and the writers assemble files in memory.
enum DepthPNG {
    /// A 16-bit gray PNG of the levels (0…65535).
    static func encode16(_ levels: [Int], width: Int, height: Int, name: String) throws(ImagingError) -> [UInt8] {
        Leptonica.configure()
        guard let pix = Imaging.Pix(taking: pixCreate(Int32(width), Int32(height), 16)) else {
            throw ImagingError(.unreadable, file: name, "leptonica could not allocate a \(width)x\(height) depth image")
        }
        for y in 0..<height { for x in 0..<width { pixSetPixel(pix.pointer, Int32(x), Int32(y), UInt32(max(0, min(65535, levels[y * width + x])))) } }
        return try encode(pix, name: name)
    }

    /// An 8-bit PNG of a raster (gray or RGB).
    static func encode8(_ raster: Raster, name: String = "(PNG)") throws(ImagingError) -> [UInt8] {
        try encode(Imaging.Pix(raster), name: name)
    }

    private static func encode(_ pix: Imaging.Pix, name: String) throws(ImagingError) -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMemPng(&data, &size, pix.pointer, 0) == 0, let data else {
            throw ImagingError(.unreadable, file: name, "PNG encoding failed")
        }
        defer { lept_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
