import Foundation

/// Portable float maps (`Pf`, one channel) as some depth tools write them: metres, rows bottom to
/// top, a negative scale marking little-endian floats.
enum PFMFile {
    static func decodeDepth(_ bytes: [UInt8], name: String, maxPixels: Int) throws(ImagingError) -> DepthMap {
        // Header: three whitespace-separated tokens after the magic, then one whitespace byte.
        var tokens: [String] = []
        var i = 0
        var current = ""
        while i < bytes.count && tokens.count < 4 && i < 256 {
            let c = bytes[i]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 {
                if !current.isEmpty { tokens.append(current); current = "" }
            } else {
                current.append(Character(UnicodeScalar(c)))
            }
            i += 1
        }
        guard tokens.count == 4 else { throw ImagingError(.depthInvalid, file: name, "PFM header is truncated") }
        if tokens[0] == "PF" {
            throw ImagingError(.depthInvalid, file: name, "depth map is a 3-channel PFM; expected one channel (Pf) in metres")
        }
        guard tokens[0] == "Pf" else { throw ImagingError(.depthInvalid, file: name, "not a PFM file (magic \(tokens[0]))") }
        guard let width = Int(tokens[1]), let height = Int(tokens[2]), let scale = Double(tokens[3]),
              width > 0, height > 0, scale != 0, scale.isFinite else {
            throw ImagingError(.depthInvalid, file: name, "PFM header has an invalid size or scale")
        }
        guard width * height <= maxPixels else {
            throw ImagingError(.tooLarge, file: name, "depth map declares \(width)x\(height) pixels, above the limit of \(maxPixels)")
        }
        let little = scale < 0
        let start = i
        guard bytes.count - start >= width * height * 4 else {
            throw ImagingError(.depthInvalid, file: name, "PFM data is truncated (\(bytes.count - start) bytes for \(width)x\(height) floats)")
        }
        var mm = [Float](repeating: 0, count: width * height)
        bytes.withUnsafeBufferPointer { src in
            for row in 0..<height {
                // PFM stores the bottom row first.
                let y = height - 1 - row
                for x in 0..<width {
                    let o = start + (row * width + x) * 4
                    let bits = little
                        ? UInt32(src[o]) | UInt32(src[o + 1]) << 8 | UInt32(src[o + 2]) << 16 | UInt32(src[o + 3]) << 24
                        : UInt32(src[o + 3]) | UInt32(src[o + 2]) << 8 | UInt32(src[o + 1]) << 16 | UInt32(src[o]) << 24
                    mm[y * width + x] = DepthMap.millimetres(fromMetres: Float(bitPattern: bits))
                }
            }
        }
        return DepthMap(width: width, height: height, millimetres: mm)
    }

    /// Little-endian `Pf` in metres; holes are written as 0.
    static func encodeDepth(_ depth: DepthMap) -> [UInt8] {
        var out = Array("Pf\n\(depth.width) \(depth.height)\n-1.0\n".utf8)
        out.reserveCapacity(out.count + depth.millimetres.count * 4)
        for row in 0..<depth.height {
            let y = depth.height - 1 - row
            for x in 0..<depth.width {
                let bits = (depth[x, y] / 1000).bitPattern
                out += [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)]
            }
        }
        return out
    }
}
