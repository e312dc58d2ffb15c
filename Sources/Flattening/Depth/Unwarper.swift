import Imaging

/// Resamples the photo into the flattened page. The exact map (page position → 3-D surface →
/// photo pixel) is evaluated only on a coarse mesh of output positions; pixels in between are
/// interpolated linearly from it, which is exact to a small fraction of a pixel because the map is
/// smooth at the mesh's scale, and costs two additions per pixel.
struct Unwarper: Sendable {
    /// Output size in pixels.
    let width: Int
    let height: Int
    /// Output pixels between mesh nodes.
    let spacing: Int
    let columns: Int
    let rows: Int
    /// Photo position of each node (x, y interleaved), in photo pixels.
    var nodes: [Double]

    /// `map` gives the photo position of an output position (pixel centres at integers, in both
    /// images); nil marks positions the camera cannot see.
    init(width: Int, height: Int, spacing: Int, map: (Double, Double) -> (x: Double, y: Double)?) {
        self.width = width
        self.height = height
        self.spacing = max(1, spacing)
        columns = (width - 1) / self.spacing + 2
        rows = (height - 1) / self.spacing + 2
        var nodes = [Double](repeating: .nan, count: columns * rows * 2)
        for j in 0..<rows {
            for i in 0..<columns {
                if let p = map(Double(i * self.spacing), Double(j * self.spacing)), p.x.isFinite, p.y.isFinite {
                    nodes[2 * (j * columns + i)] = p.x
                    nodes[2 * (j * columns + i) + 1] = p.y
                }
            }
        }
        self.nodes = nodes
    }

    /// Photo position of an output position, interpolated from the mesh (NaN where unknown).
    @inline(__always) func photoPosition(x: Double, y: Double) -> (x: Double, y: Double) {
        // Beyond the mesh the nearest cell continues linearly.
        let fx = x / Double(spacing), fy = y / Double(spacing)
        let i = min(max(Int(fx.rounded(.down)), 0), columns - 2), j = min(max(Int(fy.rounded(.down)), 0), rows - 2)
        let ax = fx - Double(i), ay = fy - Double(j)
        @inline(__always) func node(_ a: Int, _ b: Int) -> (Double, Double) { (nodes[2 * (b * columns + a)], nodes[2 * (b * columns + a) + 1]) }
        let p00 = node(i, j), p10 = node(i + 1, j), p01 = node(i, j + 1), p11 = node(i + 1, j + 1)
        let top = (p00.0 + (p10.0 - p00.0) * ax, p00.1 + (p10.1 - p00.1) * ax)
        let bottom = (p01.0 + (p11.0 - p01.0) * ax, p01.1 + (p11.1 - p01.1) * ax)
        return (top.0 + (bottom.0 - top.0) * ay, top.1 + (bottom.1 - top.1) * ay)
    }

    /// The output position that lands on a photo position (Gauss–Newton on the interpolated map,
    /// from the nearest node): for measuring where a known photo point went.
    func outputPosition(ofPhoto target: (x: Double, y: Double)) -> (x: Double, y: Double)? {
        var best = (d: Double.infinity, i: 0, j: 0)
        for j in 0..<rows {
            for i in 0..<columns {
                let px = nodes[2 * (j * columns + i)], py = nodes[2 * (j * columns + i) + 1]
                guard px.isFinite else { continue }
                let d = (px - target.x) * (px - target.x) + (py - target.y) * (py - target.y)
                if d < best.d { best = (d, i, j) }
            }
        }
        guard best.d.isFinite else { return nil }
        var x = Double(best.i * spacing), y = Double(best.j * spacing)
        for _ in 0..<30 {
            let p = photoPosition(x: x, y: y)
            let h = 0.5
            let px = photoPosition(x: x + h, y: y), py = photoPosition(x: x, y: y + h)
            let j00 = (px.x - p.x) / h, j10 = (px.y - p.y) / h, j01 = (py.x - p.x) / h, j11 = (py.y - p.y) / h
            let det = j00 * j11 - j01 * j10
            guard abs(det) > 1e-12, p.x.isFinite else { return nil }
            let ex = target.x - p.x, ey = target.y - p.y
            let dx = (j11 * ex - j01 * ey) / det, dy = (-j10 * ex + j00 * ey) / det
            x += dx; y += dy
            if abs(dx) + abs(dy) < 1e-4 { break }
        }
        return (x, y)
    }

