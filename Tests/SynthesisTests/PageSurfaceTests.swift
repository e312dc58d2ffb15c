import Testing
@testable import Synthesis

@Suite struct PageSurfaceTests {
    /// Paper bends without stretching: neighbouring points keep their distance.
    @Test(arguments: [
        PageSurface.Bend(alongLength: false, segments: [(0, -1 / 120.0)]),
        PageSurface.Bend(alongLength: false, segments: [(0, 0), (150, -1 / 50.0)]),
        PageSurface.Bend(alongLength: true, segments: [(0, -1 / 70.0), (60, 0), (220, -1 / 90.0)]),
    ])
    func bendsKeepLengths(bend: PageSurface.Bend) {
        let surface = PageSurface(widthMM: 210, heightMM: 297, bend: bend)
        let step = 1.0
        var total = 0.0
        let length = bend.alongLength ? 297.0 : 210.0
        var previous = bend.alongLength ? surface.point(u: 100, v: 0) : surface.point(u: 0, v: 100)
        for i in 1...Int(length) {
            let s = Double(i) * step
            let p = bend.alongLength ? surface.point(u: 100, v: s) : surface.point(u: s, v: 100)
            total += (p - previous).length
            previous = p
        }
        #expect(abs(total - length) < 0.2, "arc length \(total) for a \(length) mm page")
        // The curl lifts the ends toward the camera (negative z).
        let end = bend.alongLength ? surface.point(u: 100, v: 297) : surface.point(u: 210, v: 100)
        #expect(end.z < -1)
    }

    /// The scene sampler sets the bend after creating the surface: the curl must still happen.
    @Test func bendSetAfterCreationBendsThePage() {
        var surface = PageSurface(widthMM: 210, heightMM: 297)
        surface.bend = PageSurface.Bend(alongLength: false, segments: [(0, -1 / 120.0)])
        let middle = surface.point(u: 105, v: 100), edge = surface.point(u: 0, v: 100)
        #expect(middle.z - edge.z > 30, "sagitta \(middle.z - edge.z) mm for a 120 mm radius over 210 mm")
    }

    @Test func foldTurnsTheOuterPartAboutTheCrease() {
        let surface = PageSurface(widthMM: 200, heightMM: 300, folds: [.init(u: 100, v: 150, du: 0, dv: 1, degrees: 30)])
        // Points on the crease and on the centre's side stay put.
        let onCrease = surface.point(u: 100, v: 40)
        #expect(abs(onCrease.x) < 1e-9 && abs(onCrease.z) < 1e-9)
        #expect(surface.point(u: 50, v: 10).z == 0)
        // A point 100 mm beyond the crease rises by 100·sin 30° toward the camera and stays 100 mm away.
        let far = surface.point(u: 200, v: 150)
        #expect(abs(far.z - -50) < 1e-6)
        #expect(abs((far - onCrease).length - (Vector3(100, 110, 0)).length) < 1e-6)
    }

    @Test func meshRasterizerGivesExactDepthForAFrontalPage() {
        // A flat page 500 mm straight ahead fills a known rectangle at a known depth.
        let camera = CameraIntrinsics(fx: 500, fy: 500, cx: 99.5, cy: 99.5, width: 200, height: 200)
        var rng = SeededRandom(seed: 1)
        let scene = Scene(shape: .flat, surface: PageSurface(widthMM: 100, heightMM: 100), rotation: .identity,
                          translation: Vector3(0, 0, 500), camera: camera, tableZ: 0.2, table: .random(&rng),
                          light: Vector3(0, -500, 0), tiltX: 0, tiltY: 0, inPlane: 0, held: false)
        var zbuffer = [Float](repeating: .infinity, count: 200 * 200)
        var hits = 0
        var worstUV = 0.0
        MeshRasterizer(scene: scene, camera: camera).rasterize(width: 200, height: 200, zbuffer: &zbuffer) { f in
            hits += 1
            // Pixel x maps to page u = (x − cx)·Z/fx + 50.
            let u = (Double(f.x) - 99.5) * 500 / 500 + 50, v = (Double(f.y) - 99.5) * 500 / 500 + 50
            worstUV = max(worstUV, abs(f.u - u), abs(f.v - v))
        }
        // The page spans 100 px (100 mm at 1 px/mm): pixel centres 50…149 in each direction.
        #expect(hits == 100 * 100)
        #expect(worstUV < 1e-6)
        let covered = zbuffer.filter { $0.isFinite }
        #expect(covered.allSatisfy { abs($0 - 500) < 1e-3 })
    }
}

import Imaging
