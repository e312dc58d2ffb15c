import Foundation
import Imaging

/// The direction of a page's text lines, found from where text-sized blobs sit: along the true
/// line direction their centres pile up in few narrow bands. Sweeps the whole half-turn, so a
/// photo taken at 35° or sideways is found as readily as a scan skewed by 1° (leptonica's
/// `pixFindSkew` family sweeps only a few degrees and gives up silently below its confidence).
public struct TextLineAngle: Sendable, Equatable {
    /// Direction of the lines in degrees, in (-90, 90]; positive turns clockwise on screen (y down).
    public var degrees: Double
    /// Best band score over the median score of all directions; about 1 means no line structure.
    public var confidence: Double
    /// Blobs the estimate was made from.
    public var blobCount: Int

    /// Finds the direction from blob boxes. Returns nil when there are too few blobs to say.
    public static func estimate(blobs: [PixelRect], coarseStep: Double = 1, fineStep: Double = 0.1,
                                uprightPrior: Double = 0.6) -> TextLineAngle? {
        guard blobs.count >= 8 else { return nil }
        let heights = blobs.map(\.height).sorted()
        let medianHeight = Double(heights[heights.count / 2])
        var bin = max(1.0, medianHeight * 0.5)
        let xs = blobs.map { Double($0.x) + Double($0.width) / 2 }
        let ys = blobs.map { Double($0.y) + Double($0.height) / 2 }
        var counts: [Int32] = []

        func score(_ degrees: Double) -> Double {
            let r = degrees * .pi / 180
            let nx = -sin(r), ny = cos(r)
            var lo = Double.infinity, hi = -Double.infinity
            var proj = [Double](repeating: 0, count: xs.count)
            for i in 0..<xs.count {
                let p = xs[i] * nx + ys[i] * ny
                proj[i] = p
                lo = min(lo, p); hi = max(hi, p)
            }
            let n = Int((hi - lo) / bin) + 2
            if counts.count < n { counts = [Int32](repeating: 0, count: n) } else {
                for i in 0..<n { counts[i] = 0 }
            }
            for p in proj { counts[Int((p - lo) / bin)] += 1 }
            var sum = 0.0
            for i in 0..<n { sum += Double(counts[i]) * Double(counts[i]) }
            return sum / Double(xs.count)
        }

        var scores: [(Double, Double)] = []
        var a = -90 + coarseStep
        while a <= 90 { scores.append((a, score(a))); a += coarseStep }
        guard var coarse = scores.max(by: { $0.1 < $1.1 }) else { return nil }
        // Prior for upright: scans and most photos are taken level, and a narrow receipt in a
        // monospaced font makes columns nearly as strong as its lines. Near-level lines within
        // 60% of the best vertical score win; a wrong call is caught by the orientation step.
        if abs(coarse.0) > 45, let level = scores.filter({ abs($0.0) <= 20 }).max(by: { $0.1 < $1.1 }),
           level.1 >= uprightPrior * coarse.1 {
            coarse = level
        }
        let median = scores.map(\.1).sorted()[scores.count / 2]
        // Lines against columns: table columns and left-aligned text also make bands, 90° off.
        // Letters sit closer to their neighbours along a line than across lines, so the
        // direction to each blob's nearest neighbours decides between the two.
        var start = coarse
        let across = Self.across(coarse.0)
        let acrossScore = score(across)
        if acrossScore > 0.3 * coarse.1 {
            let votes = neighbourVotes(xs: xs, ys: ys, cell: medianHeight * 2)
            if Double(mass(votes, near: across)) > 1.5 * Double(mass(votes, near: coarse.0)) { start = (across, acrossScore) }
        }
        // Fine search with narrower bands; the middle of the best plateau, since near the true
        // angle several steps can score alike.
        bin = max(1.0, medianHeight * 0.25)
        var fine: [(Double, Double)] = []
        var f = start.0 - coarseStep
        while f <= start.0 + coarseStep + 1e-9 {
            fine.append((f, score(f)))
            f += fineStep
        }
        let top = fine.map(\.1).max() ?? 0
        let plateau = fine.filter { $0.1 >= top * 0.999 }.map(\.0)
        let best = (plateau.reduce(0, +) / Double(max(1, plateau.count)), top)
        var degrees = best.0
        if degrees <= -90 { degrees += 180 }
        if degrees > 90 { degrees -= 180 }
        return TextLineAngle(degrees: (degrees * 100).rounded() / 100,
                             confidence: median > 0 ? start.1 / median : 0, blobCount: blobs.count)
    }

    /// The direction at right angles to `degrees`, in (-90, 90] like the estimate's.
    static func across(_ degrees: Double) -> Double { degrees > 0 ? degrees - 90 : degrees + 90 }

    /// Directions (degrees in [0, 180)) from each blob to its two nearest neighbours.
    static func neighbourVotes(xs: [Double], ys: [Double], cell: Double) -> [Double] {
        var grid: [Int: [Int]] = [:]
        func key(_ cx: Int, _ cy: Int) -> Int { cx &* 100_003 &+ cy }
        for i in 0..<xs.count { grid[key(Int(xs[i] / cell), Int(ys[i] / cell)), default: []].append(i) }
        var votes: [Double] = []
        for i in 0..<xs.count {
            let cx = Int(xs[i] / cell), cy = Int(ys[i] / cell)
            var best: [(Double, Int)] = []
            for dx in -1...1 {
                for dy in -1...1 {
                    for j in grid[key(cx + dx, cy + dy)] ?? [] where j != i {
                        let d = (xs[j] - xs[i]) * (xs[j] - xs[i]) + (ys[j] - ys[i]) * (ys[j] - ys[i])
                        best.append((d, j))
                    }
                }
            }
            best.sort { $0.0 < $1.0 }
            for (_, j) in best.prefix(2) {
                var a = atan2(ys[j] - ys[i], xs[j] - xs[i]) * 180 / .pi
                if a < 0 { a += 180 }
                if a >= 180 { a -= 180 }
                votes.append(a)
            }
        }
        return votes
    }

    /// Votes within 8° of a direction (directions compared modulo 180°).
    static func mass(_ votes: [Double], near degrees: Double) -> Int {
        votes.reduce(0) { count, v in
            var d = abs(v - degrees).truncatingRemainder(dividingBy: 180)
            if d > 90 { d = 180 - d }
            return count + (d <= 8 ? 1 : 0)
        }
    }
}
