import Documents
import Entries
import Foundation
import Imaging

/// Draws a scene for a page: its shape, its pose, a phone-like camera framing it, the table and
/// the light. Parameter ranges follow what people do when they photograph a menu or a receipt.
struct SceneSampler {
    /// Long side of the photo in pixels; the short side follows the 4:3 aspect of phone cameras.
    var photoWidth: Int
    var photoHeight: Int
    /// Largest tilt for perspective shots, degrees.
    var maxTilt: Double = 40
    /// Largest in-plane rotation, degrees (90° turns aside).
    var maxRotation: Double = 15
    var turns = true

    func make(shape: PageShape, kind: DocumentKind, widthMM w: Double, heightMM h: Double, _ rng: inout SeededRandom) -> Scene {
        var surface = PageSurface(widthMM: w, heightMM: h)
        var held = false
        switch shape {
        case .flat, .perspective: break
        case .curl:
            if kind == .receipt {
                let ends = rng.chance(0.5)
                surface.bend = ends
                    ? .init(alongLength: true, segments: [(0, -1 / rng.uniform(40, 110)), (h * rng.uniform(0.15, 0.3), 0),
                                                          (h * rng.uniform(0.7, 0.85), -1 / rng.uniform(40, 110))])
                    : .init(alongLength: true, segments: [(0, -1 / rng.uniform(90, 260))])
            } else {
                switch rng.int(0...2) {
                case 0:
                    // A menu held open: the page bows across its width.
                    let radius = rng.uniform(160, 480) * (rng.chance(0.7) ? -1 : 1)
                    surface.bend = .init(alongLength: false, segments: [(0, 1 / radius)])
                    held = rng.chance(0.6)
                case 1:
                    // One edge lifting off the table.
                    let start = w * rng.uniform(0.55, 0.8)
                    let left = rng.chance(0.5)
                    surface.bend = .init(alongLength: false, segments: left
                        ? [(0, -1 / rng.uniform(45, 140)), (w - start, 0)]
                        : [(0, 0), (start, -1 / rng.uniform(45, 140))])
                default:
                    // Both edges curling up (a page that was rolled).
                    let a = w * rng.uniform(0.2, 0.35), b = w * rng.uniform(0.65, 0.8)
                    surface.bend = .init(alongLength: false, segments: [(0, -1 / rng.uniform(60, 160)), (a, 0), (b, -1 / rng.uniform(60, 160))])
                }
            }
        case .wrinkle:
            var ridges: [(nu: Double, nv: Double, offset: Double, amplitude: Double, width: Double)] = []
            for _ in 0..<rng.int(5...14) {
                let angle = rng.uniform(0, .pi)
                let nu = cos(angle), nv = sin(angle)
                let cu = rng.uniform(0, w), cv = rng.uniform(0, h)
                ridges.append((nu, nv, nu * cu + nv * cv, rng.uniform(-3.2, 3.2), rng.uniform(4, 26)))
            }
            var waves: [(ku: Double, kv: Double, phase: Double, amplitude: Double)] = []
            for _ in 0..<rng.int(2...3) {
                let angle = rng.uniform(0, .pi), wavelength = rng.uniform(60, 220)
                waves.append((cos(angle) * 2 * .pi / wavelength, sin(angle) * 2 * .pi / wavelength, rng.uniform(0, 2 * .pi),
                               rng.uniform(0.5, 3)))
            }
            surface.wrinkles = .init(ridges: ridges, waves: waves)
            if rng.chance(0.3) { surface.bend = .init(alongLength: kind == .receipt, segments: [(0, -1 / rng.uniform(250, 600))]) }
        case .fold:
            if kind == .receipt {
                let count = rng.int(1...2)
                for i in 0..<count {
                    let v = h * (count == 1 ? rng.uniform(0.35, 0.65) : (i == 0 ? rng.uniform(0.2, 0.35) : rng.uniform(0.65, 0.8)))
                    surface.folds.append(.init(u: w / 2, v: v, du: 1, dv: rng.uniform(-0.08, 0.08), degrees: rng.uniform(8, 28)))
                }
            } else if rng.chance(0.5) {
                // Bifold opened: the crease near the middle; the outer half rises.
                let vertical = rng.chance(0.6)
                let at = rng.uniform(0.47, 0.53)
                surface.folds.append(vertical
                    ? .init(u: w * at, v: h / 2, du: rng.uniform(-0.03, 0.03), dv: 1, degrees: rng.uniform(8, 30))
                    : .init(u: w / 2, v: h * at, du: 1, dv: rng.uniform(-0.03, 0.03), degrees: rng.uniform(8, 30)))
            } else {
                // Letter fold in thirds: both outer thirds rise.
                surface.folds.append(.init(u: w / 2, v: h / 3, du: 1, dv: rng.uniform(-0.02, 0.02), degrees: rng.uniform(6, 24)))
                surface.folds.append(.init(u: w / 2, v: 2 * h / 3, du: 1, dv: rng.uniform(-0.02, 0.02), degrees: rng.uniform(6, 24)))
            }
            if rng.chance(0.35) {
                surface.wrinkles = .init(ridges: [], waves: [(2 * .pi / rng.uniform(80, 200), 2 * .pi / rng.uniform(80, 200),
                                                              rng.uniform(0, 6.28), rng.uniform(0.3, 1.2))])
            }
        }

        // Pose.
        var tiltX = 0.0, tiltY = 0.0, inPlane = 0.0, turn = 0.0
        switch shape {
        case .flat:
            let tilt = min(3, maxTilt), spin = min(4, maxRotation)
            tiltX = rng.uniform(-tilt, tilt); tiltY = rng.uniform(-tilt, tilt); inPlane = rng.uniform(-spin, spin)
        case .perspective:
            let magnitude = rng.uniform(min(10, maxTilt), maxTilt), direction = rng.uniform(0, 2 * .pi)
            tiltX = magnitude * cos(direction); tiltY = magnitude * sin(direction)
            inPlane = rng.uniform(-maxRotation, maxRotation)
            turn = rng.pick(weighted: [(0.0, 7.0), (90.0, 1.5), (-90.0, 1.5), (180.0, 0.5)])
            if !turns { turn = 0 }
        default:
            let magnitude = rng.uniform(0, min(25, maxTilt)), direction = rng.uniform(0, 2 * .pi)
            tiltX = magnitude * cos(direction); tiltY = magnitude * sin(direction)
            inPlane = rng.uniform(-min(10, maxRotation), min(10, maxRotation))
            turn = rng.pick(weighted: [(0.0, 9.0), (90.0, 0.5), (-90.0, 0.5)])
            if !turns { turn = 0 }
        }
        let rotation = Rotation.aboutZ(degrees: inPlane + turn) * Rotation.aboutX(degrees: tiltX) * Rotation.aboutY(degrees: tiltY)

        // Camera: the photo is landscape when the page was turned on its side.
        let landscape = abs(turn) == 90
        let long = max(photoWidth, photoHeight), short = min(photoWidth, photoHeight)
        let width = landscape ? long : short, height = landscape ? short : long
        let focal = Double(long) * rng.uniform(0.72, 0.84)
        var camera = CameraIntrinsics(fx: focal, fy: focal, cx: Double(width - 1) / 2 + rng.uniform(-0.01, 0.01) * Double(width),
                                      cy: Double(height - 1) / 2 + rng.uniform(-0.01, 0.01) * Double(height), width: width, height: height)
        camera.fx = (camera.fx * 100).rounded() / 100
        camera.fy = camera.fx
        camera.cx = (camera.cx * 100).rounded() / 100
        camera.cy = (camera.cy * 100).rounded() / 100

        // Table: just behind the page's deepest point, or well below a held page.
        var deepest = -Double.infinity
        for i in 0...20 {
            for j in 0...20 { deepest = max(deepest, surface.point(u: w * Double(i) / 20, v: h * Double(j) / 20).z) }
        }
        let tableZ = deepest + (held ? rng.uniform(150, 450) : 0.2)

        var scene = Scene(shape: shape, surface: surface, rotation: rotation, translation: Vector3(0, 0, 400), camera: camera,
                          tableZ: tableZ, table: TableTexture.random(&rng), light: Vector3(0, -800, 0), tiltX: tiltX, tiltY: tiltY,
                          inPlane: inPlane + turn, held: held)
        frame(&scene, fill: shape == .flat ? rng.uniform(0.72, 0.92) : rng.uniform(0.62, 0.88), &rng)

        // The light sits where a chosen page point mirrors it into the lens, so glare (when the
        // effects ask for it) lands on the page; it also gives the page its shading gradient.
        let gu = rng.uniform(0.1, 0.9) * w, gv = rng.uniform(0.1, 0.9) * h
        let p = scene.toCamera(surface.point(u: gu, v: gv))
        let du = scene.toCamera(surface.point(u: min(w, gu + 1), v: gv)) - p
        let dv = scene.toCamera(surface.point(u: gu, v: min(h, gv + 1))) - p
        var n = dv.cross(du).normalized
        let view = (-p).normalized
        if n.dot(view) < 0 { n = -n }
        let reflected = n * (2 * n.dot(view)) - view
        scene.light = p + reflected * rng.uniform(600, 1600)
        return scene
    }

