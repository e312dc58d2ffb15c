import Foundation
import Imaging

/// Vertical dewarping from the page's own text lines, for what leptonica's dewarp model will not
/// take: invoices, menus and receipts have short lines in several columns, which leptonica drops
/// ("lines are relatively short") before it reaches its minimum line count. Each chain of blobs
/// is a line; its height along the page, against its mean height, is the local vertical
/// displacement; a smoothed grid of those displacements maps each output pixel back to the photo.
/// Follows folds as well as curls, since lines are followed blob by blob rather than fitted by a
/// single curve.
struct TextLineDewarp {
    /// A text line at the analysis scale: its blobs' centres, left to right, lightly smoothed.
    struct Line {
        var xs: [Double]
        var ys: [Double]
        var meanY: Double
        /// A printed rule (`RuleTrace`), not a chain of letters.
        var isRule = false

        /// A line through `raw` heights, each taken as the median of five: ascenders and
        /// descenders move single blob centres, not the line.
        init(xs: [Double], smoothing raw: [Double]) {
            var ys = raw
            for i in 0..<raw.count {
                let window = raw[max(0, i - 2)...min(raw.count - 1, i + 2)].sorted()
                ys[i] = window[window.count / 2]
            }
            self.init(xs: xs, ys: ys, meanY: raw.isEmpty ? 0 : ys.reduce(0, +) / Double(ys.count))
        }

        init(xs: [Double], ys: [Double], meanY: Double) {
            self.xs = xs
            self.ys = ys
            self.meanY = meanY
        }

