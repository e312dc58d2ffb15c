import Foundation
import Imaging
import Testing
@testable import Flattening

/// The shortcuts the flattening takes for speed give what the plain computations give.
@Suite struct FlatteningSpeedTests {
    @Test func selectionFindsWhatASortPutsAtTheRank() {
        var rng = SplitMix64(seed: 3)
        for count in [1, 2, 3, 10, 101, 5000] {
            // Few distinct values: many ties, the hard case for partitioning.
            let values = (0..<count).map { _ in Float(rng.index(count < 50 ? 4 : 300)) / 8 }
            let sorted = values.sorted()
            for rank in Set([0, count / 2, count - 1, count / 3]) {
                var copy = values
                #expect(Selection.element(ofRank: rank, in: &copy) == sorted[rank], "count \(count), rank \(rank)")
            }
        }
    }

    @Test func roundingHalvesAwayFromZeroAsTheStandardLibraryDoes() {
        var rng = SplitMix64(seed: 5)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 254.5, 0.49999999999999994, -0.49999999999999994, 1e15 + 0.5]
        values += (0..<10_000).map { _ in (rng.unit() - 0.5) * 2000 }
        for x in values { #expect(roundedHalfAway(x) == Int(x.rounded()), "\(x)") }
    }

    @Test func percentilesFromCountsEqualThoseFromSortedPositions() {
        var rng = SplitMix64(seed: 9)
        for total in [150, 999, 20_000] {
            var counts = [Int](repeating: 0, count: 400)
            var positions: [Double] = []
            for _ in 0..<total {
                // A lump in the middle and a thin tail: the tails are where the percentiles sit.
                let p = rng.unit() < 0.9 ? 100 + rng.index(200) : rng.index(400)
                counts[p] += 1
                positions.append(Double(p))
            }
            let fromCounts = PageFinder.percentiles(counts: counts, total: total)
            let fromSort = PageFinder.percentiles(positions)
            #expect(fromCounts.lo == fromSort.lo && fromCounts.hi == fromSort.hi, "\(total) points")
        }
    }

    @Test func shrunkQuadKeepsPointsInsideTheShrunkOutlineOnly() {
        let quad = FlatQuad(corners: [(0, 0), (100, 10), (90, 150), (-10, 140)])
        #expect(quad.contains((45, 75)))
        #expect(quad.contains((2, 5)))
        #expect(!quad.contains((2, 5), margin: 0.05))
        #expect(!quad.contains((120, 75)))
        let shrunk = quad.shrunk(by: 0.05)
        var rng = SplitMix64(seed: 1)
        for _ in 0..<2000 {
            let p = (x: rng.unit() * 140 - 20, y: rng.unit() * 180 - 15)
            #expect(shrunk.contains(p) == quad.contains(p, margin: 0.05))
        }
    }

    /// A tilted page seen by a 12 MP phone camera, unrolled at 24 px/mm-like scale: the mesh (a node
    /// every 16 output pixels) reproduces the exact projection within a tenth of a pixel.
    @Test func coarseMeshFollowsTheExactMapWithinATenthOfAPixel() throws {
        let camera = CameraModel(intrinsics: CameraIntrinsics(fx: 3000, fy: 3000, cx: 2000, cy: 1500, width: 4000, height: 3000),
                                 source: "test", assumptions: [])
        let plane = Plane(origin: Vector3(0, 0, 400), normal: Vector3(0.35, -0.5, -1))
        let section = CrossSection(t0: -120, dt: 2, heights: (0...120).map { k in 25 * sin(Double(k) / 120 * .pi) })
        for model in [SurfaceModel(plane: plane), SurfaceModel(plane: plane, section: section)] {
            let quad = FlatQuad(corners: [(-90, -120), (90, -120), (90, 120), (-90, 120)])
            let w = 1800, h = 2400
            func exact(_ i: Double, _ j: Double) -> (x: Double, y: Double)? {
                let f = quad.point(u: (i + 0.5) / Double(w), v: (j + 0.5) / Double(h))
                return camera.project(model.point(x: f.x, y: f.y))
            }
            let mesh = Unwarper(width: w, height: h, spacing: 16, map: exact)
            var rng = SplitMix64(seed: 2)
            var worst = 0.0
            for _ in 0..<5000 {
                let x = rng.unit() * Double(w - 1), y = rng.unit() * Double(h - 1)
                let e = try #require(exact(x, y))
                let m = mesh.photoPosition(x: x, y: y)
                worst = max(worst, ((e.x - m.x) * (e.x - m.x) + (e.y - m.y) * (e.y - m.y)).squareRoot())
            }
            #expect(worst < 0.1, "mesh off by \(worst) px (\(model.isPlanar ? "plane" : "curl"))")
        }
    }

    /// Runs well inside the photo skip the per-pixel bounds test: the page must come out exactly as
    /// with the test, also where the map leaves the photo.
    @Test func resamplingWithoutPerPixelBoundsGivesTheSameImage() {
        var rng = SplitMix64(seed: 4)
        let sw = 300, sh = 220
        let pixels = (0..<(sw * sh)).map { k in UInt8(min(255, (k % sw) / 2 + rng.index(128))) }
        let source = Raster(width: sw, height: sh, channels: 1, pixels: pixels)
        // A rotated, scaled, slightly bent map that runs off the photo on two sides.
        func map(_ i: Double, _ j: Double) -> (x: Double, y: Double) {
            (0.71 * i - 0.18 * j + 12 + 3 * sin(j / 40), 0.2 * i + 0.69 * j - 25)
        }
        let mesh = Unwarper(width: 410, height: 330, spacing: 16, map: map)
        let page = mesh.resample(source, outside: 7)
        var differing = 0, outside = 0
        for y in 0..<page.height {
            for x in 0..<page.width {
                // The reference: the mesh's own position, tested and sampled pixel by pixel.
                let p = mesh.photoPosition(x: Double(x), y: Double(y))
                // On the photo's border itself the stepping's rounding may fall either side.
                let border = min(abs(p.x), abs(p.x - Double(sw - 1)), abs(p.y), abs(p.y - Double(sh - 1)))
                if border < 1e-6 { continue }
                var expected: UInt8 = 7
                if p.x >= 0, p.y >= 0, p.x <= Double(sw - 1), p.y <= Double(sh - 1) {
                    expected = UInt8(source.sample(x: p.x, y: p.y) + 0.5)
                } else {
                    outside += 1
                }
                if abs(Int(expected) - Int(page.pixels[y * page.width + x])) > 1 { differing += 1 }
            }
        }
        #expect(outside > 1000, "the map should leave the photo somewhere")
        #expect(differing == 0, "\(differing) pixels differ by more than the stepping's rounding")
    }
}
