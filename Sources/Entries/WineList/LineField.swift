import Foundation
import Imaging
import RecognizedText

/// The course of a page's text lines where one direction does not hold them all: a page
/// photographed at a slant has lines that converge (their slope changes down the page) and a
/// curled one lines that bend (their slope changes along them). Rotating by the median slope then
/// leaves a price at the far end of its line a row above or below its wine.
///
/// The field is fitted to the words of the page's long lines, after the rotation by the median
/// slope, as a level function v(x, y) = y − (a₁x + a₂xy + a₃x²) in page-sized units: constant along
/// each line. a₁ is a residual tilt, a₂ the convergence, a₃ the bend. Each line's own height is
/// left free, so only the lines' shape is fitted, never where they stand.
struct LineField: Equatable {
    var tilt: Double
    var convergence: Double
    var bend: Double
    /// The page's centre and size the coefficients are measured in.
    var x0: Double, y0: Double, size: Double
    /// Root-mean-square distance of the long lines' words from their lines, pixels: straight and
    /// parallel, and along the field.
    var residualBefore = 0.0, residualAfter = 0.0

    /// Fewest long lines the field is fitted from.
    static let minimumLines = 6
    /// The rotation alone must leave the words this far off their lines (root mean square, in word
    /// heights) for the field to be fitted at all: on a flat or well-flattened page the field would
    /// fit the boxes' jitter, and its extrapolation to a price far right of the names is then worse
    /// than a straight band.
    static let minimumResidual = 0.25
    /// And the field must bring them at least this much closer (root mean square, before to after).
    static let minimumGain = 0.7

    /// How far past the long lines' extent (in halves of it) the field is followed; beyond, it
    /// holds the value at that edge: a polynomial fitted to the lines is no guide far from them.
    static let reach = 0.75

    /// Where the lines turn past the long lines' right end (a fold between the names and the
    /// columns right of them), when the shorter lines there show it (`Turn`).
    var turn: Turn?

    /// The row coordinate of a point of the rotated page: equal along each text line.
    func level(x: Double, y: Double) -> Double {
        if let turn, x > turn.knot {
            return smoothLevel(x: turn.knot, y: turn.traced(x: x, y: y, y0: y0, size: size))
        }
        return smoothLevel(x: x, y: y)
    }

    /// How much the field stretches heights at `x` (∂v/∂y), within `reach`.
    func stretch(x: Double) -> Double {
        if let turn, x > turn.knot { return smoothStretch(x: turn.knot) * turn.stretch(x: x, size: size) }
        return smoothStretch(x: x)
    }

    private func smoothLevel(x: Double, y: Double) -> Double {
        let u = min(Self.reach, max(-Self.reach, (x - x0) / size)), w = min(Self.reach, max(-Self.reach, (y - y0) / size))
        return y - size * (tilt * u + convergence * u * w + bend * u * u)
    }

    private func smoothStretch(x: Double) -> Double { 1 - convergence * min(Self.reach, max(-Self.reach, (x - x0) / size)) }

    /// The field of `lines` (word centres of the rotated page, one array per text line), or nil
    /// when too few lines are long enough, or the lines are straight and parallel already for words
    /// `wordHeight` pixels tall.
    static func fit(lines: [[(x: Double, y: Double)]], wordHeight: Double) -> LineField? {
        guard lines.count >= minimumLines else { return nil }
        let points = lines.flatMap { $0 }
        let xs = points.map(\.x), ys = points.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        let size = max(maxX - minX, maxY - minY, 1)
        let x0 = (minX + maxX) / 2, y0 = (minY + maxY) / 2
        // Normal equations of the per-line-centred least squares: each line's mean is removed from
        // its points' heights and from the terms, so its own level is free.
        var m = [[Double]](repeating: [Double](repeating: 0, count: 3), count: 3)
        var b = [Double](repeating: 0, count: 3)
        var before = 0.0, count = 0.0
        var centred: [([Double], Double)] = []
        for line in lines {
            let terms = line.map { p -> [Double] in
                let u = (p.x - x0) / size, w = (p.y - y0) / size
                return [u, u * w, u * u]
            }
            let heights = line.map { ($0.y - y0) / size }
            let n = Double(line.count)
            let meanTerms = (0..<3).map { j in terms.map { $0[j] }.reduce(0, +) / n }
            let meanHeight = heights.reduce(0, +) / n
            for (t, h) in zip(terms, heights) {
                let ct = (0..<3).map { t[$0] - meanTerms[$0] }, ch = h - meanHeight
                centred.append((ct, ch))
                before += ch * ch
                count += 1
                for i in 0..<3 {
                    b[i] += ct[i] * ch
                    for j in 0..<3 { m[i][j] += ct[i] * ct[j] }
                }
            }
        }
        // A little ridge keeps a term the lines cannot show (all lines short, or all at one
        // height) at zero instead of at whatever fits the noise.
        let ridge = 1e-6 * count
        for i in 0..<3 { m[i][i] += ridge }
        guard let a = LinearSystem.solve(m, b) else { return nil }
        var after = 0.0
        for (ct, ch) in centred {
            let r = ch - (a[0] * ct[0] + a[1] * ct[1] + a[2] * ct[2])
            after += r * r
        }
        let residual = size * (before / max(count, 1)).squareRoot()
        guard before > 0, residual >= minimumResidual * wordHeight, after <= minimumGain * minimumGain * before,
              // A field that would squash or stretch a word's height past half or twice within its
              // reach fits something other than text lines.
              abs(a[1]) * reach <= 0.5 else { return nil }
        return LineField(tilt: a[0], convergence: a[1], bend: a[2], x0: x0, y0: y0, size: size,
                         residualBefore: size * (before / count).squareRoot(), residualAfter: size * (after / count).squareRoot())
    }
}