    /// The output pixels of one row that one mesh cell maps: where the first lands in the photo, the
    /// step per output pixel, and where they go in the output buffer.
    struct Run {
        var x: Double, y: Double, dx: Double, dy: Double
        /// Index of the first pixel in the output, and how many there are.
        var offset: Int, count: Int
    }

    /// Walks the output row by row, one mesh cell at a time, and hands `body` every run whose cell
    /// is mapped: the cell's left and right edges interpolated at that row. Both resampling kernels
    /// walk the mesh this way.
    @inline(__always)
    func forEachRun(_ body: (Run) -> Void) {
        let sp = spacing, cols = columns
        let inv = 1 / Double(sp)
        nodes.withUnsafeBufferPointer { mesh in
            for y in 0..<height {
                let j = y / sp
                let ay = Double(y - j * sp) * inv
                var i = 0
                while i * sp < width {
                    let k00 = 2 * (j * cols + i), k10 = k00 + 2, k01 = k00 + 2 * cols, k11 = k01 + 2
                    let lx = mesh[k00] + (mesh[k01] - mesh[k00]) * ay, ly = mesh[k00 + 1] + (mesh[k01 + 1] - mesh[k00 + 1]) * ay
                    let rx = mesh[k10] + (mesh[k11] - mesh[k10]) * ay, ry = mesh[k10 + 1] + (mesh[k11 + 1] - mesh[k10 + 1]) * ay
                    let x0 = i * sp
                    if lx.isFinite && rx.isFinite {
                        body(Run(x: lx, y: ly, dx: (rx - lx) * inv, dy: (ry - ly) * inv, offset: y * width + x0,
                                 count: min(width, x0 + sp) - x0))
                    }
                    i += 1
                }
            }
        }
    }

    /// Bilinear resampling of a gray image through the mesh; unseen positions are `outside`.
    func resample(_ source: Raster, outside: UInt8 = 255) -> Raster {
        precondition(source.channels == 1)
        var out = [UInt8](repeating: outside, count: width * height)
        guard source.width >= 2, source.height >= 2 else { return Raster(width: width, height: height, channels: 1, pixels: out) }
        let sw = source.width, sh = source.height
        let maxX = Double(sw - 1), maxY = Double(sh - 1)
        source.pixels.withUnsafeBufferPointer { src in
            @inline(__always) func bilinear(_ px: Double, _ py: Double) -> UInt8 {
                let ix = min(Int(px), sw - 2), iy = min(Int(py), sh - 2)
                let fx = px - Double(ix), fy = py - Double(iy)
                let s = iy * sw + ix
                let top = Double(src[s]) + (Double(src[s + 1]) - Double(src[s])) * fx
                let bottom = Double(src[s + sw]) + (Double(src[s + sw + 1]) - Double(src[s + sw])) * fx
                return UInt8(top + (bottom - top) * fy + 0.5)
            }
            out.withUnsafeMutableBufferPointer { dst in
                forEachRun { run in
                    let dx = run.dx, dy = run.dy
                    var px = run.x, py = run.y
                    var o = run.offset
                    // A run well inside the photo (its ends a hundredth of a pixel in, more than the
                    // stepping can drift) needs no test per pixel; the values are the same.
                    let n = Double(run.count - 1), ex = run.x + dx * n, ey = run.y + dy * n
                    if min(run.x, ex) >= 0.01 && min(run.y, ey) >= 0.01 && max(run.x, ex) <= maxX - 0.01 && max(run.y, ey) <= maxY - 0.01 {
                        for _ in 0..<run.count {
                            dst[o] = bilinear(px, py)
                            px += dx; py += dy; o += 1
                        }
                        return
                    }
                    for _ in 0..<run.count {
                        if px >= 0 && py >= 0 && px <= maxX && py <= maxY { dst[o] = bilinear(px, py) }
                        px += dx; py += dy; o += 1
                    }
                }
            }
        }
        return Raster(width: width, height: height, channels: 1, pixels: out)
    }
}
