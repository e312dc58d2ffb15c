import Imaging
import Foundation
import Testing
@testable import Flattening

@Suite struct SurfaceFitTests {
    /// A sheet bent into a cylinder of radius `radius` across its width (arc length `arc`), `length`
    /// along the rulings, turned and tilted in front of the camera. Returns the points and the map
    /// from sheet coordinates (s across, r along) to 3-D.
    static func cylinder(radius: Double, arc: Double, length: Double, noise: Double, seed: UInt64)
        -> (points: [Vec3], place: (Double, Double) -> Vec3) {
        var rng = SplitMix64(seed: seed)
        let tilt = 20 * Double.pi / 180, spin = 25 * Double.pi / 180
        func place(_ s: Double, _ r: Double) -> Vec3 {
            // In the sheet frame: across x, along y, bulging toward the camera (negative z).
            let angle = s / radius
            let local = Vec3(radius * sin(angle), r, -(radius * (1 - cos(angle))))
            // Spin about z, tilt about x, then 40 cm in front of the camera.
            let spun = Vec3(local.x * cos(spin) - local.y * sin(spin), local.x * sin(spin) + local.y * cos(spin), local.z)
            let tilted = Vec3(spun.x, spun.y * cos(tilt) - spun.z * sin(tilt), spun.y * sin(tilt) + spun.z * cos(tilt))
            return tilted + Vec3(5, 10, 400)
        }
        func gaussian() -> Double {
            let u = max(1e-12, rng.unit()), v = rng.unit()
            return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
        }
        var points: [Vec3] = []
        for _ in 0..<20_000 {
            let p = place((rng.unit() - 0.5) * arc, (rng.unit() - 0.5) * length)
            points.append(p + Vec3(0, 0, gaussian() * noise))
        }
        return (points, place)
    }

    @Test func unrollsAKnownCylinderIsometrically() throws {
        let arc = 200.0, length = 280.0
        let sheet = Self.cylinder(radius: 140, arc: arc, length: length, noise: 1.0, seed: 11)
        let result = try #require(SurfaceFit().fit(sheet.points))
        #expect(!result.model.isPlanar)
        #expect(result.bendDepth > 20)
        // Flat distances between known sheet positions equal their true lengths within 1%.
        for (a, b, truth) in [((-90.0, 0.0), (90.0, 0.0), 180.0), ((0.0, -120.0), (0.0, 120.0), 240.0),
                              ((-80.0, -100.0), (80.0, 100.0), (160.0 * 160 + 200 * 200).squareRoot())] {
            let fa = result.model.flat(sheet.place(a.0, a.1)), fb = result.model.flat(sheet.place(b.0, b.1))
            let flat = ((fa.x - fb.x) * (fa.x - fb.x) + (fa.y - fb.y) * (fa.y - fb.y)).squareRoot()
            #expect(abs(flat / truth - 1) < 0.01, "unrolled \(flat) mm for \(truth) mm")
        }
        // And a point unrolled and rolled back lands where it was.
        let p = sheet.place(60, 40)
        let f = result.model.flat(p)
        #expect((result.model.point(x: f.x, y: f.y) - p).length < 1.5)
    }

    @Test func aFlatSheetStaysAPlane() throws {
        let sheet = Self.cylinder(radius: 1e7, arc: 200, length: 280, noise: 1.2, seed: 5)
        let result = try #require(SurfaceFit().fit(sheet.points))
        #expect(result.model.section == nil)
        #expect(result.residual < 1.5)
    }

    @Test func crossSectionArcLengthAndItsInverse() {
        // A 45° ramp: arc length grows by √2 per millimetre of t.
        let section = CrossSection(t0: -10, dt: 1, heights: (0...20).map { Double($0) })
        #expect(abs(section.arc(at: 10) - 10 * 2.0.squareRoot()) < 1e-9)
        #expect(abs(section.arc(at: 0)) < 1e-9)
        #expect(abs(section.t(atArc: 5 * 2.0.squareRoot()) - 5) < 1e-9)
        // Beyond the ends the ramp continues.
        #expect(abs(section.height(at: 15) - 25) < 1e-9)
    }
}
