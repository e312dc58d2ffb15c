import Imaging
import StepTrace

/// Moves each side of the page found on the overview onto the sheet's edge in the full-resolution
/// photo: profiles across the side, each one's steepest step of the side's prevailing sign, and a
/// robust straight line through them. The overview's millimetre pixels would otherwise cost the
/// corners up to a millimetre.
struct EdgeRefiner {
    let model: SurfaceModel
    let camera: CameraModel
    let gray: Raster
    /// Half-width of the search across a side, millimetres.
    var reach = 2.5
    var samplesPerSide = 24

    func refine(_ corners: [(x: Double, y: Double)], steps: inout StepLog) -> [(x: Double, y: Double)] {
        let centre = (x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
        var lines: [(point: (x: Double, y: Double), direction: (x: Double, y: Double))] = []
        var moved: [String] = []
        for k in 0..<4 {
            let a = corners[k], b = corners[(k + 1) % 4]
            let length = DepthFlattener.distance(a, b)
            guard length > 1 else { return corners }
            let d = ((b.x - a.x) / length, (b.y - a.y) / length)
            var n = (-d.1, d.0)
            let mid = ((a.x + b.x) / 2, (a.y + b.y) / 2)
            if (mid.0 - centre.x) * n.0 + (mid.1 - centre.y) * n.1 < 0 { n = (-n.0, -n.1) }
            // Millimetres per photo pixel here: the profile steps by about one photo pixel.
            let stepMM = max(0.03, 1 / max(0.5, density(at: mid)))
            var offsets: [(s: Double, offset: Double, sign: Double)] = []
            for i in 0..<samplesPerSide {
                let s = (0.08 + 0.84 * (Double(i) + 0.5) / Double(samplesPerSide)) * length
                let base = (a.x + d.0 * s, a.y + d.1 * s)
                if let found = strongestStep(from: base, normal: n, stepMM: stepMM) { offsets.append((s, found.offset, found.sign)) }
            }
            // The sheet's edge has one sign all along (paper one side, table the other).
            let positive = offsets.filter { $0.sign > 0 }.count
            let sign: Double = positive * 2 >= offsets.count ? 1 : -1
            let agreeing = offsets.filter { $0.sign == sign }
            guard agreeing.count >= samplesPerSide / 3, let line = Self.robustLine(agreeing.map { ($0.s, $0.offset) }) else {
                lines.append((a, d)); moved.append("kept"); continue
            }
            // offset(s) = c0 + c1·s along the normal.
            let p0 = (a.x + n.0 * line.c0, a.y + n.1 * line.c0)
            let p1 = (b.x + n.0 * (line.c0 + line.c1 * length), b.y + n.1 * (line.c0 + line.c1 * length))
            let newLength = DepthFlattener.distance(p0, p1)
            lines.append((p0, ((p1.0 - p0.0) / newLength, (p1.1 - p0.1) / newLength)))
            moved.append(String(format: "%.2f", line.c0 + line.c1 * length / 2))
        }
        steps[.refine] = "sides moved (mm): " + moved.joined(separator: ", ")
        var refined: [(x: Double, y: Double)] = []
        for k in 0..<4 {
            // Corner k is where side k−1 (ending at it) meets side k (starting at it).
            let l1 = lines[(k + 3) % 4], l2 = lines[k]
            let det = l1.direction.x * (-l2.direction.y) - l1.direction.y * (-l2.direction.x)
            guard abs(det) > 1e-6 else { return corners }
            let rx = l2.point.x - l1.point.x, ry = l2.point.y - l1.point.y
            let t = (rx * (-l2.direction.y) - ry * (-l2.direction.x)) / det
            let corner = (l1.point.x + l1.direction.x * t, l1.point.y + l1.direction.y * t)
            // A refinement that runs off (a shadow edge, the print) is not trusted.
            if DepthFlattener.distance(corner, corners[k]) > 2 * reach { return corners }
            refined.append(corner)
        }
        return refined
    }

    private func density(at p: (Double, Double)) -> Double {
        guard let a = camera.project(model.point(x: p.0, y: p.1)), let b = camera.project(model.point(x: p.0 + 1, y: p.1)),
              let c = camera.project(model.point(x: p.0, y: p.1 + 1)) else { return 1 }
        return (DepthFlattener.distance(a, b) + DepthFlattener.distance(a, c)) / 2
    }

    /// Offset (mm, along `normal`) of the steepest brightness step across the side at `base`.
    private func strongestStep(from base: (Double, Double), normal: (Double, Double), stepMM: Double) -> (offset: Double, sign: Double)? {
        let count = Int((2 * reach / stepMM).rounded()) + 1
        guard count >= 5 else { return nil }
        var values = [Double](repeating: 0, count: count)
        for i in 0..<count {
            let o = -reach + Double(i) * stepMM
            guard let p = camera.project(model.point(x: base.0 + normal.0 * o, y: base.1 + normal.1 * o)),
                  p.x >= 0, p.y >= 0, p.x <= Double(gray.width - 1), p.y <= Double(gray.height - 1) else { return nil }
            values[i] = gray.sample(x: p.x, y: p.y)
        }
        var best = (index: -1, magnitude: 0.0, sign: 0.0)
        var derivative = [Double](repeating: 0, count: count)
        for i in 2..<(count - 2) {
            // Derivative over ±2 samples: a blurred edge spreads over a few photo pixels.
            derivative[i] = (values[i + 2] + values[i + 1] - values[i - 1] - values[i - 2]) / 6
            if abs(derivative[i]) > best.magnitude { best = (i, abs(derivative[i]), derivative[i] > 0 ? 1 : -1) }
        }
        guard best.index >= 3, best.index <= count - 4, best.magnitude > 3 else { return nil }
        let a = abs(derivative[best.index - 1]), b = abs(derivative[best.index]), c = abs(derivative[best.index + 1])
        let d = a - 2 * b + c
        let sub = abs(d) > 1e-9 ? max(-0.5, min(0.5, 0.5 * (a - c) / d)) : 0
        return (-reach + (Double(best.index) + sub) * stepMM, best.sign)
    }

    /// Least-squares line through (s, offset), refitted without points more than 2.5 robust sigmas off.
    static func robustLine(_ points: [(Double, Double)]) -> (c0: Double, c1: Double)? {
        var kept = points
        var line: (c0: Double, c1: Double)?
        for _ in 0..<3 {
            guard kept.count >= 4 else { break }
            let n = Double(kept.count)
            let ss = kept.reduce(0) { $0 + $1.0 }, so = kept.reduce(0) { $0 + $1.1 }
            let sss = kept.reduce(0) { $0 + $1.0 * $1.0 }, sso = kept.reduce(0) { $0 + $1.0 * $1.1 }
            let den = n * sss - ss * ss
            guard abs(den) > 1e-12 else { break }
            let c1 = (n * sso - ss * so) / den, c0 = (so - c1 * ss) / n
            line = (c0, c1)
            let residuals = kept.map { abs($0.1 - (c0 + c1 * $0.0)) }
            let sigma = max(0.05, 1.4826 * residuals.sorted()[residuals.count / 2])
            let next = zip(kept, residuals).filter { $0.1 <= 2.5 * sigma }.map(\.0)
            if next.count == kept.count { break }
            kept = next
        }
        return line
    }
}
