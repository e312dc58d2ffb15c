/// The bent profile of a generalized cylinder: height over the fitted plane as a function of the
/// across-the-bend coordinate `t`, tabulated on a uniform grid, with its arc length. Arc length is
/// what makes the unfold isometric: paper does not stretch, so a point's flat position across the
/// bend is the length of the profile up to it, not its projection.
struct CrossSection: Sendable, Equatable {
    /// `t` of the first sample and the spacing, millimetres.
    var t0: Double
    var dt: Double
    var heights: [Double]
    /// Arc length at each sample, zero at t = 0 (the fitted plane's origin).
    var arcs: [Double]

    init(t0: Double, dt: Double, heights: [Double]) {
        precondition(heights.count >= 2 && dt > 0)
        self.t0 = t0
        self.dt = dt
        self.heights = heights
        var arcs = [Double](repeating: 0, count: heights.count)
        for k in 1..<heights.count {
            let dh = heights[k] - heights[k - 1]
            arcs[k] = arcs[k - 1] + (dt * dt + dh * dh).squareRoot()
        }
        // Shift so that t = 0 keeps arc 0: the plane's origin stays where it is.
        let zero = Self.interpolate(arcs, t0: t0, dt: dt, at: 0)
        self.arcs = arcs.map { $0 - zero }
    }

    var tEnd: Double { t0 + dt * Double(heights.count - 1) }

    /// Linear interpolation; beyond the ends, the end segment continues straight.
    @inline(__always) static func interpolate(_ values: [Double], t0: Double, dt: Double, at t: Double) -> Double {
        let n = values.count
        let x = (t - t0) / dt
        let k = min(max(Int(x.rounded(.down)), 0), n - 2)
        let f = x - Double(k)
        return values[k] + (values[k + 1] - values[k]) * f
    }

    @inline(__always) func height(at t: Double) -> Double { Self.interpolate(heights, t0: t0, dt: dt, at: t) }
    @inline(__always) func arc(at t: Double) -> Double { Self.interpolate(arcs, t0: t0, dt: dt, at: t) }

    /// The `t` whose arc length is `s` (arcs increase strictly, so the inverse is one binary search).
    func t(atArc s: Double) -> Double {
        let n = arcs.count
        var lo = 0, hi = n - 1
        if s <= arcs[1] { lo = 0 } else if s >= arcs[n - 2] { lo = n - 2 } else {
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if arcs[mid] <= s { lo = mid } else { hi = mid }
            }
        }
        let span = arcs[lo + 1] - arcs[lo]
        let f = span > 0 ? (s - arcs[lo]) / span : 0
        return t0 + dt * (Double(lo) + f)
    }

    /// Largest distance of the profile from its best straight line: how far from flat the page is.
    var bendDepth: Double {
        let n = Double(heights.count)
        var st = 0.0, sh = 0.0, stt = 0.0, sth = 0.0
        for (k, h) in heights.enumerated() {
            let t = Double(k)
            st += t; sh += h; stt += t * t; sth += t * h
        }
        let slope = (n * sth - st * sh) / max(1e-12, n * stt - st * st)
        let intercept = (sh - slope * st) / n
        return heights.enumerated().map { abs($0.element - (intercept + slope * Double($0.offset))) }.max() ?? 0
    }
}
