import Foundation
@testable import Flattening
import Imaging
import Testing

@Suite struct TextLinePerspectiveTests {
    /// Blobs along lines through a common vanishing point at (vx, vy), or parallel and level when nil;
    /// `k` bends every line like a curl (y += k (x − 500)²).
    func blobs(vanishingAt vp: (x: Double, y: Double)?, k: Double = 0) -> [PixelRect] {
        var out: [PixelRect] = []
        for line in 0..<14 {
            let y0 = 80 + Double(line) * 40   // where the line crosses x = 500
            var x = 100.0
            while x < 900 {
                var y = y0
                if let vp { y = y0 + (vp.y - y0) * (x - 500) / (vp.x - 500) }
                y += k * (x - 500) * (x - 500)
                out.append(PixelRect(x: Int(x), y: Int((y - 6).rounded()), width: 9, height: 12))
                x += 12
            }
        }
        return out
    }

    func fit(_ blobs: [PixelRect]) -> Result<TextLinePerspective, TextLinePerspective.Refusal> {
        let lines = TextLineDewarp.lines(from: blobs, medianHeight: 12)
        return TextLinePerspective.fit(lines: lines, width: 1000, height: 700, medianHeight: 12, reduction: 1)
    }

    @Test func findsTheVanishingPointOfConvergingLines() throws {
        // Lines meeting 2500 px to the left of the page, a little above its middle: a page seen
        // from its right side.
        let truth = (x: -2000.0, y: 300.0)
        let found = try fit(blobs(vanishingAt: truth)).get()
        #expect(abs(found.vanishingPoint.x - truth.x) < 0.03 * 2500, "vanishing point \(found.vanishingPoint)")
        #expect(abs(found.vanishingPoint.y - truth.y) < 40, "vanishing point \(found.vanishingPoint)")
        #expect(found.spreadDegrees > 5)
        // In the corrected frame every line is level: two points of one line land at one height.
        for y0 in [80.0, 340.0, 600.0] {
            let left = found.forward(u: 150 - 500, v: y0 + (truth.y - y0) * (150 - 500) / (truth.x - 500) - 350)
            let right = found.forward(u: 850 - 500, v: y0 + (truth.y - y0) * (850 - 500) / (truth.x - 500) - 350)
            #expect(abs(left.1 - right.1) < 1.5, "line through (500, \(y0)): \(left) → \(right)")
        }
    }

    @Test func leavesParallelLinesAlone() {
        guard case .failure(.parallel) = fit(blobs(vanishingAt: nil)) else {
            Issue.record("level, parallel lines were corrected")
            return
        }
    }

    /// Straight lines of 400 px, 80 px apart, each tilted by `tilt(line)` degrees.
    func tilted(_ tilt: (Int) -> Double) -> [PixelRect] {
        var blobs: [PixelRect] = []
        for line in 0..<8 {
            let y0 = 80 + Double(line) * 80, slope = tan(tilt(line) * .pi / 180)
            for x in stride(from: 300.0, to: 700, by: 12) {
                blobs.append(PixelRect(x: Int(x), y: Int((y0 + slope * (x - 500) - 6).rounded()), width: 9, height: 12))
            }
        }
        return blobs
    }

    @Test func leavesLinesOfScatteredTiltAlone() {
        // Tilts alternating ±2° (a crumpled page): no convergence worth correcting.
        if case .success(let fit) = fit(tilted { $0 % 2 == 0 ? 2 : -2 }) {
            Issue.record("alternating tilts were corrected: \(fit)")
        }
        // A top-to-bottom trend of 5° (what perspective gives) under ±3° of scatter: a vanishing
        // point explains the trend but not the scatter, so the page is left to the line dewarp.
        let scattered = fit(tilted { Double($0) * 0.7 - 2.5 + ($0 % 2 == 0 ? 3 : -3) })
        guard case .failure(.notConverging) = scattered else {
            Issue.record("trend plus scatter: \(scattered)")
            return
        }
    }

