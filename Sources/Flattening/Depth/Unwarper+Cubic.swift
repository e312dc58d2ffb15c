import Imaging

extension Unwarper {
    /// Resampling through the mesh with a Catmull–Rom cubic kernel. The depth path enlarges the
    /// photo two to three times to reach Tesseract's x-height; bilinear interpolation turns every
    /// photo pixel into a flat-topped ramp there, the cubic kernel keeps the strokes' edges steep
    /// (and slightly overshoots them, which the tone stretch clips). Kept apart from `resample`
    /// so the fast bilinear path (overviews, measuring patches) stays as it is.
    func resampleCubic(_ source: Raster, outside: UInt8 = 255) -> Raster {
        precondition(source.channels == 1)
        var out = [UInt8](repeating: outside, count: width * height)
        guard source.width >= 4, source.height >= 4 else { return resample(source, outside: outside) }
        let sw = source.width, sh = source.height
        let maxX = Double(sw - 1), maxY = Double(sh - 1)
        @inline(__always) func weights(_ t: Double) -> (Double, Double, Double, Double) {
            (((-0.5 * t + 1) * t - 0.5) * t, (1.5 * t - 2.5) * t * t + 1, ((-1.5 * t + 2) * t + 0.5) * t, (0.5 * t - 0.5) * t * t)
        }
        source.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                forEachRun { run in
                    let dx = run.dx, dy = run.dy
                    var px = run.x, py = run.y
                    var o = run.offset
                    for _ in 0..<run.count {
                        if px >= 0 && py >= 0 && px <= maxX && py <= maxY {
                            let ix = Int(px), iy = Int(py)
                            let (wx0, wx1, wx2, wx3) = weights(px - Double(ix))
                            let (wy0, wy1, wy2, wy3) = weights(py - Double(iy))
                            // Columns and rows clamped at the photo's border.
                            let c0 = max(ix - 1, 0), c1 = ix, c2 = min(ix + 1, sw - 1), c3 = min(ix + 2, sw - 1)
                            @inline(__always) func row(_ r: Int) -> Double {
                                let b = min(max(r, 0), sh - 1) * sw
                                return wx0 * Double(src[b + c0]) + wx1 * Double(src[b + c1]) + wx2 * Double(src[b + c2]) + wx3 * Double(src[b + c3])
                            }
                            let v = wy0 * row(iy - 1) + wy1 * row(iy) + wy2 * row(iy + 1) + wy3 * row(iy + 2)
                            dst[o] = UInt8(min(255, max(0, v + 0.5)))
                        }
                        px += dx; py += dy; o += 1
                    }
                }
            }
        }
        return Raster(width: width, height: height, channels: 1, pixels: out)
    }

    /// The photo's bounding box of the mesh (whole pixels, clamped to the photo), for work that only
    /// the resampled region needs.
    func photoBounds(width sw: Int, height sh: Int, margin: Int) -> PixelRect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for k in stride(from: 0, to: nodes.count, by: 2) where nodes[k].isFinite {
            minX = min(minX, nodes[k]); maxX = max(maxX, nodes[k]); minY = min(minY, nodes[k + 1]); maxY = max(maxY, nodes[k + 1])
        }
        guard minX.isFinite else { return nil }
        let x0 = max(0, Int(minX) - margin), y0 = max(0, Int(minY) - margin)
        let x1 = min(sw, Int(maxX) + margin + 1), y1 = min(sh, Int(maxY) + margin + 1)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
