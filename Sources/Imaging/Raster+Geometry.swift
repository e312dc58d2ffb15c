/// Lossless re-orientations (EXIF, 90° turns) and resampling, kept on plain values.
extension Raster {
    /// The eight EXIF orientations; raw values are the EXIF tag values.
    public enum Orientation: Int, Sendable, Codable {
        case up = 1, upMirrored = 2, down = 3, downMirrored = 4
        case leftMirrored = 5, right = 6, rightMirrored = 7, left = 8
    }

    /// Returns the image as it should be displayed when the file carries this EXIF orientation.
    public func applying(_ orientation: Orientation) -> Raster {
        switch orientation {
        case .up: return self
        case .upMirrored: return remapped(width: width, height: height) { x, y in (width - 1 - x, y) }
        case .down: return rotated(quarterTurnsClockwise: 2)
        case .downMirrored: return remapped(width: width, height: height) { x, y in (x, height - 1 - y) }
        case .leftMirrored: return remapped(width: height, height: width) { x, y in (y, x) }
        case .right: return rotated(quarterTurnsClockwise: 1)
        case .rightMirrored: return remapped(width: height, height: width) { x, y in (width - 1 - y, height - 1 - x) }
        case .left: return rotated(quarterTurnsClockwise: 3)
        }
    }

    /// Rotates by a multiple of 90° clockwise.
    public func rotated(quarterTurnsClockwise turns: Int) -> Raster {
        switch ((turns % 4) + 4) % 4 {
        case 1: return remapped(width: height, height: width) { x, y in (y, height - 1 - x) }
        case 2: return remapped(width: width, height: height) { x, y in (width - 1 - x, height - 1 - y) }
        case 3: return remapped(width: height, height: width) { x, y in (width - 1 - y, x) }
        default: return self
        }
    }