        /// Height of the line at `x`, extended flat past its ends.
        func y(at x: Double) -> Double {
            if x <= xs[0] { return ys[0] }
            if x >= xs[xs.count - 1] { return ys[ys.count - 1] }
            var lo = 0, hi = xs.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if xs[mid] <= x { lo = mid } else { hi = mid }
            }
            let t = (x - xs[lo]) / max(1e-9, xs[hi] - xs[lo])
            return ys[lo] + t * (ys[hi] - ys[lo])
        }
    }

    /// Displacements (analysis pixels) on a grid of `cell`-sized cells.
    var grid: [Double]
    var columns: Int
    var rows: Int
    var cell: Double
    var reduction: Double
    var lines: Int
    var maxDisplacement: Double

    /// Chains blobs into lines: each blob links to its nearest right neighbour of similar size on
    /// about the same height.
    static func lines(from blobs: [PixelRect], medianHeight h: Double) -> [Line] {
        let usable = blobs.filter { Double($0.height) >= 0.4 * h && Double($0.height) <= 2.2 * h }
            .sorted { $0.midX < $1.midX }
        let n = usable.count
        guard n >= 8 else { return [] }
        var next = [Int](repeating: -1, count: n), previous = [Int](repeating: -1, count: n)
        for i in 0..<n {
            let a = usable[i]
            var best = -1, bestCost = Double.infinity
            var j = i + 1
            while j < n {
                let b = usable[j]
                let gap = Double(b.x - a.maxX)
                if Double(b.x) - Double(a.maxX) > 2.2 * h { break }
                j += 1
                if gap < -0.5 * h || previous[j - 1] >= 0 { continue }
                let dy = abs(b.midY - a.midY)
                guard dy < 0.5 * h else { continue }
                let ratio = Double(b.height) / Double(a.height)
                guard ratio > 0.5 && ratio < 2 else { continue }
                let cost = max(0, gap) + 3 * dy
                if cost < bestCost { bestCost = cost; best = j - 1 }
            }
            if best >= 0 { next[i] = best; previous[best] = i }
        }
        var out: [Line] = []
        for head in 0..<n where previous[head] < 0 {
            var chain: [Int] = []
            var k = head
            while k >= 0 { chain.append(k); k = next[k] }
            guard chain.count >= 5 else { continue }
            let xs = chain.map { usable[$0].midX }
            guard let first = xs.first, let last = xs.last, last - first >= 8 * h else { continue }
            out.append(Line(xs: xs, smoothing: chain.map { usable[$0].midY }))
        }
        return out
    }

    /// The displacement field for an image of `width`×`height` analysis pixels; nil when too few
    /// text lines were found to say anything. Rules add to the text lines but do not count toward
    /// `minLines`: a page of four lines and two rules is as little known as one of four lines.
    static func model(lines: [Line], width: Int, height: Int, medianHeight h: Double, reduction: Double, minLines: Int) -> TextLineDewarp? {
        guard lines.lazy.filter({ !$0.isRule }).count >= minLines else { return nil }
        let cell = max(4, 2 * h)
        let columns = Int(Double(width) / cell) + 2, rows = Int(Double(height) / cell) + 2
        var grid = [Double](repeating: .nan, count: columns * rows)
        let reach = 4 * h
        for c in 0..<columns {
            let x = Double(c) * cell
            // Lines present at this column, ordered by where they are.
            let reaching = lines.filter { x >= $0.xs[0] - reach && x <= $0.xs[$0.xs.count - 1] + reach }
            // A rule alone in a column says how the page moves at its own height, not above or
            // below it: such a column is left to its neighbours, as one no line reaches.
            guard !reaching.isEmpty, !(reaching.count == 1 && reaching[0].isRule) else { continue }
            var here: [(target: Double, shift: Double)] = reaching.map { ($0.meanY, $0.y(at: x) - $0.meanY) }
            here.sort { $0.target < $1.target }
            for r in 0..<rows {
                let y = Double(r) * cell
                var k = 0
                while k < here.count && here[k].target < y { k += 1 }
                let d: Double
                if k == 0 { d = here[0].shift } else if k == here.count { d = here[here.count - 1].shift } else {
                    let a = here[k - 1], b = here[k]
                    let t = (y - a.target) / max(1e-9, b.target - a.target)
                    d = a.shift + t * (b.shift - a.shift)
                }
                grid[r * columns + c] = d
            }
        }
        // Columns no line reaches take the nearest reached column's values.
        let reached = (0..<columns).filter { !grid[$0].isNaN }
        guard !reached.isEmpty else { return nil }
        for c in 0..<columns where grid[c].isNaN {
            let nearest = reached.min { abs($0 - c) < abs($1 - c) } ?? c
            for r in 0..<rows { grid[r * columns + c] = grid[r * columns + nearest] }
        }
        // Two passes of a 3×3 box blur: single misread lines must not kink the page.
        for _ in 0..<2 {
            var smooth = grid
            for r in 0..<rows {
                for c in 0..<columns {
                    var sum = 0.0, count = 0.0
                    for dr in -1...1 {
                        for dc in -1...1 {
                            let rr = r + dr, cc = c + dc
                            if rr >= 0, rr < rows, cc >= 0, cc < columns { sum += grid[rr * columns + cc]; count += 1 }
                        }
                    }
                    smooth[r * columns + c] = sum / count
                }
            }
            grid = smooth
        }
        let maxDisplacement = grid.map(abs).max() ?? 0
        return TextLineDewarp(grid: grid, columns: columns, rows: rows, cell: cell, reduction: reduction,
                              lines: lines.count, maxDisplacement: maxDisplacement)
    }

    /// Displacement at an analysis-scale point (bilinear on the grid).
    func displacement(x: Double, y: Double) -> Double {
        let gx = min(max(x / cell, 0), Double(columns - 1) - 1e-9), gy = min(max(y / cell, 0), Double(rows - 1) - 1e-9)
        let c0 = Int(gx), r0 = Int(gy), fx = gx - Double(c0), fy = gy - Double(r0)
        let c1 = min(c0 + 1, columns - 1), r1 = min(r0 + 1, rows - 1)
        let top = grid[r0 * columns + c0] * (1 - fx) + grid[r0 * columns + c1] * fx
        let bottom = grid[r1 * columns + c0] * (1 - fx) + grid[r1 * columns + c1] * fx
        return top * (1 - fy) + bottom * fy
    }

    /// Remaps a full-resolution gray image: each output pixel reads the photo where its line
    /// actually runs.
    func apply(to gray: Raster) -> Raster {
        let r = reduction
        return gray.warped(width: gray.width, height: gray.height) { x, y in
            (x, y + displacement(x: x * r, y: y * r) / r)
        }
    }
}
