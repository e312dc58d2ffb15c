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
    }
}
