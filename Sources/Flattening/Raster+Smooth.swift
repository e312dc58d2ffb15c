import Foundation
import Imaging

extension Raster {
    /// Separable Gaussian smoothing of a gray raster inside `region` (the rest is copied), edges
    /// clamped: before a reducing resampling, which otherwise aliases thin strokes. (Smoothing the
    /// sensor's grain before an enlargement was measured and read worse: the lens blur, not the
    /// noise, is what the small print suffers from.)
    func smoothed(sigma: Double, in region: PixelRect? = nil) -> Raster {
        filtered(sigma: sigma, in: region, unsharp: 0)
    }

    /// Gaussian smoothing, or with `unsharp` > 0 unsharp masking (the source plus `unsharp` times
    /// its difference from the smoothed image), in one pass.
    private func filtered(sigma: Double, in region: PixelRect?, unsharp: Float) -> Raster {
        precondition(channels == 1)
        guard sigma > 0.05 else { return self }
        let r = region ?? PixelRect(x: 0, y: 0, width: width, height: height)
        let gaussian = GaussianKernel(sigma: sigma, reach: 2.5)
        let radius = gaussian.radius, kernel = gaussian.taps
        let w = width, h = height
        var pass = [Float](repeating: 0, count: r.width * r.height)
        var out = pixels
        pixels.withUnsafeBufferPointer { src in
            kernel.withUnsafeBufferPointer { k in
                pass.withUnsafeMutableBufferPointer { tmp in
                    for y in 0..<r.height {
                        let row = (r.y + y) * w
                        for x in 0..<r.width {
                            var s: Float = 0
                            let cx = r.x + x
                            for t in -radius...radius { s += k[t + radius] * Float(src[row + min(w - 1, max(0, cx + t))]) }
                            tmp[y * r.width + x] = s
                        }
                    }
                }
            }
        }
        // Vertical pass: rows outside the region are taken from the source (unsmoothed horizontally),
        // which only matters within `radius` of the region's border.
        pass.withUnsafeBufferPointer { tmp in
            pixels.withUnsafeBufferPointer { src in
                kernel.withUnsafeBufferPointer { k in
                    out.withUnsafeMutableBufferPointer { dst in
                        for y in 0..<r.height {
                            for x in 0..<r.width {
                                var s: Float = 0
                                for t in -radius...radius {
                                    let yy = y + t
                                    if yy >= 0 && yy < r.height {
                                        s += k[t + radius] * tmp[yy * r.width + x]
                                    } else {
                                        s += k[t + radius] * Float(src[min(h - 1, max(0, r.y + yy)) * w + r.x + x])
                                    }
                                }
                                let o = (r.y + y) * w + r.x + x
                                let smooth = UInt8(min(255, max(0, s + 0.5)))
                                if unsharp > 0 {
                                    let v = Float(src[o]) + unsharp * (Float(src[o]) - Float(smooth))
                                    dst[o] = UInt8(min(255, max(0, v + 0.5)))
                                } else {
                                    dst[o] = smooth
                                }
                            }
                        }
                    }
                }
            }
        }
        return Raster(width: w, height: h, channels: 1, pixels: out)
    }

    /// Unsharp masking inside `region`: the photo's lens blur spreads each stroke over a few pixels,
    /// and adding back `amount` times the difference from a `sigma` blur steepens its edges again.
    func sharpened(amount: Double, sigma: Double, in region: PixelRect? = nil) -> Raster {
        amount > 0 ? filtered(sigma: sigma, in: region, unsharp: Float(amount)) : self
    }
}
