import Imaging

/// Ray casting of the page against a fine triangle mesh of its surface. For every pixel centre a
/// triangle covers, the ray through it meets the triangle's plane at the depth that the
/// perspective-correct interpolation of 1/z gives, exactly; page coordinates and normals follow with
/// the same weights, and their differences to the neighbouring pixels' rays give the texture footprint.
/// A z-buffer keeps the nearest hit where the page overlaps itself.
struct MeshRasterizer {
    let columns: Int, rows: Int
    var sx: [Double], sy: [Double], iz: [Double]
    var u: [Double], v: [Double]
    var normals: [Vector3]

    /// Tessellates the page every `step` millimetres (a 2 mm grid keeps a 40 mm curl radius within
    /// 0.02 mm of the true surface) and projects it with `camera`.
    init(scene: Scene, camera: CameraIntrinsics, step: Double = 2) {
        let w = scene.surface.widthMM, h = scene.surface.heightMM
        columns = Int((w / step).rounded(.up)) + 1
        rows = Int((h / step).rounded(.up)) + 1
        let count = columns * rows
        var positions = [Vector3](repeating: .zero, count: count)
        u = [Double](repeating: 0, count: count); v = u
        for j in 0..<rows {
            for i in 0..<columns {
                let pu = min(w, Double(i) * step), pv = min(h, Double(j) * step)
                let k = j * columns + i
                u[k] = pu; v[k] = pv
                positions[k] = scene.toCamera(scene.surface.point(u: pu, v: pv))
            }
        }
        sx = [Double](repeating: 0, count: count); sy = sx; iz = sx
        normals = [Vector3](repeating: .zero, count: count)
        for j in 0..<rows {
            for i in 0..<columns {
                let k = j * columns + i
                let p = positions[k]
                iz[k] = p.z > 1 ? 1 / p.z : 0
                sx[k] = camera.fx * p.x / p.z + camera.cx
                sy[k] = camera.fy * p.y / p.z + camera.cy
                let left = positions[j * columns + max(0, i - 1)], right = positions[j * columns + min(columns - 1, i + 1)]
                let up = positions[max(0, j - 1) * columns + i], down = positions[min(rows - 1, j + 1) * columns + i]
                // Front of the page (the printed side) faces the camera: (down − up) × (right − left) points at it.
                normals[k] = (down - up).cross(right - left).normalized
            }
        }
    }

    /// The page outline in pixels: top edge, right edge, bottom edge, left edge, as one closed loop.
    var outline: [(x: Double, y: Double)] {
        var loop: [Int] = []
        for i in 0..<columns { loop.append(i) }
        for j in 1..<rows { loop.append(j * columns + columns - 1) }
        for i in stride(from: columns - 2, through: 0, by: -1) { loop.append((rows - 1) * columns + i) }
        for j in stride(from: rows - 2, through: 1, by: -1) { loop.append(j * columns) }
        return loop.map { (sx[$0], sy[$0]) }
    }

    /// Calls `shade` for every pixel whose nearest hit is on the page, in triangle order; `zbuffer`
    /// (size width × height, initialised to +∞ by the caller) ends up holding the page's depth.
    func rasterize(width: Int, height: Int, zbuffer: inout [Float], _ shade: (Fragment) -> Void) {
        zbuffer.withUnsafeMutableBufferPointer { zb in
            for j in 0..<(rows - 1) {
                for i in 0..<(columns - 1) {
                    let a = j * columns + i, b = a + 1, c = a + columns + 1, d = a + columns
                    triangle(a, b, c, width, height, zb, shade)
                    triangle(a, c, d, width, height, zb, shade)
                }
            }
        }
    }

    @inline(__always)
    private func triangle(_ a: Int, _ b: Int, _ c: Int, _ width: Int, _ height: Int, _ zb: UnsafeMutableBufferPointer<Float>,
                          _ shade: (Fragment) -> Void) {
        guard iz[a] > 0, iz[b] > 0, iz[c] > 0 else { return }
        let ax = sx[a], ay = sy[a], bx = sx[b], by = sy[b], cx = sx[c], cy = sy[c]
        let area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        guard abs(area) > 1e-12 else { return }
        let minX = max(0, Int(min(ax, bx, cx).rounded(.up))), maxX = min(width - 1, Int(max(ax, bx, cx).rounded(.down)))
        let minY = max(0, Int(min(ay, by, cy).rounded(.up))), maxY = min(height - 1, Int(max(ay, by, cy).rounded(.down)))
        guard minX <= maxX, minY <= maxY else { return }
        // Barycentric weights as affine functions of the pixel position: λ = l0 + lx·x + ly·y.
        let inv = 1 / area
        let la = ((bx * cy - cx * by) * inv, (by - cy) * inv, (cx - bx) * inv)
        let lb = ((cx * ay - ax * cy) * inv, (cy - ay) * inv, (ax - cx) * inv)
        let lc = ((ax * by - bx * ay) * inv, (ay - by) * inv, (bx - ax) * inv)
        func plane(_ qa: Double, _ qb: Double, _ qc: Double) -> (Double, Double, Double) {
            (la.0 * qa + lb.0 * qb + lc.0 * qc, la.1 * qa + lb.1 * qb + lc.1 * qc, la.2 * qa + lb.2 * qb + lc.2 * qc)
        }
        let pz = plane(iz[a], iz[b], iz[c])
        let pu = plane(u[a] * iz[a], u[b] * iz[b], u[c] * iz[c])
        let pv = plane(v[a] * iz[a], v[b] * iz[b], v[c] * iz[c])
        let na = normals[a] * iz[a], nb = normals[b] * iz[b], nc = normals[c] * iz[c]
        let pnx = plane(na.x, nb.x, nc.x), pny = plane(na.y, nb.y, nc.y), pnz = plane(na.z, nb.z, nc.z)
        let epsilon = -1e-9
        for y in minY...maxY {
            let fy = Double(y)
            for x in minX...maxX {
                let fx = Double(x)
                let wa = la.0 + la.1 * fx + la.2 * fy, wb = lb.0 + lb.1 * fx + lb.2 * fy, wc = 1 - wa - wb
                guard wa >= epsilon, wb >= epsilon, wc >= epsilon else { continue }
                let q = pz.0 + pz.1 * fx + pz.2 * fy
                guard q > 0 else { continue }
                let z = 1 / q
                let index = y * width + x
                guard Float(z) < zb[index] else { continue }
                zb[index] = Float(z)
                let un = pu.0 + pu.1 * fx + pu.2 * fy, vn = pv.0 + pv.1 * fx + pv.2 * fy
                let pu0 = un * z, pv0 = vn * z
                let zx = 1 / (q + pz.1), zy = 1 / (q + pz.2)
                let fragment = Fragment(
                    x: x, y: y, z: z, u: pu0, v: pv0,
                    dudx: (un + pu.1) * zx - pu0, dvdx: (vn + pv.1) * zx - pv0,
                    dudy: (un + pu.2) * zy - pu0, dvdy: (vn + pv.2) * zy - pv0,
                    normal: Vector3(pnx.0 + pnx.1 * fx + pnx.2 * fy, pny.0 + pny.1 * fx + pny.2 * fy, pnz.0 + pnz.1 * fx + pnz.2 * fy))
                shade(fragment)
            }
        }
    }
}
