import Foundation
import Imaging

/// Background normalization from the paper's own level: each tile's brightness at a high rank
/// (the paper, wherever at least the rest of the tile is paper), a 3×3 median over the tiles, and
/// a bilinear surface through the tile centres that every pixel is divided by.
///
/// Why not leptonica's tile mean: its mean counts every pixel above a fixed threshold as paper.
/// Paper in a hard shadow is darker than leptonica's default threshold, so the threshold had to
/// come down to 12, and then the ink is averaged in too: where strokes are thick next to the tile
/// (print enlarged from a wrong text size, as on Inv3DReal 01457 fewfold shadow), the estimate
/// sinks towards the ink's level and the normalization fades the print. A rank within the tile does not need a threshold, so the
/// shadow's paper and the ink are told apart by where each sits in the tile, not by a fixed level.
/// The median keeps a shadow's edge sharp (a mean would smear it) while ignoring single tiles
/// that fall inside a heading's strokes or a dark rule.
public enum PaperBackground {
    /// `tile`: side of a tile in pixels (about one text height: small enough to follow a shadow's
    /// edge, large enough to hold paper beside the strokes). `rank`: the share of a tile's pixels
    /// darker than its paper level. `level`: what the paper becomes.
    public static func normalize(_ gray: Raster, tile: Int, rank: Double, level: Double = 200) -> Raster {
        precondition(gray.channels == 1)
        let w = gray.width, h = gray.height
        guard w > 0, h > 0 else { return gray }
        let t = max(4, tile)
        let gx = (w + t - 1) / t, gy = (h + t - 1) / t
        let levels = median3x3(tileLevels(gray, tile: t, rank: rank, columns: gx, rows: gy), columns: gx, rows: gy)

        // Bilinear interpolation between tile centres; beyond the outer centres the edge tile's level holds.
        func axis(_ n: Int, tiles: Int) -> (lower: [Int32], weight: [Float]) {
            var lower = [Int32](repeating: 0, count: n), weight = [Float](repeating: 0, count: n)
            guard tiles > 1 else { return (lower, weight) }
            for i in 0..<n {
                let f = max(0, min(Double(tiles - 1), (Double(i) + 0.5) / Double(t) - 0.5))
                let l = min(tiles - 2, Int(f))
                lower[i] = Int32(l); weight[i] = Float(f - Double(l))
            }
            return (lower, weight)
        }
        let xs = axis(w, tiles: gx), ys = axis(h, tiles: gy)
        var out = [UInt8](repeating: 0, count: w * h)
        let target = Float(level)
        var rowLevels = [Float](repeating: 0, count: gx)
        gray.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let ty = Int(ys.lower[y]), wy = ys.weight[y]
                    let ty1 = min(gy - 1, ty + 1)
                    for c in 0..<gx {
                        let a = levels[ty * gx + c], b = levels[ty1 * gx + c]
                        rowLevels[c] = a + (b - a) * wy
                    }
                    let row = y * w
                    for x in 0..<w {
                        let tx = Int(xs.lower[x]), wx = xs.weight[x]
                        let a = rowLevels[tx], b = rowLevels[min(gx - 1, tx + 1)]
                        let bg = max(8, a + (b - a) * wx)
                        let v = Float(src[row + x]) * target / bg
                        dst[row + x] = UInt8(min(255, v + 0.5))
                    }
                }
            }
        }
        return Raster(width: w, height: h, channels: 1, pixels: out)
    }

    /// Each tile's value at `rank` (0.85: the darkest 85 % of the tile lie at or below it).
    static func tileLevels(_ gray: Raster, tile t: Int, rank: Double, columns gx: Int, rows gy: Int) -> [Float] {
        let w = gray.width, h = gray.height
        var levels = [Float](repeating: 0, count: gx * gy)
        var histograms = [Int32](repeating: 0, count: gx * 256)
        gray.pixels.withUnsafeBufferPointer { src in
            histograms.withUnsafeMutableBufferPointer { hist in
                for ty in 0..<gy {
                    for k in hist.indices { hist[k] = 0 }
                    let y0 = ty * t, y1 = min(h, y0 + t)
                    for y in y0..<y1 {
                        let row = y * w
                        for tx in 0..<gx {
                            let base = tx * 256
                            for x in (tx * t)..<min(w, (tx + 1) * t) { hist[base + Int(src[row + x])] += 1 }
                        }
                    }
                    for tx in 0..<gx {
                        let n = (min(w, (tx + 1) * t) - tx * t) * (y1 - y0)
                        // The first level past the share of the tile brighter than `rank`.
                        let brighter = Int((Double(n) * (1 - rank)).rounded())
                        let base = tx * 256
                        levels[ty * gx + tx] = Float(Selection.brightestLevel(reaching: brighter + 1) { Int(hist[base + $0]) })
                    }
                }
            }
        }
        return levels
    }

    /// 3×3 median over the tile grid (fewer neighbours at the border).
    static func median3x3(_ levels: [Float], columns gx: Int, rows gy: Int) -> [Float] {
        var out = levels
        var window = [Float]()
        window.reserveCapacity(9)
        for ty in 0..<gy {
            for tx in 0..<gx {
                window.removeAll(keepingCapacity: true)
                for dy in -1...1 {
                    let y = ty + dy
                    guard y >= 0, y < gy else { continue }
                    for dx in -1...1 {
                        let x = tx + dx
                        guard x >= 0, x < gx else { continue }
                        window.append(levels[y * gx + x])
                    }
                }
                window.sort()
                out[ty * gx + tx] = window[window.count / 2]
            }
        }
        return out
    }
}