    /// Builds an image of the given size whose pixel (x, y) is this image's pixel `source(x, y)`.
    func remapped(width newWidth: Int, height newHeight: Int, _ source: (Int, Int) -> (Int, Int)) -> Raster {
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * channels)
        let c = channels
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<newHeight {
                    for x in 0..<newWidth {
                        let (sx, sy) = source(x, y)
                        let si = (sy * width + sx) * c, di = (y * newWidth + x) * c
                        for k in 0..<c { dst[di + k] = src[si + k] }
                    }
                }
            }
        }
        return Raster(width: newWidth, height: newHeight, channels: c, pixels: out)
    }

    /// Crops to the rectangle, clamped to the image.
    public func cropped(to rect: PixelRect) -> Raster {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(width, rect.x + rect.width), y1 = min(height, rect.y + rect.height)
        guard x1 > x0, y1 > y0 else { return Raster(width: 1, height: 1, channels: channels) }
        return remapped(width: x1 - x0, height: y1 - y0) { x, y in (x + x0, y + y0) }
    }

    /// Area-averaging when shrinking (no aliasing of thin strokes), bilinear when enlarging.
    public func resized(width newWidth: Int, height newHeight: Int) -> Raster {
        precondition(newWidth > 0 && newHeight > 0)
        if newWidth == width && newHeight == height { return self }
        let sx = Double(width) / Double(newWidth), sy = Double(height) / Double(newHeight)
        if sx <= 1 && sy <= 1 {
            return enlarged(width: newWidth, height: newHeight, sx: sx, sy: sy)
        }
        return reduced(width: newWidth, height: newHeight, sx: sx, sy: sy)
    }

    /// Area-averaging reduction. Which source pixels an output pixel covers, and by how much, is
    /// the same for every output pixel of a column (of a row), so those weights are worked out once
    /// per column and per row (`AreaSpans`); each pixel then sums its products in the same order as
    /// working them out on the spot would, so the result is the same. Previews and page reductions
    /// shrink whole 12 MP pages, where the per-pixel arithmetic made this 1–3 % of a run's CPU.
    private func reduced(width newWidth: Int, height newHeight: Int, sx: Double, sy: Double) -> Raster {
        let columns = AreaSpans(count: newWidth, step: sx, size: width)
        let rows = AreaSpans(count: newHeight, step: sy, size: height)
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * channels)
        let c = channels, w = width
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { out in
                rows.weights.withUnsafeBufferPointer { rowWeights in
                    columns.weights.withUnsafeBufferPointer { columnWeights in
                        for y in 0..<newHeight {
                            let rowStart = rows.first[y], rowSpan = rows.offset[y]..<rows.offset[y + 1]
                            for x in 0..<newWidth {
                                let columnStart = columns.first[x], columnSpan = columns.offset[x]..<columns.offset[x + 1]
                                var sums = (0.0, 0.0, 0.0), area = 0.0
                                var yy = rowStart
                                for wyIndex in rowSpan {
                                    let wy = rowWeights[wyIndex]
                                    var i = (yy * w + columnStart) * c
                                    for wxIndex in columnSpan {
                                        let weight = wy * columnWeights[wxIndex]
                                        sums.0 += weight * Double(src[i])
                                        if c == 3 { sums.1 += weight * Double(src[i + 1]); sums.2 += weight * Double(src[i + 2]) }
                                        area += weight
                                        i += c
                                    }
                                    yy += 1
                                }
                                let o = (y * newWidth + x) * c
                                let inv = area > 0 ? 1 / area : 0
                                out[o] = UInt8(min(255, (sums.0 * inv).rounded()))
                                if c == 3 {
                                    out[o + 1] = UInt8(min(255, (sums.1 * inv).rounded()))
                                    out[o + 2] = UInt8(min(255, (sums.2 * inv).rounded()))
                                }
                            }
                        }
                    }
                }
            }
        }
        return Raster(width: newWidth, height: newHeight, channels: c, pixels: out)
    }

    /// Bilinear enlargement, pixel for pixel what `sample(x:y:channel:)` gives at each output
    /// pixel's centre, but with the per-column and per-row arithmetic done once: receipts' second
    /// readings enlarge whole pages, and sampling each pixel on its own made this a few percent of
    /// a run's CPU time.
    private func enlarged(width newWidth: Int, height newHeight: Int, sx: Double, sy: Double) -> Raster {
        struct Axis {
            var low: Int, fraction: Double, edge: Bool, outside: Bool, nearest: Int
            init(_ position: Double, size: Int) {
                low = Int(position.rounded(.down))
                fraction = position - Double(low)
                edge = low < 0 || low >= size - 1
                outside = position < -0.5 || position > Double(size) - 0.5
                nearest = min(max(Int(position.rounded()), 0), size - 1)
            }
        }
        let columns = (0..<newWidth).map { Axis((Double($0) + 0.5) * sx - 0.5, size: width) }
        let rows = (0..<newHeight).map { Axis((Double($0) + 0.5) * sy - 0.5, size: height) }
        let c = channels, w = width
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * c)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for (y, row) in rows.enumerated() {
                    let fy = row.fraction
                    for (x, column) in columns.enumerated() {
                        let o = (y * newWidth + x) * c
                        if row.edge || column.edge {
                            if row.outside || column.outside {
                                for k in 0..<c { dst[o + k] = 255 }
                            } else {
                                let i = (row.nearest * w + column.nearest) * c
                                for k in 0..<c { dst[o + k] = src[i + k] }
                            }
                            continue
                        }
                        let fx = column.fraction
                        let i00 = (row.low * w + column.low) * c
                        for k in 0..<c {
                            let a = i00 + k, b = a + c, d = a + w * c, e = d + c
                            let top = Double(src[a]) * (1 - fx) + Double(src[b]) * fx
                            let bottom = Double(src[d]) * (1 - fx) + Double(src[e]) * fx
                            dst[o + k] = UInt8(min(255, max(0, (top * (1 - fy) + bottom * fy).rounded())))
                        }
                    }
                }
            }
        }
        return Raster(width: newWidth, height: newHeight, channels: c, pixels: out)
    }

    /// Uniform scale by a factor.
    public func scaled(by factor: Double) -> Raster {
        resized(width: max(1, Int((Double(width) * factor).rounded())),
                height: max(1, Int((Double(height) * factor).rounded())))
    }
}

/// An integer pixel rectangle (origin top-left).
public struct PixelRect: Sendable, Equatable, Hashable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var midY: Double { Double(y) + Double(height) / 2 }
    public var midX: Double { Double(x) + Double(width) / 2 }
    public func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
    public func intersects(_ other: PixelRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
    public func offsetBy(x dx: Int, y dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }
    /// Grown by `dx` on either side and `dy` above and below, kept within a page of `width` × `height`:
    /// the region a word or line is read again from, with room for ink its box left out.
    public func padded(x dx: Int, y dy: Int, within width: Int, _ height: Int) -> PixelRect {
        let x0 = max(0, x - dx), y0 = max(0, y - dy)
        return PixelRect(x: x0, y: y0, width: max(0, min(width, maxX + dx) - x0), height: max(0, min(height, maxY + dy) - y0))
    }
    /// Overlap of the vertical extents as a fraction of the smaller height.
    public func verticalOverlap(with other: PixelRect) -> Double {
        let overlap = min(maxY, other.maxY) - max(y, other.y)
        let smaller = min(height, other.height)
        return smaller > 0 ? Double(max(0, overlap)) / Double(smaller) : 0
    }
}
