import Imaging
import Foundation
import Testing
@testable import Flattening

@Suite struct SurfaceFitTests {
    /// A sheet bent into a cylinder of radius `radius` across its width (arc length `arc`), `length`
    /// along the rulings, turned and tilted in front of the camera. Returns the points and the map
    /// from sheet coordinates (s across, r along) to 3-D.
    static func cylinder(radius: Double, arc: Double, length: Double, noise: Double, seed: UInt64)
        -> (points: [Vector3], place: (Double, Double) -> Vector3) {
        var rng = SplitMix64(seed: seed)
        let tilt = 20 * Double.pi / 180, spin = 25 * Double.pi / 180
        func place(_ s: Double, _ r: Double) -> Vector3 {
            // In the sheet frame: across x, along y, bulging toward the camera (negative z).
            let angle = s / radius
            let local = Vector3(radius * sin(angle), r, -(radius * (1 - cos(angle))))
            // 40 cm in front of the camera.
            return posed(local, tilt: tilt, spin: spin, at: Vector3(5, 10, 400))
        }
        var points: [Vector3] = []
        for _ in 0..<20_000 {
            let p = place((rng.unit() - 0.5) * arc, (rng.unit() - 0.5) * length)
            points.append(p + Vector3(0, 0, gaussian(&rng) * noise))
        }
        return (points, place)
    }

    /// A point of the sheet's own frame spun about z, tilted about x, then moved to `offset`.
    static func posed(_ local: Vector3, tilt: Double, spin: Double, at offset: Vector3) -> Vector3 {
        let spun = Vector3(local.x * cos(spin) - local.y * sin(spin), local.x * sin(spin) + local.y * cos(spin), local.z)
        let tilted = Vector3(spun.x, spun.y * cos(tilt) - spun.z * sin(tilt), spun.y * sin(tilt) + spun.z * cos(tilt))
        return tilted + offset
    }

    /// A standard normal draw (Box–Muller), for the depth's noise.
    static func gaussian(_ rng: inout SplitMix64) -> Double {
        let u = max(1e-12, rng.unit()), v = rng.unit()
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
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

    /// A receipt 80 × 100 mm seen from 13 cm, flat but for its long edges curled up (the left 18 mm
    /// at a radius of 60 mm, the right 20 mm at 70 mm: about 2.7 mm high at the edges): `place` maps
    /// sheet millimetres (s across, r along) to 3-D.
    static func edgeCurledReceipt(noise: Double, seed: UInt64) -> (points: [Vector3], place: (Double, Double) -> Vector3) {
        var rng = SplitMix64(seed: seed)
        let tilt = 15 * Double.pi / 180, spin = 10 * Double.pi / 180
        func place(_ s: Double, _ r: Double) -> Vector3 {
            var local = Vector3(s - 40, r - 50, 0)
            if s < 18 {
                let angle = (18 - s) / 60
                local = Vector3(18 - 60 * sin(angle) - 40, r - 50, -60 * (1 - cos(angle)))
            } else if s > 60 {
                let angle = (s - 60) / 70
                local = Vector3(60 + 70 * sin(angle) - 40, r - 50, -70 * (1 - cos(angle)))
            }
            return posed(local, tilt: tilt, spin: spin, at: Vector3(0, 0, 130))
        }
        let points = (0..<12_000).map { _ in place(rng.unit() * 80, rng.unit() * 100) + Vector3(0, 0, gaussian(&rng) * noise) }
        return (points, place)
    }

    @Test func aShallowCurlAlongTheSheetsSideIsUnrolled() throws {
        let sheet = Self.edgeCurledReceipt(noise: 0.5, seed: 3)
        func width(_ model: SurfaceModel) -> Double {
            let a = model.flat(sheet.place(0, 50)), b = model.flat(sheet.place(80, 50))
            return ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        }
        // Without the sheet's sides the curl is shallower than `planarBend`: taken for a plane.
        let blind = try #require(SurfaceFit().fit(sheet.points))
        #expect(blind.model.isPlanar)
        // Knowing the side it runs along, the curl is unrolled and the width comes out right.
        let side = sheet.place(60, 100) - sheet.place(60, 0)
        let seeing = try #require(SurfaceFit().fit(sheet.points, pageSide: side))
        #expect(!seeing.model.isPlanar)
        #expect(abs(width(seeing.model) / 80 - 1) < 0.005, "unrolled width \(width(seeing.model)) mm")
        let edge = sheet.place(0, 30), f = seeing.model.flat(edge)
        #expect((seeing.model.point(x: f.x, y: f.y) - edge).length < 1, "the curled edge rolled back")
        #expect((blind.model.point(x: blind.model.flat(edge).x, y: blind.model.flat(edge).y) - edge).length > 1.5,
                "a plane leaves the curled edge where it is not")
        // A side at 45° to the rulings lends the shallow bend no support.
        let diagonal = sheet.place(100, 100) - sheet.place(0, 0)
        #expect(try #require(SurfaceFit().fit(sheet.points, pageSide: diagonal)).model.isPlanar)
    }

    @Test func rulingsAlongASideInEitherSenseOrAtRightAngles() {
        let frame = Plane(origin: Vector3(0, 0, 300), normal: Vector3(0, 0, -1))
        let side = Vector3(0, 1, 0)
        // Rulings run along (−sin φ, cos φ): φ = 0 is along the side, 90° along the other side.
        for degrees in [0.0, 3, -4, 90, 180, 87] {
            #expect(SurfaceFit.rulings(degrees * .pi / 180, in: frame, alongSideOf: side, tolerance: 5), "φ = \(degrees)°")
        }
        for degrees in [8.0, 45, -30, 100] {
            #expect(!SurfaceFit.rulings(degrees * .pi / 180, in: frame, alongSideOf: side, tolerance: 5), "φ = \(degrees)°")
        }
        #expect(!SurfaceFit.rulings(0, in: frame, alongSideOf: Vector3(0, 0, 1), tolerance: 5))
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
