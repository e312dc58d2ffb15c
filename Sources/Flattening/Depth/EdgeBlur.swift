import Foundation
import Imaging

/// The photo's lens blur, measured across the sheet's own edges.
///
/// Deconvolving small print needs the blur's width to within a few tenths of a pixel; the print
/// itself cannot give it (its strokes are thinner than the blur, so they never show their full
/// contrast), and noise fools estimates from gradients alone. The sheet's edge against the table is
/// a long, straight step whose two sides are flat: averaged along a short run of the edge, its
/// profile is the blur's integral, and the distance between its 25 % and 75 % crossings is
/// 1.349 σ for a Gaussian blur, whatever the two levels are.
struct EdgeBlur: Sendable {
    /// A point on the sheet's edge in the photo and the unit normal pointing off the sheet.
    struct EdgePoint: Sendable {
        var x: Double, y: Double, nx: Double, ny: Double
    }

    struct Measurement: Sendable, Equatable {
        /// Median over the runs, photo pixels.
        var sigma: Double
        /// Runs that showed a clean step.
        var runs: Int
    }

    /// Profile reach either side of the outline (photo pixels): room for an outline a few pixels
    /// off, plus the flat stretches either side of the step.
    var reach = 14.0
    var step = 0.5
    /// Consecutive edge points averaged into one profile (against the sensor's noise).
    var run = 8
    /// Least paper–table contrast (gray levels) a segment must show.
    var minimumContrast = 20.0
    /// Fewest clean runs for a measurement.
    var minimumRuns = 8

    /// The blur across the edges given (one array per side, points in order along it); nil when
    /// too few runs show a clean step.
    func measure(_ gray: Raster, sides: [[EdgePoint]]) -> Measurement? {
        precondition(gray.channels == 1)
        let count = Int((2 * reach / step).rounded()) + 1
        var sigmas: [Double] = []
        for side in sides {
            var start = 0
            while start + run <= side.count {
                var profile = [Double](repeating: 0, count: count)
                for point in side[start..<(start + run)] {
                    for k in 0..<count {
                        let s = -reach + Double(k) * step
                        profile[k] += gray.sample(x: point.x + s * point.nx, y: point.y + s * point.ny, outside: .nan)
                    }
                }
                start += run
                if profile.contains(where: \.isNaN) { continue }
                if let sigma = Self.width(of: profile.map { $0 / Double(run) }, step: step, minimumContrast: minimumContrast) {
                    sigmas.append(sigma)
                }
            }
        }
        guard sigmas.count >= minimumRuns else { return nil }
        sigmas.sort()
        return Measurement(sigma: sigmas[sigmas.count / 2], runs: sigmas.count)
    }

    /// The Gaussian σ (pixels) of one averaged profile across a step (inside first), or nil when the
    /// profile is not a clean step: too little contrast, or not monotone around the step.
    static func width(of profile: [Double], step: Double, minimumContrast: Double) -> Double? {
        let n = profile.count
        let plateau = Int((3.5 / step).rounded()), flat = Int((3 / step).rounded())
        // The step is where the profile falls fastest, with room for both flat stretches.
        let lower = plateau + flat, upper = n - 1 - plateau - flat
        guard lower < upper else { return nil }
        var best = lower, steepest = -Double.infinity
        for k in lower..<upper {
            let slope = abs(profile[k + 1] - profile[k])
            if slope > steepest { steepest = slope; best = k }
        }
        let inside = profile[(best - plateau - flat)...(best - plateau)].reduce(0, +) / Double(flat + 1)
        let outside = profile[(best + 1 + plateau)...(best + 1 + plateau + flat)].reduce(0, +) / Double(flat + 1)
        let contrast = inside - outside
        guard abs(contrast) >= minimumContrast else { return nil }
        let q = profile.map { ($0 - outside) / contrast }
        // Flat stretches really flat, and nothing overshooting between them (a shadow line or the
        // table's grain would).
        for k in (best - plateau - flat)...(best + 1 + plateau + flat) where q[k] < -0.15 || q[k] > 1.15 { return nil }
        // The 75 % and 25 % crossings nearest the step (the profile falls from 1 inside to 0 outside).
        func crossing(_ level: Double) -> Double? {
            var nearest: Double?
            for k in (best - plateau - flat)..<(best + 1 + plateau + flat) where q[k] >= level && q[k + 1] < level {
                let at = Double(k) + (q[k] - level) / (q[k] - q[k + 1])
                if nearest.map({ abs(at - Double(best)) < abs($0 - Double(best)) }) ?? true { nearest = at }
            }
            return nearest
        }
        guard let high = crossing(0.75), let low = crossing(0.25) else { return nil }
        let distance = (low - high) * step
        guard distance > 0 else { return nil }
        return distance / 1.349
    }
}
