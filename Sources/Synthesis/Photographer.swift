import Foundation
import Imaging

/// Renders the scene as a phone photo: ray-cast page and table, lit by one light with ambient
/// fill, then the frame-wide effects (light fall-off, shadow, blur, sensor noise). JPEG comes last,
/// when the photo is written.
struct Photographer {
    let scene: Scene
    let effects: PhotoEffects

    /// RGB floats (0…1 nominal) of the lit scene, plus the page mask and the camera-axis depth.
    struct Exposure {
        var width: Int
        var height: Int
        var rgb: [Float]
        var onPage: [UInt8]
    }

    func photograph(texture: MipTexture, paper: RGB, _ rng: inout SeededRandom) -> Raster {
        var exposure = render(texture: texture, paper: paper)
        applyLighting(&exposure)
        autoExpose(&exposure)
        if effects.motion >= 1 { motionBlur(&exposure) }
        if effects.blur > 0.05 { ImageFilters.gaussianBlur(&exposure.rgb, width: exposure.width, height: exposure.height, channels: 3, sigma: effects.blur) }
        return ImageFilters.quantize(exposure.rgb, width: exposure.width, height: exposure.height, noise: effects.noise, &rng)
    }

    func render(texture: MipTexture, paper: RGB) -> Exposure {
        let camera = scene.camera
        let width = camera.width, height = camera.height
        var rgb = [Float](repeating: 0, count: width * height * 3)
        var onPage = [UInt8](repeating: 0, count: width * height)
        var zbuffer = [Float](repeating: .infinity, count: width * height)
        let mesh = MeshRasterizer(scene: scene, camera: camera)
        let light = scene.light
        let lc = (Float(effects.lightColour.r), Float(effects.lightColour.g), Float(effects.lightColour.b))
        let ambient = effects.ambient, diffuse = effects.diffuse, glare = effects.glare, shininess = effects.shininess
        let back = (Float(paper.r * 0.93), Float(paper.g * 0.93), Float(paper.b * 0.92))
        let fx = camera.fx, fy = camera.fy, cx = camera.cx, cy = camera.cy

        rgb.withUnsafeMutableBufferPointer { out in
            onPage.withUnsafeMutableBufferPointer { mask in
                mesh.rasterize(width: width, height: height, zbuffer: &zbuffer) { f in
                    let p = Vector3((Double(f.x) - cx) / fx * f.z, (Double(f.y) - cy) / fy * f.z, f.z)
                    let view = (-p).normalized
                    var n = f.normal.normalized
                    let front = n.dot(view) >= 0
                    if !front { n = -n }
                    let albedo = front ? texture.sample(u: f.u, v: f.v, dudx: f.dudx, dvdx: f.dvdx, dudy: f.dudy, dvdy: f.dvdy) : back
                    let l = (light - p).normalized
                    let irradiance = Float(ambient + diffuse * max(0, n.dot(l)))
                    var specular: Float = 0
                    if glare > 0 {
                        let h = (l + view).normalized
                        specular = Float(glare * pow(max(0, n.dot(h)), shininess))
                    }
                    let i = (f.y * width + f.x) * 3
                    out[i] = albedo.0 * lc.0 * irradiance + specular * lc.0
                    out[i + 1] = albedo.1 * lc.1 * irradiance + specular * lc.1
                    out[i + 2] = albedo.2 * lc.2 * irradiance + specular * lc.2
                    mask[f.y * width + f.x] = 1
                }
            }
        }

        // The table (or, where a ray misses it, a dim far wall).
        let tableNormal = scene.rotation.apply(Vector3(0, 0, 1))
        let tablePoint = scene.toCamera(Vector3(0, 0, scene.tableZ))
        let planeOffset = tableNormal.dot(tablePoint)
        let inverse = scene.rotation.transposed
        let table = scene.table
        let facing = -tableNormal
        rgb.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let ry = (Double(y) - cy) / fy
                for x in 0..<width where onPage[y * width + x] == 0 {
                    let ray = Vector3((Double(x) - cx) / fx, ry, 1)
                    let denominator = tableNormal.dot(ray)
                    let i = (y * width + x) * 3
                    guard abs(denominator) > 1e-9, planeOffset / denominator > 0 else {
                        out[i] = 0.12; out[i + 1] = 0.11; out[i + 2] = 0.1
                        continue
                    }
                    let t = planeOffset / denominator
                    let p = ray * t
                    let q = inverse.apply(p - scene.translation)
                    let albedo = table.colour(x: q.x, y: q.y)
                    let l = (light - p).normalized
                    let irradiance = Float(ambient + diffuse * max(0, facing.dot(l)))
                    out[i] = albedo.0 * lc.0 * irradiance
                    out[i + 1] = albedo.1 * lc.1 * irradiance
                    out[i + 2] = albedo.2 * lc.2 * irradiance
                }
            }
        }
        return Exposure(width: width, height: height, rgb: rgb, onPage: onPage)
    }

    /// Fall-off across the frame, vignetting, the shadow and exposure, as one multiplicative field.
    func applyLighting(_ e: inout Exposure) {
        let width = e.width, height = e.height
        let long = Double(max(width, height))
        let gx = cos(effects.gradientAngle), gy = sin(effects.gradientAngle)
        let shadow = effects.shadow
        e.rgb.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let ny = Double(y) / Double(height) - 0.5
                for x in 0..<width {
                    let nx = Double(x) / Double(width) - 0.5
                    var factor = 1.0
                    factor *= 1 - effects.gradient * (0.5 + (nx * gx + ny * gy))
                    factor *= 1 - effects.vignette * (nx * nx + ny * ny) * 2
                    if let s = shadow {
                        let px = Double(x) / long, py = Double(y) / long
                        let sx = s.cx * Double(width) / long, sy = s.cy * Double(height) / long
                        let dx = px - sx, dy = py - sy
                        let c = cos(s.angle), sn = sin(s.angle)
                        let distance: Double
                        if s.elliptical {
                            let a = (dx * c + dy * sn) / s.radiusX, b = (-dx * sn + dy * c) / s.radiusY
                            distance = ((a * a + b * b).squareRoot() - 1) * min(s.radiusX, s.radiusY)
                        } else {
                            distance = dx * c + dy * sn
                        }
                        let t = max(0, min(1, (distance + s.penumbra) / (2 * s.penumbra)))
                        let inside = 1 - t * t * (3 - 2 * t)
                        factor *= 1 - s.darkness * inside
                    }
                    let f = Float(factor)
                    let i = (y * width + x) * 3
                    out[i] *= f; out[i + 1] *= f; out[i + 2] *= f
                }
            }
        }
    }

    /// Phones expose for the subject: scale so the page's paper (its 75th percentile: text and glare aside)
    /// lands near 86 % white, varied by the effects' exposure error.
    func autoExpose(_ e: inout Exposure) {
        var samples: [Float] = []
        samples.reserveCapacity(e.width * e.height / 7 + 1)
        var p = 0
        while p < e.width * e.height {
            if e.onPage[p] != 0 {
                let i = p * 3
                samples.append(0.299 * e.rgb[i] + 0.587 * e.rgb[i + 1] + 0.114 * e.rgb[i + 2])
            }
            p += 7
        }
        guard samples.count > 100 else { return }
        samples.sort()
        let bright = samples[Int(Double(samples.count - 1) * 0.75)]
        guard bright > 0 else { return }
        let gain = max(0.5, min(3, Float(0.86 * effects.exposure) / bright))
        e.rgb.withUnsafeMutableBufferPointer { out in
            for i in 0..<out.count { out[i] *= gain }
        }
    }

    /// Hand shake: a box filter along the nearer of the two frame axes.
    func motionBlur(_ e: inout Exposure) {
        let length = max(1, Int(effects.motion.rounded()))
        let horizontal = abs(cos(effects.motionAngle)) >= abs(sin(effects.motionAngle))
        ImageFilters.boxBlur(&e.rgb, width: e.width, height: e.height, channels: 3, length: length, horizontal: horizontal)
    }
}
