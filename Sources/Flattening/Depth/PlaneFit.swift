import Imaging
/// Plane estimation: principal components of the points, made robust by RANSAC (a stray hand, the
/// table at the page's edge, flying pixels) and refined by PCA on the consensus.
enum PlaneFit {
    /// Least-squares plane: through the centroid, normal along the smallest principal axis.
    static func pca(_ points: [Vector3], indices: [Int]? = nil) -> Plane? {
        let count = indices?.count ?? points.count
        guard count >= 3 else { return nil }
        var c = Vector3.zero
        if let indices { for k in indices { c = c + points[k] } } else { for p in points { c = c + p } }
        c = c * (1 / Double(count))
        var xx = 0.0, xy = 0.0, xz = 0.0, yy = 0.0, yz = 0.0, zz = 0.0
        func add(_ p: Vector3) {
            let d = p - c
            xx += d.x * d.x; xy += d.x * d.y; xz += d.x * d.z; yy += d.y * d.y; yz += d.y * d.z; zz += d.z * d.z
        }
        if let indices { for k in indices { add(points[k]) } } else { for p in points { add(p) } }
        let eigen = SymmetricEigen(xx, xy, xz, yy, yz, zz)
        // Degenerate (collinear) points leave two eigenvalues near zero: no plane.
        guard eigen.values[1] > 1e-9 * max(1, eigen.values[2]) else { return nil }
        return Plane(origin: c, normal: eigen.vectors[0])
    }

    /// RANSAC over random triples of a sample, scored by the count within `threshold` (mm); the
    /// winner is refined by PCA on all its inliers, twice (the refined plane gathers its inliers anew).
    static func robust(_ points: [Vector3], threshold: Double, iterations: Int = 300, seed: UInt64 = 0x5EED)
        -> (plane: Plane, inliers: [Int])? {
        guard points.count >= 3 else { return nil }
        var rng = SplitMix64(seed: seed)
        let sample: [Int] = points.count <= 3000
            ? Array(points.indices)
            : (0..<3000).map { _ in rng.index(points.count) }
        var best: (normal: Vector3, origin: Vector3, score: Int)?
        // The sample's points side by side: each of the iterations scans all of them.
        let gathered = sample.map { points[$0] }
        gathered.withUnsafeBufferPointer { candidates in
            for _ in 0..<iterations {
                let a = candidates[rng.index(candidates.count)], b = candidates[rng.index(candidates.count)]
                let c = candidates[rng.index(candidates.count)]
                let n = (b - a).cross(c - a)
                let area = n.length
                guard area > 1e-6 else { continue }
                let normal = n * (1 / area)
                var score = 0
                for p in candidates where abs((p - a).dot(normal)) < threshold { score += 1 }
                if score > (best?.score ?? 0) { best = (normal, a, score) }
            }
        }
        guard let best else { return nil }
        var plane = Plane(origin: best.origin, normal: best.normal)
        var inliers: [Int] = []
        for _ in 0..<2 {
            inliers = points.indices.filter { abs(plane.distance(points[$0])) < threshold }
            guard let refined = pca(points, indices: inliers) else { break }
            plane = refined
        }
        inliers = points.indices.filter { abs(plane.distance(points[$0])) < threshold }
        return (plane, inliers)
    }

    /// Root mean square distance of the points from the plane.
    static func rms(_ plane: Plane, _ points: [Vector3], indices: [Int]? = nil) -> Double {
        var sum = 0.0
        let list = indices ?? Array(points.indices)
        guard !list.isEmpty else { return 0 }
        for k in list { let d = plane.distance(points[k]); sum += d * d }
        return (sum / Double(list.count)).squareRoot()
    }
}

