import Imaging
import Foundation

/// Fits `SurfaceModel`s to page points: the robust plane first; when the points bend away from it,
/// the direction of the bend (the one along which the height varies, so that strips across it are
/// flat), the cross-section as robust strip medians, the rulings' slope; then a height field for what
/// is left when that explains enough of it.
struct SurfaceFit {

    struct Result: Sendable {
        var model: SurfaceModel
        /// RMS distance of the inlying points from the model, millimetres.
        var residual: Double
        /// RMS distance from the robust plane, for comparison.
        var planeResidual: Double
        var bendDepth: Double
        var heightFieldRMS: Double?
        var inlierShare: Double
    }

    var options = SurfaceFitOptions()

    /// `pageSide`: the direction of one side of the sheet, when an outline has been found.
    func fit(_ points: [Vector3], pageSide: Vector3? = nil) -> Result? {
        guard points.count >= 50 else { return nil }
        let meanZ = points.reduce(0) { $0 + $1.z } / Double(points.count)
        let noise = PointCloud.noise(atDepth: meanZ)
        guard let robust = PlaneFit.robust(points, threshold: max(4, 3 * noise)) else { return nil }
        let planeResidual = PlaneFit.rms(robust.plane, points, indices: robust.inliers)
        var model = SurfaceModel(plane: robust.plane)
        var bendDepth = 0.0
        let inlierShare = Double(robust.inliers.count) / Double(points.count)

        // A bent page: the least-squares plane of all points is the frame (the robust one hugs the
        // flattest part), and the bend is fitted in it.
        // A bend is kept when it is deep enough to matter and explains a good part of the plane's residual
        // (a sensor's slow bias would otherwise pass for a gentle curl).
        if options.bend, let frame = PlaneFit.pca(points), let fitted = bend(points, frame: frame),
           deepEnough(fitted.section.bendDepth, phi: fitted.phi, in: frame, pageSide: pageSide) {
            let bent = SurfaceModel(plane: frame, cosPhi: cos(fitted.phi), sinPhi: sin(fitted.phi), section: fitted.section, beta: fitted.beta)
            var plain = [Double](), curved = [Double]()
            plain.reserveCapacity(points.count); curved.reserveCapacity(points.count)
            for p in points {
                plain.append(robust.plane.distance(p))
                let m = bent.modelHeight(p)
                curved.append(m.h - m.height)
            }
            let limit = 4 * max(Self.robustSigma(plain), noise)
            if Self.rms(curved, limit: .infinity) < (1 - options.bendGain) * Self.rms(plain, limit: .infinity) || Self.rms(plain, limit: limit) > 2 * noise + 1 {
                model = bent
                bendDepth = fitted.section.bendDepth
            }
        }

        // Residuals against the model; a robust sigma from their median absolute value marks outliers.
        var residuals = [Double](repeating: 0, count: points.count)
        var xs = [Double](repeating: 0, count: points.count), ys = xs
        for (k, p) in points.enumerated() {
            let m = model.modelHeight(p)
            residuals[k] = m.h - m.height
            xs[k] = m.x; ys[k] = m.y
        }
        var sigma = Self.robustSigma(residuals)
        var residual = Self.rms(residuals, limit: max(4 * sigma, 3 * noise))
        var heightFieldRMS: Double?
        if options.heightField, residual > options.heightFieldMinRMS {
            let limit = max(4 * sigma, 3 * noise)
            let kept = residuals.indices.filter { abs(residuals[$0]) < limit }
            if let field = HeightField.fit(x: kept.map { xs[$0] }, y: kept.map { ys[$0] }, residuals: kept.map { residuals[$0] },
                                           cell: options.heightFieldCell) {
                var after = residuals
                for k in after.indices { after[k] -= field.value(x: xs[k], y: ys[k]) }
                let rmsAfter = Self.rms(after, limit: limit)
                if rmsAfter < (1 - options.heightFieldGain) * residual {
                    model.heightField = field
                    heightFieldRMS = Self.rms(field.values, limit: .infinity)
                    residual = rmsAfter
                    sigma = Self.robustSigma(after)
                }
            }
        }
        return Result(model: model, residual: residual, planeResidual: planeResidual, bendDepth: bendDepth,
                      heightFieldRMS: heightFieldRMS, inlierShare: inlierShare)
    }

