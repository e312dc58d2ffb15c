internal import CJPEG
internal import CPNG

/// Decodes an embedded depth image (8-bit gray JPEG, 8- or 16-bit PNG) to its stored samples,
/// through the same C shims Imaging uses (libjpeg and libpng with their setjmp kept in C), but
/// without what suits photos and not depth: no EXIF rotation, no reduction of 16-bit PNG to 8 bits.
enum DepthImageDecoder {
    struct Samples: Sendable, Equatable {
        var width: Int
        var height: Int
        var bitDepth: Int
        var samples: [UInt16]
        var warnings: [String]
    }

    enum Failure: Error, Equatable {
        case unsupported(String)
        case damaged(String)
        case tooLarge(String)

        var message: String {
            switch self {
            case .unsupported(let m), .damaged(let m), .tooLarge(let m): return m
            }
        }
    }

    /// By content, not by the MIME type the file claims (which some writers get wrong).
    static func decode(_ bytes: [UInt8], maxPixels: Int) -> Result<Samples, Failure> {
        switch ImageFormat.detect(bytes) {
        case .jpeg: return decodeJPEG(bytes, maxPixels: maxPixels)
        case .png: return decodePNG(bytes, maxPixels: maxPixels)
        case let other:
            return .failure(.unsupported("depth image is \(other.map { $0.rawValue.uppercased() } ?? "not an image this reader knows") (expected JPEG or PNG)"))
        }
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func decodeJPEG(_ bytes: [UInt8], maxPixels: Int) -> Result<Samples, Failure> {
        var message = [CChar](repeating: 0, count: 256)
        var header = decant_jpeg_image()
        let known = bytes.withUnsafeBufferPointer {
            decant_jpeg_info($0.baseAddress, $0.count, UInt64(maxPixels), 1, &header, &message, message.count)
        }
        let width = Int(header.width), height = Int(header.height)
        guard known == 0, width > 0, height > 0, header.channels == 1 else {
            let t = text(message)
            return .failure(t.contains("above the limit") ? .tooLarge("depth JPEG \(t)") : .damaged("depth JPEG is damaged (\(t.isEmpty ? "no header" : t))"))
        }
        var image = decant_jpeg_image()
        var pixels = [UInt8](repeating: 255, count: width * height)
        let status = bytes.withUnsafeBufferPointer { b in
            pixels.withUnsafeMutableBufferPointer { p in
                decant_jpeg_read(b.baseAddress, b.count, UInt64(maxPixels), 1, p.baseAddress, p.count, nil, 0, &image, &message, message.count)
            }
        }
        guard status == 0, image.rows_read > 0 else {
            return .failure(.damaged("depth JPEG could not be decoded (\(text(message)))"))
        }
        var warnings: [String] = []
        if image.rows_read < image.height {
            // A depth map with a made-up part would bend the page: refuse it rather than guess.
            return .failure(.damaged("depth JPEG is truncated (\(image.rows_read) of \(image.height) rows)"))
        }
        if image.warnings > 0 { warnings.append("depth JPEG data is damaged (\(text(message))); parts may be wrong") }
        if image.colour != 0 { warnings.append("depth JPEG is stored in colour; its luma was used") }
        return .success(Samples(width: width, height: height, bitDepth: 8, samples: pixels.map { UInt16($0) }, warnings: warnings))
    }

    private static func decodePNG(_ bytes: [UInt8], maxPixels: Int) -> Result<Samples, Failure> {
        var image = decant_png_image()
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer {
            decant_png_read_memory($0.baseAddress, $0.count, UInt64(maxPixels), &image, &message, message.count)
        }
        defer { decant_png_free(&image) }
        guard status == 0, let samples = image.samples else {
            let t = text(message)
            return .failure(t.contains("above the limit") ? .tooLarge("depth PNG \(t)") : .damaged("depth PNG is damaged (\(t))"))
        }
        let width = Int(image.width), height = Int(image.height), channels = Int(image.channels)
        let all = UnsafeBufferPointer(start: samples, count: width * height * channels)
        var warnings: [String] = []
        var out = [UInt16](repeating: 0, count: width * height)
        var colour = false
        out.withUnsafeMutableBufferPointer { dst in
            for p in 0..<(width * height) {
                let s = p * channels
                dst[p] = all[s]
                if channels >= 3, all[s] != all[s + 1] || all[s] != all[s + 2] { colour = true }
            }
        }
        // Lens Blur writes its gray depth as RGBA with equal colour channels; only unequal ones are news.
        if colour { warnings.append("depth PNG is in colour; its first channel was used") }
        // Palette and sub-byte images are widened to 8 bits by the shim.
        return .success(Samples(width: width, height: height, bitDepth: image.bit_depth == 16 ? 16 : 8, samples: out, warnings: warnings))
    }
}
