import Foundation
import Imaging

/// Perspective from the text lines alone, for photos whose page outline cannot be used (the sheet
/// runs off the frame, or lies on a background of the same colour). On a page seen at an angle,
/// lines that are parallel on paper converge towards one vanishing point; deskewing can only level
/// their mean direction, and Tesseract reads the rest as lines climbing or falling across the page.
/// A homography that sends the vanishing point to infinity makes the lines parallel again and
/// enlarges the far side's print back towards the near side's.
///
/// It is applied only when convergence explains the lines' directions much better than one common
/// direction does: curled or folded pages bend their lines, which is the line dewarp's job.
public struct TextLinePerspective: Sendable, Equatable {
    /// Third row of the homography (u, v centred on the image, full resolution): w = 1 + p·u + q·v.
    var p: Double
    var q: Double
    /// Turn (radians) that levels the lines after the homography.
    var levelling: Double { didSet { levelCos = cos(levelling); levelSin = sin(levelling) } }
    /// The turn's cosine and sine, computed once rather than per pixel.
    private var levelCos: Double, levelSin: Double
    /// The vanishing point, full-resolution pixels from the image's top-left corner.
    var vanishingPoint: Point
    /// Angle between the lines' directions at the text's top and bottom, degrees (what is corrected).
    var spreadDegrees: Double
    /// Lines the fit used.
    var lines: Int

    init(p: Double, q: Double, levelling: Double, vanishingPoint: Point, spreadDegrees: Double, lines: Int) {
        self.p = p; self.q = q; self.levelling = levelling
        levelCos = cos(levelling); levelSin = sin(levelling)
        self.vanishingPoint = vanishingPoint; self.spreadDegrees = spreadDegrees; self.lines = lines
    }

    /// Why a fit was refused, for the page's record.
    enum Refusal: Error, Equatable, Sendable {
        case tooFewLines(Int)
        case parallel(spreadDegrees: Double)
        case notConverging(parallelRMS: Double, convergingRMS: Double)
        case tooClose

        var description: String {
            switch self {
            case .tooFewLines(let n): return "\(n) straight text lines; needs more"
            case .parallel(let s): return String(format: "lines parallel enough (spread %.1f°)", s)
            case .notConverging(let a, let b):
                return String(format: "lines do not converge to one point (direction scatter %.2f°, converging fit %.2f°)", a, b)
            case .tooClose: return "vanishing point inside or near the page: left as is"
            }
        }
    }

    public struct Limits: Sendable, Equatable, Codable {
        /// Straight lines needed (each at least 8 text heights long).
        public var minLines = 6
        /// Smallest top-to-bottom spread of the lines' directions worth resampling for, degrees.
        public var minSpreadDegrees = 1.5
        /// The converging fit must leave at most this share of the common direction's scatter.
        public var maxResidualShare = 0.5
        /// A line bending more than this (RMS, text heights) about its own straight fit is curled.
        public var maxLineBend = 0.25
        public init() {}
    }

    /// A line's straight fit: centre and angle (radians, in (-π/2, π/2]) in analysis pixels.
    struct Segment {
        var x: Double, y: Double, angle: Double, length: Double
    }

    static func segments(_ lines: [TextLineDewarp.Line], medianHeight h: Double, maxBend: Double) -> [Segment] {
        lines.compactMap { line in
            let n = Double(line.xs.count)
            let mx = line.xs.reduce(0, +) / n, my = line.meanY
            var sxx = 0.0, sxy = 0.0
            for (x, y) in zip(line.xs, line.ys) { sxx += (x - mx) * (x - mx); sxy += (x - mx) * (y - my) }
            guard sxx > 0 else { return nil }
            let slope = sxy / sxx
            var ss = 0.0
            for (x, y) in zip(line.xs, line.ys) { let r = y - (my + slope * (x - mx)); ss += r * r }
            guard (ss / n).squareRoot() <= maxBend * h else { return nil }
            let length = (line.xs[line.xs.count - 1] - line.xs[0]) * (1 + slope * slope).squareRoot()
            return Segment(x: mx, y: my, angle: atan(slope), length: length)
        }
    }