    /// `planarBend` deep, or `alignedBend` with its rulings along the sheet's side.
    private func deepEnough(_ depth: Double, phi: Double, in frame: Plane, pageSide: Vector3?) -> Bool {
        if depth >= options.planarBend { return true }
        guard depth >= options.alignedBend, let pageSide else { return false }
        return Self.rulings(phi, in: frame, alongSideOf: pageSide, tolerance: options.alignedTolerance)
    }

    /// Whether rulings across `phi` in `frame` run within `tolerance` degrees of `side` or of the
    /// sheet's other side, at right angles to it (both taken within the plane).
    static func rulings(_ phi: Double, in frame: Plane, alongSideOf side: Vector3, tolerance: Double) -> Bool {
        let a = side.dot(frame.u), b = side.dot(frame.v)
        guard a * a + b * b > 1e-12 else { return false }
        let sideAngle = atan2(b, a), rulingsAngle = atan2(cos(phi), -sin(phi))
        // Folded into 0…45°: along either side, in either sense.
        let off = abs(remainder(rulingsAngle - sideAngle, .pi / 2))
        return off <= tolerance * .pi / 180
    }

    /// Direction, profile and ruling slope of the bend in `frame`.
    func bend(_ points: [Vector3], frame: Plane) -> (phi: Double, section: CrossSection, beta: Double)? {
        let n = points.count
        var a = [Double](repeating: 0, count: n), b = a, h = a
        for (k, p) in points.enumerated() { (a[k], b[k], h[k]) = frame.local(p) }
        // Coarse-to-fine search of the direction whose strips are flattest.
        var best = (phi: 0.0, score: Double.infinity)
        for step in stride(from: 0.0, to: 180.0, by: 3.0) {
            let phi = step * .pi / 180
            let score = Self.stripVariance(a, b, h, phi: phi)
            if score < best.score { best = (phi, score) }
        }
        let coarse = best.phi
        for step in stride(from: -3.0, through: 3.0, by: 0.5) {
            let phi = coarse + step * .pi / 180
            let score = Self.stripVariance(a, b, h, phi: phi)
            if score < best.score { best = (phi, score) }
        }
        let c = cos(best.phi), s = sin(best.phi)
        var t = [Double](repeating: 0, count: n), r = t
        for k in 0..<n { t[k] = a[k] * c + b[k] * s; r[k] = -a[k] * s + b[k] * c }
        guard let tMin = t.min(), let tMax = t.max(), tMax - tMin > 10 else { return nil }
        let dt = min(4, max(1.5, (tMax - tMin) / 120))
        var beta = 0.0
        var section: CrossSection?
        for _ in 0..<3 {
            guard let profile = Self.profile(t: t, values: (0..<n).map { h[$0] - beta * r[$0] }, tMin: tMin, tMax: tMax, dt: dt) else { return nil }
            section = profile
            // Rulings' slope: regression of what the profile leaves on the position along them.
            var num = 0.0, den = 0.0
            for k in 0..<n {
                let e = h[k] - profile.height(at: t[k])
                num += e * r[k]; den += r[k] * r[k]
            }
            beta = den > 0 ? num / den : 0
        }
        guard let section else { return nil }
        return (best.phi, section, beta)
    }

    /// Sum over strips across `phi` of the spread of heights within each strip.
    static func stripVariance(_ a: [Double], _ b: [Double], _ h: [Double], phi: Double) -> Double {
        let c = cos(phi), s = sin(phi)
        var lo = Double.infinity, hi = -Double.infinity
        for k in a.indices { let t = a[k] * c + b[k] * s; lo = min(lo, t); hi = max(hi, t) }
        let bins = 64
        let scale = Double(bins) / max(1e-9, hi - lo)
        var sum = [Double](repeating: 0, count: bins), sq = sum, count = sum
        for k in a.indices {
            let i = min(bins - 1, Int((a[k] * c + b[k] * s - lo) * scale))
            sum[i] += h[k]; sq[i] += h[k] * h[k]; count[i] += 1
        }
        var total = 0.0
        for i in 0..<bins where count[i] > 0 { total += sq[i] - sum[i] * sum[i] / count[i] }
        return total
    }

