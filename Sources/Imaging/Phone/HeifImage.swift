internal import CHeif

/// Sole owner of one decoded libheif image; its planes are copied out into plain values.
final class HeifImage {
    let pointer: OpaquePointer

    init(taking pointer: OpaquePointer) { self.pointer = pointer }

    deinit { heif_image_release(pointer) }

    /// What libheif noted while decoding a damaged stream it still decoded (non-strict decoding).
    var decodingWarnings: [String] {
        let count = Int(heif_image_get_decoding_warnings(pointer, 0, nil, 0))
        guard count > 0 else { return [] }
        var errors = [heif_error](repeating: heif_error(), count: count)
        let n = Int(heif_image_get_decoding_warnings(pointer, 0, &errors, Int32(count)))
        return errors.prefix(n).map { HeifContext.message($0) }
    }

    /// An interleaved RGB or RGBA decode as a Raster; alpha is composited over white paper, as
    /// Imaging does for PNG.
    func raster(name: String) throws(ImagingError) -> Raster {
        var stride: Int32 = 0
        let width = Int(heif_image_get_width(pointer, heif_channel_interleaved))
        let height = Int(heif_image_get_height(pointer, heif_channel_interleaved))
        let chroma = heif_image_get_chroma_format(pointer)
        let channels = chroma == heif_chroma_interleaved_RGBA ? 4 : 3
        guard width > 0, height > 0, chroma == heif_chroma_interleaved_RGB || chroma == heif_chroma_interleaved_RGBA,
              heif_image_get_bits_per_pixel_range(pointer, heif_channel_interleaved) == 8,
              let plane = heif_image_get_plane_readonly(pointer, heif_channel_interleaved, &stride), Int(stride) >= width * channels
        else { throw ImagingError(.corrupt, file: name, "HEIF image decoded to an unexpected pixel layout") }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = plane + y * Int(stride)
                for x in 0..<width {
                    let s = row + x * channels, d = (y * width + x) * 3
                    if channels == 4 {
                        let a = Int(s[3])
                        for k in 0..<3 { out[d + k] = UInt8((Int(s[k]) * a + 255 * (255 - a) + 127) / 255) }
                    } else {
                        out[d] = s[0]; out[d + 1] = s[1]; out[d + 2] = s[2]
                    }
                }
            }
        }
        return Raster(width: width, height: height, channels: 3, pixels: pixels)
    }

    /// The luma plane of a monochrome decode, widened to 16 bits, with its bit depth.
    func graySamples(name: String) throws(ImagingError) -> (width: Int, height: Int, bitDepth: Int, samples: [UInt16]) {
        var stride: Int32 = 0
        let width = Int(heif_image_get_width(pointer, heif_channel_Y))
        let height = Int(heif_image_get_height(pointer, heif_channel_Y))
        let storage = Int(heif_image_get_bits_per_pixel(pointer, heif_channel_Y))
        let range = Int(heif_image_get_bits_per_pixel_range(pointer, heif_channel_Y))
        let bytesPerSample = storage > 8 ? 2 : 1
        guard width > 0, height > 0, (1...16).contains(range),
              let plane = heif_image_get_plane_readonly(pointer, heif_channel_Y, &stride), Int(stride) >= width * bytesPerSample
        else { throw ImagingError(.corrupt, file: name, "HEIF depth image decoded to an unexpected pixel layout") }
        var samples = [UInt16](repeating: 0, count: width * height)
        samples.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = plane + y * Int(stride)
                for x in 0..<width {
                    // libheif stores deep samples as native-endian 16-bit words.
                    out[y * width + x] = bytesPerSample == 1
                        ? UInt16(row[x])
                        : UnsafeRawPointer(row + 2 * x).loadUnaligned(as: UInt16.self)
                }
            }
        }
        return (width, height, range, samples)
    }
}
