import Imaging

/// The detector's input: the page scaled to a multiple of 32 on each side within the side and
/// pixel caps, normalized as PP-OCR was trained (ImageNet mean and deviation, channels in OpenCV's
/// BGR order, NCHW).
struct DetectionInput {
    var width: Int
    var height: Int
    var tensor: [Float]

    /// The scaled size for a page, as PaddleOCR's DetResizeForTest (limit_type "max") rounds it,
    /// with the pixel cap on top.
    static func size(width: Int, height: Int, maxSide: Int, maxPixels: Int) -> (width: Int, height: Int) {
        var ratio = max(width, height) > maxSide ? Double(maxSide) / Double(max(width, height)) : 1
        let pixels = Double(width) * Double(height) * ratio * ratio
        if pixels > Double(maxPixels) { ratio *= (Double(maxPixels) / pixels).squareRoot() }
        func rounded(_ side: Int) -> Int { max(Int((Double(side) * ratio / 32).rounded()) * 32, 32) }
        var w = rounded(width), h = rounded(height)
        // Rounding to 32 may step past the caps; step back down.
        while w * h > maxPixels && (w > 32 || h > 32) {
            if w >= h { w -= 32 } else { h -= 32 }
        }
        return (w, h)
    }

    /// The page scaled by `scale` (multiples of 32), within `maxPixels`.
    static func size(width: Int, height: Int, scale: Double, maxPixels: Int) -> (width: Int, height: Int) {
        let side = Int((Double(max(width, height)) * scale).rounded())
        return size(width: width, height: height, maxSide: max(side, 32), maxPixels: maxPixels)
    }

    init(page: Raster, maxSide: Int, maxPixels: Int) {
        let (w, h) = Self.size(width: page.width, height: page.height, maxSide: maxSide, maxPixels: maxPixels)
        width = w
        height = h
        tensor = Self.tensor(page.resized(width: w, height: h), x: 0, y: 0, width: w, height: h)
    }

    /// The normalized NCHW tensor of one rectangle of a (scaled) page.
    static func tensor(_ scaled: Raster, x x0: Int, y y0: Int, width w: Int, height h: Int) -> [Float] {
        // BGR order: PaddleOCR reads with cv2.imread and normalizes channel 0 (blue) with 0.485.
        let mean: [Float] = [0.485, 0.456, 0.406], deviation: [Float] = [0.229, 0.224, 0.225]
        let plane = w * h
        var tensor = [Float](repeating: 0, count: 3 * plane)
        let channels = scaled.channels, rowLength = scaled.width
        scaled.pixels.withUnsafeBufferPointer { src in
            tensor.withUnsafeMutableBufferPointer { dst in
                for c in 0..<3 {
                    let source = channels == 3 ? 2 - c : 0
                    let scale = 1 / (255 * deviation[c]), offset = mean[c] / deviation[c]
                    for y in 0..<h {
                        let from = ((y0 + y) * rowLength + x0) * channels + source, to = c * plane + y * w
                        for x in 0..<w {
                            dst[to + x] = Float(src[from + x * channels]) * scale - offset
                        }
                    }
                }
            }
        }
        return tensor
    }

    /// Overlapping tiles (multiples of 32, at most `tile` on a side) covering a width × height
    /// input, so the detector's memory stays bounded by the tile whatever the page's size. Tiles
    /// overlap by `overlap` pixels so text cut by one tile's edge is whole in its neighbour.
    static func tiles(width: Int, height: Int, tile: Int, overlap: Int = 96) -> [PixelRect] {
        func starts(_ length: Int) -> [(Int, Int)] {
            guard length > tile else { return [(0, length)] }
            var out: [(Int, Int)] = []
            var start = 0
            while true {
                let s = min(start, length - tile)
                out.append((s, tile))
                if s + tile >= length { break }
                start += tile - overlap
            }
            return out
        }
        return starts(height).flatMap { y in starts(width).map { x in PixelRect(x: x.0, y: y.0, width: x.1, height: y.1) } }
    }
}
