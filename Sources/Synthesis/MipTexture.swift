import Foundation
import Imaging

/// The flat page as a mip pyramid, so the camera's texture lookups are filtered to the pixel's
/// footprint on the page (no aliasing where the page is small or steeply tilted). Levels are 8-bit
/// RGB (a 400 dpi A4 page is 15 M texels), each a 2×2 box reduction of the one before.
struct MipTexture: Sendable {
    struct Level: Sendable {
        var width: Int
        var height: Int
        var rgb: [UInt8]
    }

    var levels: [Level]
    /// Texels per millimetre at level 0.
    var texelsPerMM: Double

    init(_ raster: Raster, texelsPerMM: Double) {
        precondition(raster.channels == 3)
        var levels = [Level(width: raster.width, height: raster.height, rgb: raster.pixels)]
        while let last = levels.last, last.width > 1 || last.height > 1 {
            let w = max(1, last.width / 2), h = max(1, last.height / 2)
            var out = [UInt8](repeating: 0, count: w * h * 3)
            last.rgb.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<h {
                        let y0 = min(2 * y, last.height - 1), y1 = min(2 * y + 1, last.height - 1)
                        for x in 0..<w {
                            let x0 = min(2 * x, last.width - 1), x1 = min(2 * x + 1, last.width - 1)
                            for c in 0..<3 {
                                let s = Int(src[(y0 * last.width + x0) * 3 + c]) + Int(src[(y0 * last.width + x1) * 3 + c])
                                    + Int(src[(y1 * last.width + x0) * 3 + c]) + Int(src[(y1 * last.width + x1) * 3 + c])
                                dst[(y * w + x) * 3 + c] = UInt8((s + 2) / 4)
                            }
                        }
                    }
                }
            }
            levels.append(Level(width: w, height: h, rgb: out))
        }
        self.levels = levels
        self.texelsPerMM = texelsPerMM
    }

    /// Bilinear lookup at level `l`, position in level-0 texels; edges clamp.
    @inline(__always)
    func bilinear(level l: Int, x: Double, y: Double) -> (Float, Float, Float) {
        let level = levels[l]
        let scale = 1 / Double(1 << l)
        let lx = x * scale - 0.5, ly = y * scale - 0.5
        let fx0 = lx.rounded(.down), fy0 = ly.rounded(.down)
        let fx = Float(lx - fx0), fy = Float(ly - fy0)
        let x0 = max(0, min(level.width - 1, Int(fx0))), x1 = max(0, min(level.width - 1, Int(fx0) + 1))
        let y0 = max(0, min(level.height - 1, Int(fy0))), y1 = max(0, min(level.height - 1, Int(fy0) + 1))
        return level.rgb.withUnsafeBufferPointer { p in
            let i00 = (y0 * level.width + x0) * 3, i10 = (y0 * level.width + x1) * 3
            let i01 = (y1 * level.width + x0) * 3, i11 = (y1 * level.width + x1) * 3
            let k: Float = 1 / 255
            let w00 = (1 - fx) * (1 - fy) * k, w10 = fx * (1 - fy) * k, w01 = (1 - fx) * fy * k, w11 = fx * fy * k
            return (Float(p[i00]) * w00 + Float(p[i10]) * w10 + Float(p[i01]) * w01 + Float(p[i11]) * w11,
                    Float(p[i00 + 1]) * w00 + Float(p[i10 + 1]) * w10 + Float(p[i01 + 1]) * w01 + Float(p[i11 + 1]) * w11,
                    Float(p[i00 + 2]) * w00 + Float(p[i10 + 2]) * w10 + Float(p[i01 + 2]) * w01 + Float(p[i11 + 2]) * w11)
        }
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
        let l0 = min(levels.count - 1, Int(lod)), l1 = min(levels.count - 1, l0 + 1)
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
