import Imaging
/// Eigen-decomposition of a symmetric 3×3 matrix by Jacobi rotations: exact to rounding for the
/// covariance matrices of point clouds, with no library needed.
struct SymmetricEigen {
    /// Eigenvalues, ascending.
    var values: [Double]
    /// Unit eigenvectors, in the order of `values`.
    var vectors: [Vector3]

    /// `m` row-major: [m00, m01, m02, m11, m12, m22].
    init(_ m00: Double, _ m01: Double, _ m02: Double, _ m11: Double, _ m12: Double, _ m22: Double) {
        var a = [[m00, m01, m02], [m01, m11, m12], [m02, m12, m22]]
        var v = [[1.0, 0, 0], [0, 1.0, 0], [0, 0, 1.0]]
        for _ in 0..<50 {
            let off = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2]
            if off < 1e-30 { break }
            for (p, q) in [(0, 1), (0, 2), (1, 2)] where abs(a[p][q]) > 1e-300 {
                let theta = (a[q][q] - a[p][p]) / (2 * a[p][q])
                let t = (theta >= 0 ? 1 : -1) / (abs(theta) + (theta * theta + 1).squareRoot())
                let c = 1 / (t * t + 1).squareRoot(), s = t * c
                for k in 0..<3 {
                    let akp = a[k][p], akq = a[k][q]
                    a[k][p] = c * akp - s * akq
                    a[k][q] = s * akp + c * akq
                }
                for k in 0..<3 {
                    let apk = a[p][k], aqk = a[q][k]
                    a[p][k] = c * apk - s * aqk
                    a[q][k] = s * apk + c * aqk
                }
                for k in 0..<3 {
                    let vkp = v[k][p], vkq = v[k][q]
                    v[k][p] = c * vkp - s * vkq
                    v[k][q] = s * vkp + c * vkq
                }
            }
        }
        let order = [0, 1, 2].sorted { a[$0][$0] < a[$1][$1] }
        values = order.map { a[$0][$0] }
        vectors = order.map { Vector3(v[0][$0], v[1][$0], v[2][$0]).normalized }
    }
}