    @Test func inverseUndoesForwardAndTheLinesComeOutLevel() throws {
        // Vanishing point below and to the right: the lines' common direction is not level, so the
        // levelling turn matters.
        let truth = (x: 3700.0, y: 900.0)
        let found = try fit(blobs(vanishingAt: truth)).get()
        #expect(abs(found.levelling) > 0.1, "levelling \(found.levelling)")
        for (u, v) in [(-400.0, -300.0), (350.0, -200.0), (0.0, 0.0), (420.0, 330.0), (-300.0, 250.0)] {
            let (a, b) = found.forward(u: u, v: v)
            let (u2, v2) = found.inverse(a: a, b: b)
            #expect(abs(u2 - u) < 1e-6 && abs(v2 - v) < 1e-6, "(\(u), \(v)) → (\(a), \(b)) → (\(u2), \(v2))")
        }
        // Two points of one line land at one height.
        let y0 = 300.0
        let left = found.forward(u: 150 - 500, v: y0 + (truth.y - y0) * (150 - 500) / (truth.x - 500) - 350)
        let right = found.forward(u: 850 - 500, v: y0 + (truth.y - y0) * (850 - 500) / (truth.x - 500) - 350)
        #expect(abs(left.1 - right.1) < 1.5, "\(left) → \(right)")
    }

    @Test func leavesACurledPageToTheLineDewarp() {
        // Lines bending 16 px from the middle to the ends: no straight fit, so no perspective.
        if case .success(let fit) = fit(blobs(vanishingAt: nil, k: 0.0001)) {
            Issue.record("a curl was taken for perspective: \(fit)")
        }
    }

    @Test func straightensAConvergingPageOnARealRaster() throws {
        // The synthetic page photographed from its right: its left edge is shorter than its right.
        let page = SyntheticPage.text()
        let quad = Quad(Point(x: 40, y: 230), Point(x: 1060, y: 40), Point(x: 1060, y: 1400), Point(x: 40, y: 1210))
        let photo = SyntheticPage.photo(of: page, quad: quad, width: 1100, height: 1440)
        func spread(_ gray: Raster) -> (lines: Int, degrees: Double) {
            let found = TextBlobs.find(in: gray, reduction: 1, adaptive: false)
            let h = Double(found.medianHeight)
            let lines = TextLineDewarp.lines(from: found.blobs, medianHeight: h)
            let angles = TextLinePerspective.segments(lines, medianHeight: h, maxBend: 0.25).map { $0.angle * 180 / .pi }
            return (angles.count, (angles.max() ?? 0) - (angles.min() ?? 0))
        }
        let before = spread(photo)
        #expect(before.lines >= 10 && before.degrees > 6, "before: \(before)")
        let found = TextBlobs.find(in: photo, reduction: 1, adaptive: false)
        let lines = TextLineDewarp.lines(from: found.blobs, medianHeight: Double(found.medianHeight))
        let fit = try TextLinePerspective.fit(lines: lines, width: photo.width, height: photo.height,
                                              medianHeight: Double(found.medianHeight), reduction: 1).get()
        #expect(fit.vanishingPoint.x < 0, "the lines meet to the left: \(fit.vanishingPoint)")
        let corrected = try #require(fit.apply(to: photo))
        let after = spread(corrected)
        #expect(after.lines >= 10 && after.degrees < 1.5, "after: \(after), before: \(before)")
        // ...and level, not merely parallel.
        let level = TextBlobs.find(in: corrected, reduction: 1, adaptive: false)
        let angles = TextLinePerspective.segments(TextLineDewarp.lines(from: level.blobs, medianHeight: Double(level.medianHeight)),
                                                  medianHeight: Double(level.medianHeight), maxBend: 0.25).map { $0.angle * 180 / .pi }
        let mean = angles.reduce(0, +) / Double(max(1, angles.count))
        #expect(abs(mean) < 1, "mean line angle after correction \(mean)°")
    }
}
