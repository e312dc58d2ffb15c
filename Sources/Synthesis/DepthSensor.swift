import Foundation
import Imaging

/// A phone depth sensor (LiDAR / time of flight): the same scene ray-cast at the sensor's
/// resolution with the photo's intrinsics scaled to it, so depth pixel centres line up with the
/// photo's (`CameraIntrinsics.scaled`). Noise grows with the square of distance; holes appear at
/// depth edges, on specular glare and at random dropouts, as on real sensors.
struct DepthSensor {
    /// Size in the photo's orientation.
    var width: Int
    var height: Int
    /// 0: exact depth (only rounded to whole millimetres when written); 1: typical phone LiDAR.
    var noise: Double

    func capture(_ scene: Scene, effects: PhotoEffects, _ rng: inout SeededRandom) -> (DepthMap, CameraIntrinsics) {
        let camera = scene.camera.scaled(toWidth: width, height: height)
        var zbuffer = [Float](repeating: .infinity, count: width * height)
        var specular = [Float](repeating: 0, count: width * height)
        let mesh = MeshRasterizer(scene: scene, camera: camera)
        let light = scene.light
        let fx = camera.fx, fy = camera.fy, cx = camera.cx, cy = camera.cy
        specular.withUnsafeMutableBufferPointer { spec in
            mesh.rasterize(width: width, height: height, zbuffer: &zbuffer) { f in
                guard effects.glare > 0 else { return }
                let p = Vector3((Double(f.x) - cx) / fx * f.z, (Double(f.y) - cy) / fy * f.z, f.z)
                let view = (-p).normalized
                var n = f.normal.normalized
                if n.dot(view) < 0 { n = -n }
                let h = ((light - p).normalized + view).normalized
                spec[f.y * width + f.x] = Float(effects.glare * pow(max(0, n.dot(h)), effects.shininess))
            }
        }
        // The table plane where the page is not.
        let normal = scene.rotation.apply(Vector3(0, 0, 1))
        let offset = normal.dot(scene.toCamera(Vector3(0, 0, scene.tableZ)))
        var depth = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                if zbuffer[i].isFinite { depth[i] = zbuffer[i]; continue }
                let ray = Vector3((Double(x) - cx) / fx, (Double(y) - cy) / fy, 1)
                let d = normal.dot(ray)
                guard abs(d) > 1e-9 else { continue }
                let t = offset / d
                if t > 0 && t < 5000 { depth[i] = Float(t) }
            }
        }
        if noise > 0 { degrade(&depth, specular: specular, &rng) }
        return (DepthMap(width: width, height: height, millimetres: depth), camera)
    }

    private func degrade(_ depth: inout [Float], specular: [Float], _ rng: inout SeededRandom) {
        let original = depth
        // Low-frequency bias (multipath, calibration) on a coarse grid, bilinearly spread.
        let gw = 6, gh = 6
        let bias = (0..<(gw * gh)).map { _ in Float(rng.gaussian() * noise * 1.5) }
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                guard original[i] > 0 else { continue }
                // Edges: pixels straddling a depth step mix or drop out (flying pixels).
                var step: Float = 0
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let nx = x + dx, ny = y + dy
                    guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                    let o = original[ny * width + nx]
                    if o > 0 { step = max(step, abs(o - original[i])) }
                }
                if step > 25 {
                    if rng.chance(0.45) { depth[i] = 0; continue }
                    depth[i] = original[i] + Float(rng.uniform(-0.5, 0.5)) * step
                }
                if specular[i] > 0.35 && rng.chance(0.8) { depth[i] = 0; continue }
                let z = Double(depth[i]) / 1000
                let sigma = noise * (0.8 + 3.0 * z * z)
                let gx = Double(x) / Double(max(1, width - 1)) * Double(gw - 1), gy = Double(y) / Double(max(1, height - 1)) * Double(gh - 1)
                let ix = min(gw - 2, Int(gx)), iy = min(gh - 2, Int(gy))
                let fx = Float(gx - Double(ix)), fy = Float(gy - Double(iy))
                let b = (bias[iy * gw + ix] * (1 - fx) + bias[iy * gw + ix + 1] * fx) * (1 - fy)
                    + (bias[(iy + 1) * gw + ix] * (1 - fx) + bias[(iy + 1) * gw + ix + 1] * fx) * fy
                depth[i] += Float(rng.gaussian() * sigma) + b
            }
        }
        // Dropout blobs and scattered missing pixels.
        for _ in 0..<rng.int(1...Int(3 + 4 * noise)) {
            let bx = rng.int(0...(width - 1)), by = rng.int(0...(height - 1))
            let r = rng.uniform(1, Double(max(2, width / 40)))
            let r2 = Int(r.rounded(.up))
            for y in max(0, by - r2)...min(height - 1, by + r2) {
                for x in max(0, bx - r2)...min(width - 1, bx + r2) where Double((x - bx) * (x - bx) + (y - by) * (y - by)) <= r * r {
                    depth[y * width + x] = 0
                }
            }
        }
        for i in 0..<depth.count where rng.chance(0.004 * noise) { depth[i] = 0 }
    }
}