    /// Fits the vanishing point of `lines` (analysis pixels of an image `width`×`height`);
    /// `reduction` converts to full resolution.
    static func fit(lines: [TextLineDewarp.Line], width: Int, height: Int, medianHeight h: Double, reduction: Double,
                    limits: Limits = Limits()) -> Result<TextLinePerspective, Refusal> {
        let segments = segments(lines, medianHeight: h, maxBend: limits.maxLineBend)
        guard segments.count >= limits.minLines else { return .failure(.tooFewLines(segments.count)) }
        let cx = Double(width) / 2, cy = Double(height) / 2
        let halfDiagonal = (cx * cx + cy * cy).squareRoot()
        let totalWeight = segments.reduce(0) { $0 + $1.length }

        // One common direction: the weighted mean angle and the scatter about it.
        let meanAngle = segments.reduce(0) { $0 + $1.length * $1.angle } / totalWeight
        let parallelRMS = (segments.reduce(0) { $0 + $1.length * pow($1.angle - meanAngle, 2) } / totalWeight).squareRoot()

        // Converging: homogeneous lines (unit normal, offset) in coordinates centred and scaled by
        // the half diagonal; the vanishing point is the direction that all of them nearly contain.
        var m = [Double](repeating: 0, count: 6)
        for s in segments {
            let nx = -sin(s.angle), ny = cos(s.angle)
            let u = (s.x - cx) / halfDiagonal, v = (s.y - cy) / halfDiagonal
            let l = (nx, ny, -(nx * u + ny * v))
            m[0] += s.length * l.0 * l.0; m[1] += s.length * l.0 * l.1; m[2] += s.length * l.0 * l.2
            m[3] += s.length * l.1 * l.1; m[4] += s.length * l.1 * l.2; m[5] += s.length * l.2 * l.2
        }
        let vp = SymmetricEigen(m[0], m[1], m[2], m[3], m[4], m[5]).vectors[0]
        guard abs(vp.z) > 1e-12 else { return .failure(.parallel(spreadDegrees: 0)) }
        let vu = vp.x / vp.z * halfDiagonal, vv = vp.y / vp.z * halfDiagonal

        func wrapped(_ a: Double) -> Double {
            var d = a
            while d > .pi / 2 { d -= .pi }
            while d <= -.pi / 2 { d += .pi }
            return d
        }
        // Each line's direction as the converging model predicts it: towards the vanishing point.
        func predicted(_ s: Segment) -> Double { wrapped(atan2(vv - (s.y - cy), vu - (s.x - cx))) }
        let convergingRMS = (segments.reduce(0) { $0 + $1.length * pow(wrapped($1.angle - predicted($1)), 2) } / totalWeight).squareRoot()
        let ys = segments.map(\.y)
        let topAngle = predicted(Segment(x: cx, y: ys.min() ?? cy, angle: 0, length: 0))
        let bottomAngle = predicted(Segment(x: cx, y: ys.max() ?? cy, angle: 0, length: 0))
        let spread = abs(wrapped(topAngle - bottomAngle)) * 180 / .pi
        let degrees = 180 / Double.pi
        guard spread >= limits.minSpreadDegrees else { return .failure(.parallel(spreadDegrees: spread)) }
        guard convergingRMS <= limits.maxResidualShare * parallelRMS else {
            return .failure(.notConverging(parallelRMS: parallelRMS * degrees, convergingRMS: convergingRMS * degrees))
        }
        // The homography divides by 1 + p·u + q·v; with the vanishing point at least 1.5 half
        // diagonals away that stays within [1/3, 5/3] over the image: no fold-over, bounded scale.
        let distance = (vu * vu + vv * vv).squareRoot()
        guard distance >= 1.5 * halfDiagonal else { return .failure(.tooClose) }

        let full = 1 / reduction
        let fu = vu * full, fv = vv * full, d2 = fu * fu + fv * fv
        return .success(TextLinePerspective(p: -fu / d2, q: -fv / d2, levelling: wrapped(atan2(fv, fu)),
                                            vanishingPoint: Point(x: cx * full + fu, y: cy * full + fv),
                                            spreadDegrees: spread, lines: segments.count))
    }

    /// Forward map of a centred full-resolution point into the corrected, levelled frame.
    func forward(u: Double, v: Double) -> (Double, Double) {
        let w = 1 + p * u + q * v
        let a = u / w, b = v / w
        return (levelCos * a + levelSin * b, -levelSin * a + levelCos * b)
    }

    /// Inverse of `forward`: the centred source point that lands on (a, b) in the corrected frame.
    func inverse(a corrected: Double, b: Double) -> (Double, Double) {
        let a = levelCos * corrected - levelSin * b, bb = levelSin * corrected + levelCos * b
        let w = 1 - p * a - q * bb
        return (a / w, bb / w)
    }

    /// Resamples `gray` (full resolution) into the corrected frame, sized to hold the whole image;
    /// nil when that frame would be unreasonably large (more than twice the pixels).
    func apply(to gray: Raster) -> Raster? {
        let cx = Double(gray.width) / 2, cy = Double(gray.height) / 2
        let corners = [(-cx, -cy), (cx, -cy), (cx, cy), (-cx, cy)].map { forward(u: $0.0, v: $0.1) }
        let xs = corners.map(\.0), ys = corners.map(\.1)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        let w = Int((x1 - x0).rounded(.up)), h = Int((y1 - y0).rounded(.up))
        guard w > 0, h > 0, Double(w) * Double(h) <= 2 * Double(gray.width * gray.height) else { return nil }
        return gray.warped(width: w, height: h) { x, y in
            let (u, v) = inverse(a: x + x0, b: y + y0)
            return (u + cx, v + cy)
        }
    }
}
