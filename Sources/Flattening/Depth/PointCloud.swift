import Imaging

/// The depth map back-projected into the camera frame, kept on its grid so that neighbours stay
/// neighbours: outliers are found against their neighbourhood and the page is grown across it.
///
/// Large maps are reduced by averaging blocks of pixels first: fitting needs a few tens of thousands
/// of points, and a block mean has less noise than any of its pixels.
struct PointCloud: Sendable {
    /// Grid size after reduction.
    let width: Int
    let height: Int
    /// Depth pixels per grid cell along each axis.
    let step: Int
    /// Intrinsics of this grid (the photo's camera scaled to it).
    let camera: CameraIntrinsics
    var points: [Vector3]
    var valid: [Bool]

    var validCount: Int { valid.reduce(0) { $0 + ($1 ? 1 : 0) } }

    /// Typical depth noise of phone sensors at distance `z` (mm): grows with the square of distance.
    static func noise(atDepth z: Double) -> Double { 0.8 + 3 * (z / 1000) * (z / 1000) }

    /// `photoCamera` describes the photo; the depth map covers the same field of view.
    init(depth: DepthMap, photoCamera: CameraIntrinsics, maxCells: Int = 80_000) {
        let step = max(1, Int((Double(depth.width * depth.height) / Double(maxCells)).squareRoot().rounded(.up)))
        let w = depth.width / step, h = depth.height / step
        self.step = step
        self.width = w
        self.height = h
        // Cell (i, j) averages depth pixels i·step …, centred at i·step + (step − 1)/2.
        let full = photoCamera.scaled(toWidth: depth.width, height: depth.height)
        let offset = Double(step - 1) / 2
        camera = CameraIntrinsics(fx: full.fx / Double(step), fy: full.fy / Double(step),
                                  cx: (full.cx - offset) / Double(step), cy: (full.cy - offset) / Double(step), width: w, height: h)
        var points = [Vector3](repeating: .zero, count: w * h)
        var valid = [Bool](repeating: false, count: w * h)
        let fx = full.fx, fy = full.fy, cx = full.cx, cy = full.cy
        depth.millimetres.withUnsafeBufferPointer { mm in
            for j in 0..<h {
                for i in 0..<w {
                    var sum = 0.0, count = 0, lo = Double.infinity, hi = 0.0
                    for dy in 0..<step {
                        let row = (j * step + dy) * depth.width + i * step
                        for dx in 0..<step {
                            let z = Double(mm[row + dx])
                            if z > 0 && z.isFinite { sum += z; count += 1; lo = min(lo, z); hi = max(hi, z) }
                        }
                    }
                    // A block straddling a depth step would average two surfaces into neither.
                    guard count * 2 > step * step, hi - lo < 6 * Self.noise(atDepth: lo) + 4 else { continue }
                    let z = sum / Double(count)
                    let px = Double(i * step) + offset, py = Double(j * step) + offset
                    points[j * w + i] = Vector3((px - cx) / fx * z, (py - cy) / fy * z, z)
                    valid[j * w + i] = true
                }
            }
        }
        self.points = points
        self.valid = valid
    }

    /// Drops points that stand off their neighbourhood (flying pixels at depth steps, speckle):
    /// more than a few noise widths from the median depth of their 5×5 neighbours.
    mutating func dropOutliers() {
        var keep = valid
        let width = width, height = height
        points.withUnsafeBufferPointer { points in
            valid.withUnsafeBufferPointer { valid in
                keep.withUnsafeMutableBufferPointer { keep in
                    withUnsafeTemporaryAllocation(of: Double.self, capacity: 25) { neighbours in
                        for j in 0..<height {
                            for i in 0..<width where valid[j * width + i] {
                                // The neighbours' depths, kept sorted as they come (at most 24: insertion is cheapest).
                                var n = 0
                                for y in max(0, j - 2)...min(height - 1, j + 2) {
                                    for x in max(0, i - 2)...min(width - 1, i + 2) where (x != i || y != j) && valid[y * width + x] {
                                        let z = points[y * width + x].z
                                        var m = n
                                        while m > 0 && neighbours[m - 1] > z { neighbours[m] = neighbours[m - 1]; m -= 1 }
                                        neighbours[m] = z
                                        n += 1
                                    }
                                }
                                guard n >= 4 else { keep[j * width + i] = false; continue }
                                let median = neighbours[n / 2]
                                let z = points[j * width + i].z
                                // The neighbourhood spans a slope on tilted pages: allow for the spread of the middle half.
                                let spread = neighbours[n * 3 / 4] - neighbours[n / 4]
                                if abs(z - median) > 5 * Self.noise(atDepth: z) + 2 + spread { keep[j * width + i] = false }
                            }
                        }
                    }
                }
            }
        }
        valid = keep
    }

    /// The page: the smooth surface grown from the middle of the view. Neighbours join when their
    /// depth continues the surface — a small step, or a step that continues the slope of the cells
    /// before it (steep but smooth curls) — so depth discontinuities (a page held over the table, a
    /// lifted edge) bound the region. A page lying on a table is not separated from it here: the
    /// photo's edges decide its outline later.
    func segment() -> [Bool] {
        var region = [Bool](repeating: false, count: width * height)
        guard let seed = seedIndex() else { return region }
        var queue = [Int](repeating: 0, count: width * height)
        queue[0] = seed
        var tail = 1
        region[seed] = true
        var head = 0
        let width = width, height = height
        points.withUnsafeBufferPointer { points in
            valid.withUnsafeBufferPointer { valid in
                region.withUnsafeMutableBufferPointer { region in
                    queue.withUnsafeMutableBufferPointer { queue in
                        while head < tail {
                            let p = queue[head]
                            head += 1
                            let i = p % width, j = p / width
                            let zp = points[p].z
                            let tolerance = 3 * Self.noise(atDepth: zp) + 3
                            // Right, left, down, up.
                            for n in 0..<4 {
                                let dx = n == 0 ? 1 : (n == 1 ? -1 : 0), dy = n == 2 ? 1 : (n == 3 ? -1 : 0)
                                let x = i + dx, y = j + dy
                                guard x >= 0, y >= 0, x < width, y < height else { continue }
                                let q = y * width + x
                                guard valid[q], !region[q] else { continue }
                                let zq = points[q].z
                                var joins = abs(zq - zp) < tolerance
                                if !joins {
                                    let bx = i - dx, by = j - dy
                                    if bx >= 0, by >= 0, bx < width, by < height, region[by * width + bx] {
                                        joins = abs(zq - 2 * zp + points[by * width + bx].z) < tolerance
                                    }
                                }
                                if joins { region[q] = true; queue[tail] = q; tail += 1 }
                            }
                        }
                    }
                }
            }
        }
        return region
    }

    /// A valid cell near the middle of the view whose depth is the median of the middle's: the page
    /// fills most of a photo of a page, and the median avoids a stray hand or a glass.
    private func seedIndex() -> Int? {
        var candidates: [(z: Double, index: Int)] = []
        let x0 = width * 3 / 10, x1 = max(x0 + 1, width * 7 / 10), y0 = height * 3 / 10, y1 = max(y0 + 1, height * 7 / 10)
        for j in y0..<min(y1, height) {
            for i in x0..<min(x1, width) where valid[j * width + i] { candidates.append((points[j * width + i].z, j * width + i)) }
        }
        if candidates.isEmpty {
            for k in 0..<valid.count where valid[k] { candidates.append((points[k].z, k)) }
        }
        guard !candidates.isEmpty else { return nil }
        candidates.sort { $0.z < $1.z }
        return candidates[candidates.count / 2].index
    }
}
