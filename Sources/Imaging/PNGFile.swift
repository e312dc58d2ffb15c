internal import CPNG

/// Full-range PNG access through libpng (leptonica strips 16-bit PNGs to 8 bits, which would
/// throw away depth precision).
public enum PNGFile {
    public struct Image: Sendable {
        public var width: Int
        public var height: Int
        /// Bit depth stored in the file (1…16).
        public var bitDepth: Int
        public var channels: Int
        /// Samples widened to 16-bit containers; 8-bit files keep values 0…255.
        public var samples: [UInt16]
    }

    public static func readHeader(path: String) throws(ImagingError) -> (width: Int, height: Int, bitDepth: Int, channels: Int) {
        var image = decant_png_image()
        var message = [CChar](repeating: 0, count: 256)
        let status = decant_png_read_header(path, &image, &message, message.count)
        guard status == 0 else { throw ImagingError(.corrupt, file: fileName(path), String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        return (Int(image.width), Int(image.height), Int(image.bit_depth), Int(image.channels))
    }

    public static func read(path: String, maxPixels: Int) throws(ImagingError) -> Image {
        var image = decant_png_image()
        var message = [CChar](repeating: 0, count: 256)
        let status = decant_png_read(path, UInt64(maxPixels), &image, &message, message.count)
        defer { decant_png_free(&image) }
        guard status == 0, let samples = image.samples else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImagingError(.corrupt, file: fileName(path), "PNG could not be decoded: \(text)")
        }
        let count = Int(image.width) * Int(image.height) * Int(image.channels)
        return Image(width: Int(image.width), height: Int(image.height), bitDepth: Int(image.bit_depth),
                     channels: Int(image.channels), samples: Array(UnsafeBufferPointer(start: samples, count: count)))
    }

    /// Decodes PNG bytes already in memory (the image loader reads each file once).
    static func decode(_ bytes: [UInt8], name: String, maxPixels: Int) throws(ImagingError) -> Image {
        var image = decant_png_image()
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { buf in
            decant_png_read_memory(buf.baseAddress, buf.count, UInt64(maxPixels), &image, &message, message.count)
        }
        defer { decant_png_free(&image) }
        guard status == 0, let samples = image.samples else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.contains("above the limit") { throw ImagingError(.tooLarge, file: name, text) }
            throw ImagingError(.corrupt, file: name, "PNG data is damaged or truncated (\(text))")
        }
        let count = Int(image.width) * Int(image.height) * Int(image.channels)
        return Image(width: Int(image.width), height: Int(image.height), bitDepth: Int(image.bit_depth),
                     channels: Int(image.channels), samples: Array(UnsafeBufferPointer(start: samples, count: count)))
    }

    /// Writes gray or RGB samples at 8 or 16 bits, without any metadata chunks.
    public static func write(path: String, samples: [UInt16], width: Int, height: Int, channels: Int, bitDepth: Int) throws(ImagingError) {
        var message = [CChar](repeating: 0, count: 256)
        let status = samples.withUnsafeBufferPointer { buf in
            decant_png_write(path, buf.baseAddress, UInt32(width), UInt32(height), Int32(channels), Int32(bitDepth), &message, message.count)
        }
        guard status == 0 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImagingError(.unreadable, file: fileName(path), "could not write PNG: \(text)")
        }
    }

    /// Writes an 8-bit raster as PNG (no EXIF/GPS: nothing but pixels).
    public static func write(_ raster: Raster, to path: String) throws(ImagingError) {
        try write(path: path, samples: raster.pixels.map { UInt16($0) }, width: raster.width, height: raster.height,
                  channels: raster.channels, bitDepth: 8)
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

extension PNGFile.Image {
    /// 8-bit gray or RGB: 16-bit samples are scaled down, alpha is composited over white paper.
    public func raster() -> Raster {
        let colour = channels >= 3
        let hasAlpha = channels == 2 || channels == 4
        let outChannels = colour ? 3 : 1
        let maxValue = bitDepth == 16 ? 65535.0 : 255.0
        var out = [UInt8](repeating: 0, count: width * height * outChannels)
        samples.withUnsafeBufferPointer { src in
            for p in 0..<(width * height) {
                let base = p * channels
                let alpha = hasAlpha ? Double(src[base + channels - 1]) / maxValue : 1
                for k in 0..<outChannels {
                    let v = Double(src[base + k]) / maxValue
                    let composited = v * alpha + (1 - alpha)
                    out[p * outChannels + k] = UInt8((composited * 255).rounded())
                }
            }
        }
        return Raster(width: width, height: height, channels: outChannels, pixels: out)
    }
}