    /// Strip medians over a uniform grid of `t`, gaps bridged linearly, ends trimmed to the data,
    /// smoothed once with [1 2 1] (the sensor's noise, not the paper's shape).
    static func profile(t: [Double], values: [Double], tMin: Double, tMax: Double, dt: Double) -> CrossSection? {
        let bins = max(2, Int(((tMax - tMin) / dt).rounded(.down)) + 1)
        var members = [[Double]](repeating: [], count: bins)
        for k in t.indices {
            let i = min(bins - 1, max(0, Int(((t[k] - tMin) / dt).rounded())))
            members[i].append(values[k])
        }
        // Strips with too few points (the ragged ends) are bridged rather than trusted.
        let minimum = max(3, t.count / bins / 8)
        var heights = [Double?](repeating: nil, count: bins)
        for i in 0..<bins where members[i].count >= minimum {
            members[i].sort()
            heights[i] = members[i][members[i].count / 2]
        }
        guard let first = heights.firstIndex(where: { $0 != nil }), let last = heights.lastIndex(where: { $0 != nil }),
              last - first >= 2 else { return nil }
        var filled = [Double](repeating: 0, count: last - first + 1)
        var previous = first
        for i in first...last {
            if let v = heights[i] {
                if i - previous > 1, let pv = heights[previous] {
                    for g in (previous + 1)..<i {
                        let f = Double(g - previous) / Double(i - previous)
                        filled[g - first] = pv + (v - pv) * f
                    }
                }
                filled[i - first] = v
                previous = i
            }
        }
        var smooth = filled
        if filled.count >= 3 {
            for i in 1..<(filled.count - 1) { smooth[i] = (filled[i - 1] + 2 * filled[i] + filled[i + 1]) / 4 }
        }
        return CrossSection(t0: tMin + Double(first) * dt, dt: dt, heights: smooth)
    }

    /// 1.4826 × median absolute value: the noise's standard deviation, unmoved by outliers.
    static func robustSigma(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        var magnitudes = values.map(abs)
        let k = magnitudes.count / 2
        magnitudes.sort()
        return 1.4826 * magnitudes[k]
    }

    static func rms(_ values: [Double], limit: Double) -> Double {
        var sum = 0.0, count = 0
        for v in values where abs(v) < limit { sum += v * v; count += 1 }
        return count > 0 ? (sum / Double(count)).squareRoot() : 0
    }
}

/// The thresholds that decide between a plane, a bent surface and a height field.
public struct SurfaceFitOptions: Sendable, Equatable, Codable {
    public init() {}

    /// A profile deviating less than this from a straight line (mm) is a plane.
    public var planarBend = 3.0
    /// … and a bend must take out at least this share of the plane's RMS residual.
    public var bendGain = 0.2
    /// A shallower profile is a bend too when its rulings run along a side of the sheet already
    /// found (`fit(_:pageSide:)`) and it is at least this deep (and passes `bendGain`). Paper
    /// curls along its sides; the depth's slow bias runs any way. A receipt photographed from
    /// 12 cm with its edges curled 2–3 mm up is off by 2–4 % of its width when taken for a plane,
    /// and such curls are as deep as the bias.
    public var alignedBend = 1.5
    /// How far (degrees) the rulings may be from the sheet's side to count as along it.
    public var alignedTolerance = 5.0
    /// A height field is added when the residual after the bend is above this (mm, RMS) …
    public var heightFieldMinRMS = 1.6
    /// … and the field takes out at least this share of it.
    public var heightFieldGain = 0.3
    /// Height field cell, millimetres.
    public var heightFieldCell = 6.0
    public var heightField = true
    public var bend = true
}
