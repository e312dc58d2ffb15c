import Foundation
import Imaging

/// The flat page as a mip pyramid, so the camera's texture lookups are filtered to the pixel's
/// footprint on the page (no aliasing where the page is small or steeply tilted). Levels are 8-bit
/// RGB (a 400 dpi A4 page is 15 M texels) stored one after another in one buffer, each a 2×2 box
/// reduction of the one before.
struct MipTexture: Sendable {
    var data: [UInt8]
    var offsets: [Int]
    var widths: [Int]
    var heights: [Int]
    /// Texels per millimetre at level 0.
    var texelsPerMM: Double

    init(_ raster: Raster, texelsPerMM: Double) {
        precondition(raster.channels == 3)
        var data = raster.pixels
        var offsets = [0], widths = [raster.width], heights = [raster.height]
        while let lw = widths.last, let lh = heights.last, lw > 1 || lh > 1 {
            let w = max(1, lw / 2), h = max(1, lh / 2)
            let source = offsets[offsets.count - 1]
            let start = data.count
            data.append(contentsOf: [UInt8](repeating: 0, count: w * h * 3))
            data.withUnsafeMutableBufferPointer { d in
                for y in 0..<h {
                    let y0 = min(2 * y, lh - 1), y1 = min(2 * y + 1, lh - 1)
                    for x in 0..<w {
                        let x0 = min(2 * x, lw - 1), x1 = min(2 * x + 1, lw - 1)
                        for c in 0..<3 {
                            let s = Int(d[source + (y0 * lw + x0) * 3 + c]) + Int(d[source + (y0 * lw + x1) * 3 + c])
                                + Int(d[source + (y1 * lw + x0) * 3 + c]) + Int(d[source + (y1 * lw + x1) * 3 + c])
                            d[start + (y * w + x) * 3 + c] = UInt8((s + 2) / 4)
                        }
                    }
                }
            }
            offsets.append(start); widths.append(w); heights.append(h)
        }
        self.data = data
        self.offsets = offsets
        self.widths = widths
        self.heights = heights
        self.texelsPerMM = texelsPerMM
    }

    /// Runs `body` with direct access to the pyramid (the lookups in the ray caster's inner loop).
    func withView<R>(_ body: (View) -> R) -> R {
        data.withUnsafeBufferPointer { d in
            offsets.withUnsafeBufferPointer { o in
                widths.withUnsafeBufferPointer { w in
                    heights.withUnsafeBufferPointer { h in
                        body(View(data: d, offsets: o, widths: w, heights: h, texelsPerMM: texelsPerMM))
                    }
                }
            }
        }
    }

    struct View {
        let data: UnsafeBufferPointer<UInt8>
        let offsets: UnsafeBufferPointer<Int>
        let widths: UnsafeBufferPointer<Int>
        let heights: UnsafeBufferPointer<Int>
        let texelsPerMM: Double

        /// Bilinear lookup at level `l`, position in level-0 texels; edges clamp.
        @inline(__always)
        func bilinear(level l: Int, x: Double, y: Double) -> (Float, Float, Float) {
            let width = widths[l], height = heights[l], base = offsets[l]
            let scale = 1 / Double(1 << l)
            let lx = x * scale - 0.5, ly = y * scale - 0.5
            let fx0 = lx.rounded(.down), fy0 = ly.rounded(.down)
            let fx = Float(lx - fx0), fy = Float(ly - fy0)
            let ix = Int(fx0), iy = Int(fy0)
            let x0 = max(0, min(width - 1, ix)), x1 = max(0, min(width - 1, ix + 1))
            let y0 = max(0, min(height - 1, iy)), y1 = max(0, min(height - 1, iy + 1))
            let i00 = base + (y0 * width + x0) * 3, i10 = base + (y0 * width + x1) * 3
            let i01 = base + (y1 * width + x0) * 3, i11 = base + (y1 * width + x1) * 3
            let k: Float = 1 / 255
            let w00 = (1 - fx) * (1 - fy) * k, w10 = fx * (1 - fy) * k, w01 = (1 - fx) * fy * k, w11 = fx * fy * k
            let p = data
            return (Float(p[i00]) * w00 + Float(p[i10]) * w10 + Float(p[i01]) * w01 + Float(p[i11]) * w11,
                    Float(p[i00 + 1]) * w00 + Float(p[i10 + 1]) * w10 + Float(p[i01 + 1]) * w01 + Float(p[i11 + 1]) * w11,
                    Float(p[i00 + 2]) * w00 + Float(p[i10 + 2]) * w10 + Float(p[i01 + 2]) * w01 + Float(p[i11 + 2]) * w11)
        }

        /// Filtered colour at page position (u, v) mm whose pixel footprint spans the two page-space
        /// vectors (dudx, dvdx) and (dudy, dvdy): the level follows the footprint's short axis and up to
        /// four taps spread along its long axis (anisotropic filtering for tilted pages).
        func sample(u: Double, v: Double, dudx: Double, dvdx: Double, dudy: Double, dvdy: Double) -> (Float, Float, Float) {
            let t = texelsPerMM
            let ax = (dudx * dudx + dvdx * dvdx).squareRoot() * t, ay = (dudy * dudy + dvdy * dvdy).squareRoot() * t
            let major = max(ax, ay), minor = max(min(ax, ay), major / 4, 1e-9)
            let taps = max(1, min(4, Int((major / minor).rounded(.up))))
            let lod = max(0, log2(minor))
            let last = offsets.count - 1
            let l0 = min(last, Int(lod)), l1 = min(last, l0 + 1)
            let f = Float(lod - Double(Int(lod)))
            let (su, sv) = ax >= ay ? (dudx, dvdx) : (dudy, dvdy)
            var r: Float = 0, g: Float = 0, b: Float = 0
            for k in 0..<taps {
                let offset = taps == 1 ? 0 : (Double(k) + 0.5) / Double(taps) - 0.5
                let x = (u + su * offset) * t, y = (v + sv * offset) * t
                let c0 = bilinear(level: l0, x: x, y: y)
                if f > 0.001 && l1 != l0 {
                    let c1 = bilinear(level: l1, x: x, y: y)
                    r += c0.0 + (c1.0 - c0.0) * f; g += c0.1 + (c1.1 - c0.1) * f; b += c0.2 + (c1.2 - c0.2) * f
                } else {
                    r += c0.0; g += c0.1; b += c0.2
                }
            }
            let n = 1 / Float(taps)
            return (r * n, g * n, b * n)
        }
    }
}
