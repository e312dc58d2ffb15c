import CJPEG

/// JPEG decoding through libjpeg directly: damaged photos keep what could be read (a truncated
/// upload still has most of its lines) and libjpeg's warnings become a message instead of stderr noise.
enum JPEGDecoder {
    struct Decoded {
        var raster: Raster
        /// Set when the data was damaged: what libjpeg said, and how much of the image was kept.
        var warning: String?
    }

    static func decode(_ bytes: [UInt8], name: String, maxPixels: Int) throws(ImagingError) -> Decoded {
        var image = decant_jpeg_image()
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { buffer in
            decant_jpeg_read(buffer.baseAddress, buffer.count, UInt64(maxPixels), &image, &message, message.count)
        }
        defer { decant_jpeg_free(&image) }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard status == 0, let pixels = image.pixels, image.rows_read > 0 else {
            if text.contains("above the limit") { throw ImagingError(.tooLarge, file: name, text) }
            throw ImagingError(.corrupt, file: name, "JPEG data is damaged or truncated (\(text.isEmpty ? "no image data" : text))")
        }
        let width = Int(image.width), height = Int(image.height), channels = Int(image.channels)
        let raster = Raster(width: width, height: height, channels: channels,
                            pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height * channels)))
        var warning: String?
        if image.rows_read < image.height {
            let kept = Int((Double(image.rows_read) / Double(image.height) * 100).rounded())
            warning = "JPEG data is damaged (\(text)); the top \(kept)% of the image was read, the rest is blank"
        } else if image.warnings > 0 {
            warning = "JPEG data is damaged (\(text)); the image was read, parts may be garbled"
        }
        return Decoded(raster: raster, warning: warning)
    }
}
