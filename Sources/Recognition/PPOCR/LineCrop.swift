import Imaging

/// A text line cut out of the page by perspective warp, straight and `height` pixels tall, with
/// the map back to the page (for word boxes). Tilted lines come out level; a line of a turned page
/// comes out upright when its quad is given in reading order.
struct LineCrop: Sendable {
    /// The crop (RGB or gray, as the page), `height` tall and as wide as the line's aspect gives.
    var raster: Raster
    /// Crop pixel → page pixel.
    var toPage: Homography

    /// `quad` in reading order (top-left, top-right, bottom-right, bottom-left of the text).
    /// Shrinking by more than 1.5× averages a grid of samples per pixel, so thin strokes survive.
    init(page: Raster, quad: LineQuad, height: Int, maxWidth: Int) {
        let lineHeight = max(quad.height, 1)
        let width = min(max(Int((Double(height) * quad.width / lineHeight).rounded(.up)), 1), maxWidth)
        let map = Homography(width: Double(width), height: Double(height), to: quad)
        let scale = lineHeight / Double(height)
        let n = scale > 1.5 ? min(Int(scale.rounded(.up)), 4) : 1
        let channels = page.channels
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        let maxX = Double(page.width - 1), maxY = Double(page.height - 1)
        for y in 0..<height {
            for x in 0..<width {
                var sums = (0.0, 0.0, 0.0)
                for sy in 0..<n {
                    for sx in 0..<n {
                        let p = map.apply(Double(x) + (Double(sx) + 0.5) / Double(n), Double(y) + (Double(sy) + 0.5) / Double(n))
                        // Replicate the border, as PaddleOCR's warp does, rather than paint white.
                        let px = min(max(p.x - 0.5, 0), maxX), py = min(max(p.y - 0.5, 0), maxY)
                        sums.0 += page.sample(x: px, y: py, channel: 0)
                        if channels == 3 {
                            sums.1 += page.sample(x: px, y: py, channel: 1)
                            sums.2 += page.sample(x: px, y: py, channel: 2)
                        }
                    }
                }
                let k = Double(n * n), i = (y * width + x) * channels
                pixels[i] = UInt8(min(max((sums.0 / k).rounded(), 0), 255))
                if channels == 3 {
                    pixels[i + 1] = UInt8(min(max((sums.1 / k).rounded(), 0), 255))
                    pixels[i + 2] = UInt8(min(max((sums.2 / k).rounded(), 0), 255))
                }
            }
        }
        raster = Raster(width: width, height: height, channels: channels, pixels: pixels)
        toPage = map
    }

    init(raster: Raster, toPage: Homography) {
        self.raster = raster
        self.toPage = toPage
    }

    /// The recognizer's input: (v / 255 − 0.5) / 0.5 in BGR order, NCHW, padded on the right with
    /// zeros (mid-gray, as PaddleOCR pads) to `width` columns.
    func tensor(width: Int) -> [Float] {
        let w = raster.width, h = raster.height, c = raster.channels
        let paddedWidth = max(width, w)
        var tensor = [Float](repeating: 0, count: 3 * h * paddedWidth)
        raster.pixels.withUnsafeBufferPointer { src in
            tensor.withUnsafeMutableBufferPointer { dst in
                for channel in 0..<3 {
                    let source = c == 3 ? 2 - channel : 0
                    for y in 0..<h {
                        let row = (channel * h + y) * paddedWidth
                        for x in 0..<w {
                            dst[row + x] = Float(src[(y * w + x) * c + source]) / 127.5 - 1
                        }
                    }
                }
            }
        }
        return tensor
    }

    /// The page rectangle covering crop columns x0..<x1 over crop rows y0..<y1 (the crop's full
    /// height when not given).
    func pageRect(columns x0: Double, _ x1: Double, rows y0: Double = 0, _ y1: Double? = nil) -> PixelRect {
        let h = y1 ?? Double(raster.height)
        let points = [toPage.apply(x0, y0), toPage.apply(x1, y0), toPage.apply(x1, h), toPage.apply(x0, h)]
        let minX = points.map(\.x).min() ?? 0, maxX = points.map(\.x).max() ?? 0
        let minY = points.map(\.y).min() ?? 0, maxY = points.map(\.y).max() ?? 0
        let left = Int(minX.rounded(.down)), top = Int(minY.rounded(.down))
        return PixelRect(x: left, y: top, width: max(Int(maxX.rounded(.up)) - left, 1), height: max(Int(maxY.rounded(.up)) - top, 1))
    }
}