    /// Sets the distance and offset so the page fills `fill` of the frame (less for a small page, which
    /// stays at least 12 cm away), placed at random within it.
    private func frame(_ scene: inout Scene, fill: Double, _ rng: inout SeededRandom) {
        let width = Double(scene.camera.width), height = Double(scene.camera.height)
        func bounds() -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
            var b = (minX: Double.infinity, maxX: -Double.infinity, minY: Double.infinity, maxY: -Double.infinity)
            for p in scene.outline() {
                let q = Scene.project(p, scene.camera)
                b.minX = min(b.minX, q.x); b.maxX = max(b.maxX, q.x); b.minY = min(b.minY, q.y); b.maxY = max(b.maxY, q.y)
            }
            return b
        }
        for _ in 0..<6 {
            let b = bounds()
            let scale = max((b.maxX - b.minX) / (fill * width), (b.maxY - b.minY) / (fill * height))
            scene.translation.z *= scale
        }
        // Phones focus no closer than about 12 cm (with macro switching): small receipts get more table.
        scene.translation.z = max(scene.translation.z, 120)
        let placeX = rng.unit(), placeY = rng.unit()
        let marginX = 0.02 * width, marginY = 0.02 * height
        // Moving the page sideways changes its perspective size a little: place, check, and step
        // back until the whole page is inside the frame.
        for _ in 0..<20 {
            let b0 = bounds()
            let slackX = max(0, width - (b0.maxX - b0.minX)), slackY = max(0, height - (b0.maxY - b0.minY))
            let targetX = marginX + placeX * max(0, slackX - 2 * marginX)
            let targetY = marginY + placeY * max(0, slackY - 2 * marginY)
            for _ in 0..<4 {
                let b = bounds()
                scene.translation.x += (targetX - b.minX) * scene.translation.z / scene.camera.fx
                scene.translation.y += (targetY - b.minY) * scene.translation.z / scene.camera.fy
            }
            let b = bounds()
            if b.minX >= 1 && b.minY >= 1 && b.maxX <= width - 2 && b.maxY <= height - 2 { break }
            scene.translation.z *= 1.04
        }
    }
}
