import Foundation
import Imaging

extension Raster {
    /// Richardson–Lucy deconvolution of a gray raster inside `region` (the rest is copied) for a
    /// Gaussian lens blur of `sigma` pixels: small print photographed out of focus spreads each
    /// stroke over more pixels than the stroke is wide, which no unsharp mask restores, while the
    /// blur's own shape can be undone when it is known. Richardson–Lucy keeps the image positive and
    /// amplifies noise slowly with `iterations`, so a fixed small count is safe to run unsupervised.
    func deconvolved(sigma: Double, iterations: Int, in region: PixelRect? = nil) -> Raster {
        precondition(channels == 1)
        guard sigma > 0.05, iterations > 0 else { return self }
        let r = region ?? PixelRect(x: 0, y: 0, width: width, height: height)
        guard r.width > 0, r.height > 0 else { return self }
        let w = r.width, h = r.height
        let kernel = GaussianKernel(sigma: sigma)
        // +1 keeps the ratio finite on pure black; it is taken off again when written back.
        var observed = [Float](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                let row = (r.y + y) * width + r.x
                for x in 0..<w { observed[y * w + x] = Float(src[row + x]) + 1 }
            }
        }
        var estimate = observed
        var work = [Float](repeating: 0, count: w * h)
        var scratch = [Float](repeating: 0, count: w * h)
        for _ in 0..<iterations {
            kernel.horizontal(estimate, into: &scratch, width: w, height: h)
            kernel.vertical(scratch, into: &work, width: w, height: h)
            for i in 0..<(w * h) { work[i] = observed[i] / max(work[i], 1e-3) }
            kernel.horizontal(work, into: &scratch, width: w, height: h)
            kernel.vertical(scratch, into: &work, width: w, height: h)
            for i in 0..<(w * h) { estimate[i] *= work[i] }
        }
        var out = pixels
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                let row = (r.y + y) * width + r.x
                for x in 0..<w { dst[row + x] = UInt8(min(255, max(0, estimate[y * w + x] - 1 + 0.5))) }
            }
        }
        return Raster(width: width, height: height, channels: 1, pixels: out)
    }
}

/// A normalized, symmetric Gaussian kernel applied separably with clamped edges; symmetric, so it
/// is its own mirror image, which Richardson–Lucy's correction step needs.
struct GaussianKernel {
    let radius: Int
    let taps: [Float]

    /// Taps out to `reach` σ either side.
    init(sigma: Double, reach: Double = 3) {
        radius = max(1, Int((reach * sigma).rounded(.up)))
        let raw = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let total = raw.reduce(0, +)
        taps = raw.map { $0 / total }
    }

    /// The horizontal pass of the blur, `source` into `target` (both `w` × `h`). Two passes with
    /// their own outputs, rather than one call, so a caller can blur an array back into itself
    /// without the array being copied.
    func horizontal(_ source: [Float], into target: inout [Float], width w: Int, height h: Int) {
        let r = radius
        source.withUnsafeBufferPointer { src in
            taps.withUnsafeBufferPointer { k in
                target.withUnsafeMutableBufferPointer { tmp in
                    for y in 0..<h {
                        let row = y * w
                        for x in 0..<w {
                            var s: Float = 0
                            if x >= r && x < w - r {
                                for t in 0...(2 * r) { s += k[t] * src[row + x - r + t] }
                            } else {
                                for t in 0...(2 * r) { s += k[t] * src[row + min(w - 1, max(0, x - r + t))] }
                            }
                            tmp[row + x] = s
                        }
                    }
                }
            }
        }
    }

    /// The vertical pass, `source` into `target`.
    func vertical(_ source: [Float], into target: inout [Float], width w: Int, height h: Int) {
        let r = radius
        source.withUnsafeBufferPointer { tmp in
            taps.withUnsafeBufferPointer { k in
                target.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<h {
                        let row = y * w
                        if y >= r && y < h - r {
                            for x in 0..<w { dst[row + x] = 0 }
                            for t in 0...(2 * r) {
                                let kt = k[t], from = (y - r + t) * w
                                for x in 0..<w { dst[row + x] += kt * tmp[from + x] }
                            }
                        } else {
                            for x in 0..<w {
                                var s: Float = 0
                                for t in 0...(2 * r) { s += k[t] * tmp[min(h - 1, max(0, y - r + t)) * w + x] }
                                dst[row + x] = s
                            }
                        }
                    }
                }
            }
        }
    }
}
