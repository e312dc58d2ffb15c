internal import CJPEG

/// JPEG decoding through libjpeg directly: damaged photos keep what could be read (a truncated
/// upload still has most of its lines) and libjpeg's warnings become a message instead of stderr noise.
enum JPEGDecoder {
    struct Decoded {
        var raster: Raster
        /// Set when the data was damaged: what libjpeg said, and how much of the image was kept.
        var warning: String?
        /// The colour planes, when asked for and the file has colour.
        var chroma: Chroma?
    }

    /// The pixels are decoded straight into the raster's storage: a 35 MP scan would otherwise be
    /// held twice (104 MB each in RGB) while it was copied. `grayscale`: one channel, the same
    /// values as `Raster.grayscale()` of the colour decode, converted row by row (35 MB at most).
    /// `chromaReduction`: also the photo's `Chroma` at that block size, computed from the same
    /// decoded rows (a gray decode never holds the colour image, so it could not be done after).
    static func decode(_ bytes: [UInt8], name: String, maxPixels: Int, grayscale: Bool = false,
                       chromaReduction: Int? = nil) throws(ImagingError) -> Decoded {
        var message = [CChar](repeating: 0, count: 256)
        func text() -> String { String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        func failure() -> ImagingError {
            let text = text()
            if text.contains("above the limit") { return ImagingError(.tooLarge, file: name, text) }
            return ImagingError(.corrupt, file: name, "JPEG data is damaged or truncated (\(text.isEmpty ? "no image data" : text))")
        }
        var header = decant_jpeg_image()
        let gray: Int32 = grayscale ? 1 : 0
        let known = bytes.withUnsafeBufferPointer { buffer in
            decant_jpeg_info(buffer.baseAddress, buffer.count, UInt64(maxPixels), gray, &header, &message, message.count)
        }
        let width = Int(header.width), height = Int(header.height), channels = Int(header.channels)
        guard known == 0, width > 0, height > 0 else { throw failure() }
        var image = decant_jpeg_image()
        var status: Int32 = -1
        let count = width * height * channels
        let reduction = header.colour != 0 ? chromaReduction.map { max(1, $0) } : nil
        let chromaWidth = reduction.map { (width + $0 - 1) / $0 } ?? 0, chromaHeight = reduction.map { (height + $0 - 1) / $0 } ?? 0
        var chromaPixels = [UInt8](repeating: 128, count: chromaWidth * chromaHeight * 2)
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { storage, initialized in
            status = bytes.withUnsafeBufferPointer { buffer in
                chromaPixels.withUnsafeMutableBufferPointer { chroma in
                    decant_jpeg_read(buffer.baseAddress, buffer.count, UInt64(maxPixels), gray, storage.baseAddress, count,
                                     reduction == nil ? nil : chroma.baseAddress, UInt32(reduction ?? 0),
                                     &image, &message, message.count)
                }
            }
            // On success the decoder whitened the whole buffer before decoding into it.
            initialized = status == 0 ? count : 0
        }
        guard status == 0, image.rows_read > 0, Int(image.width) == width, Int(image.height) == height,
              Int(image.channels) == channels else { throw failure() }
        let raster = Raster(width: width, height: height, channels: channels, pixels: pixels)
        let text = text()
        var warning: String?
        if image.rows_read < image.height {
            let kept = Int((Double(image.rows_read) / Double(image.height) * 100).rounded())
            warning = "JPEG data is damaged (\(text)); the top \(kept)% of the image was read, the rest is blank"
        } else if image.warnings > 0 {
            warning = "JPEG data is damaged (\(text)); the image was read, parts may be garbled"
        }
        let plane = chromaWidth * chromaHeight
        let chroma = reduction.map {
            Chroma(yellowBlue: Raster(width: chromaWidth, height: chromaHeight, channels: 1, pixels: Array(chromaPixels[..<plane])),
                   redGreen: Raster(width: chromaWidth, height: chromaHeight, channels: 1, pixels: Array(chromaPixels[plane...])),
                   reduction: $0)
        }
        return Decoded(raster: raster, warning: warning, chroma: chroma)
    }
}
