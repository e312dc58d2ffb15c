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

        texture.withView { texture in
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
        }

        // The table (or, where a ray misses it, a dim far wall).
        let tableNormal = scene.rotation.apply(Vector3(0, 0, 1))
        let tablePoint = scene.toCamera(Vector3(0, 0, scene.tableZ))
        let planeOffset = tableNormal.dot(tablePoint)
        let inverse = scene.rotation.transposed
        let table = scene.table
        let facing = -tableNormal
        func tableColour(_ x: Int, _ y: Int) -> (Float, Float, Float) {
            let ray = Vector3((Double(x) - cx) / fx, (Double(y) - cy) / fy, 1)
            let denominator = tableNormal.dot(ray)
            guard abs(denominator) > 1e-9, planeOffset / denominator > 0 else { return (0.12, 0.11, 0.1) }
            let p = ray * (planeOffset / denominator)
            let q = inverse.apply(p - scene.translation)
            let albedo = table.colour(x: q.x, y: q.y)
            let l = (light - p).normalized
            let irradiance = Float(ambient + diffuse * max(0, facing.dot(l)))
            return (albedo.0 * lc.0 * irradiance, albedo.1 * lc.1 * irradiance, albedo.2 * lc.2 * irradiance)
        }
        // The table's texture is smooth at pixel scale: shade it on a 2-pixel grid and interpolate.
        let gw = width / 2 + 2, gh = height / 2 + 2
        var grid = [Float](repeating: 0, count: gw * gh * 3)
        var needed = [Bool](repeating: false, count: gw * gh)
        for y in 0..<height {
            for x in 0..<width where onPage[y * width + x] == 0 {
                let gx = x / 2, gy = y / 2
                needed[gy * gw + gx] = true; needed[gy * gw + gx + 1] = true
                needed[(gy + 1) * gw + gx] = true; needed[(gy + 1) * gw + gx + 1] = true
            }
        }
        for gy in 0..<gh {
            for gx in 0..<gw where needed[gy * gw + gx] {
                let c = tableColour(gx * 2, gy * 2), i = (gy * gw + gx) * 3
                grid[i] = c.0; grid[i + 1] = c.1; grid[i + 2] = c.2
            }
        }
        rgb.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let gy = y / 2, fy: Float = (y & 1) == 0 ? 0 : 0.5
                for x in 0..<width where onPage[y * width + x] == 0 {
                    let gx = x / 2, fx: Float = (x & 1) == 0 ? 0 : 0.5
                    let a = (gy * gw + gx) * 3, b = a + 3, c = a + gw * 3, d = c + 3
                    let i = (y * width + x) * 3
                    for k in 0..<3 {
                        let top = grid[a + k] + (grid[b + k] - grid[a + k]) * fx
                        let bottom = grid[c + k] + (grid[d + k] - grid[c + k]) * fx
                        out[i + k] = top + (bottom - top) * fy
                    }
                }
            }
        }
        antialiasOutline(&rgb, onPage: onPage, width: width, height: height, outline: mesh.outline, table: tableColour)
        return Exposure(width: width, height: height, rgb: rgb, onPage: onPage)
    }

    /// Pixel centres decide page or table, which leaves a staircase along the page's edge. Pixels on
    /// the edge get the share of their area the page covers (from the distance to the projected
    /// outline) and blend page and table colours by it, as a lens integrating over the pixel would.
    func antialiasOutline(_ rgb: inout [Float], onPage: [UInt8], width: Int, height: Int, outline: [(x: Double, y: Double)],
                          table: (Int, Int) -> (Float, Float, Float)) {
        // Segments bucketed on a coarse grid, so each edge pixel looks at a few nearby segments only.
        let cell = 16
        let gw = width / cell + 1, gh = height / cell + 1
        var buckets = [[Int]](repeating: [], count: gw * gh)
        let n = outline.count
        for k in 0..<n {
            let a = outline[k], b = outline[(k + 1) % n]
            let x0 = max(0, Int((min(a.x, b.x) - 2) / Double(cell))), x1 = min(gw - 1, Int((max(a.x, b.x) + 2) / Double(cell)))
            let y0 = max(0, Int((min(a.y, b.y) - 2) / Double(cell))), y1 = min(gh - 1, Int((max(a.y, b.y) + 2) / Double(cell)))
            guard x0 <= x1, y0 <= y1 else { continue }
            for gy in y0...y1 { for gx in x0...x1 { buckets[gy * gw + gx].append(k) } }
        }
        // Edge pixels: page and table among the 4-neighbours.
        var edges: [Int] = []
        onPage.withUnsafeBufferPointer { m in
            for y in 0..<height {
                let row = y * width
                for x in 0..<width {
                    let v = m[row + x]
                    if (x > 0 && m[row + x - 1] != v) || (x + 1 < width && m[row + x + 1] != v)
                        || (y > 0 && m[row + x - width] != v) || (y + 1 < height && m[row + x + width] != v) {
                        edges.append(row + x)
                    }
                }
            }
        }
        var original: [Int: (Float, Float, Float)] = [:]
        for index in edges {
            for other in [index, index - 1, index + 1, index - width, index + width] where other >= 0 && other < width * height {
                original[other] = (rgb[other * 3], rgb[other * 3 + 1], rgb[other * 3 + 2])
            }
        }
        for index in edges {
            let x = index % width, y = index / width
            let inside = onPage[index] != 0
            var pageNeighbours: [Int] = []
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let nx = x + dx, ny = y + dy
                guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                if onPage[ny * width + nx] != 0 { pageNeighbours.append(ny * width + nx) }
            }
            var distance = Double.infinity
            for k in buckets[(y / cell) * gw + x / cell] {
                let a = outline[k], b = outline[(k + 1) % n]
                let abx = b.x - a.x, aby = b.y - a.y
                let length2 = abx * abx + aby * aby
                let t = length2 > 0 ? max(0, min(1, ((Double(x) - a.x) * abx + (Double(y) - a.y) * aby) / length2)) : 0
                let dx = Double(x) - (a.x + t * abx), dy = Double(y) - (a.y + t * aby)
                distance = min(distance, (dx * dx + dy * dy).squareRoot())
            }
            // Where the page overlaps itself the "edge" is inside the page: leave it.
            guard distance < 1.5 else { continue }
            let coverage = Float(max(0, min(1, inside ? 0.5 + distance : 0.5 - distance)))
            let i = index * 3
            let own = original[index] ?? (rgb[i], rgb[i + 1], rgb[i + 2])
            var page: (Float, Float, Float), background: (Float, Float, Float)
            if inside {
                page = own
                background = table(x, y)
            } else {
                guard !pageNeighbours.isEmpty else { continue }
                page = (0, 0, 0)
                for p in pageNeighbours {
                    let c = original[p] ?? (rgb[p * 3], rgb[p * 3 + 1], rgb[p * 3 + 2])
                    page.0 += c.0; page.1 += c.1; page.2 += c.2
                }
                let w = 1 / Float(pageNeighbours.count)
                page = (page.0 * w, page.1 * w, page.2 * w)
                background = own
            }
            rgb[i] = page.0 * coverage + background.0 * (1 - coverage)
            rgb[i + 1] = page.1 * coverage + background.1 * (1 - coverage)
            rgb[i + 2] = page.2 * coverage + background.2 * (1 - coverage)
        }
    }

    /// Fall-off across the frame, vignetting, the shadow and exposure, as one multiplicative field.
    func applyLighting(_ e: inout Exposure) {
        let width = e.width, height = e.height
        let long = Double(max(width, height))
        let gx = cos(effects.gradientAngle), gy = sin(effects.gradientAngle)
        let shadow = effects.shadow
        let sc = cos(shadow?.angle ?? 0), ss = sin(shadow?.angle ?? 0)
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
                        let c = sc, sn = ss
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
