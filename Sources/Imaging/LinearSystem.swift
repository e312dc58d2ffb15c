/// Small dense linear systems (a handful to a dozen unknowns), solved by Gaussian elimination with
/// partial pivoting: the lines' course on a list (3 unknowns, least squares) and the catalogue's
/// match calibration (a Newton step over a dozen features) share it. At these sizes a library's
/// set-up costs more than the solve.
public enum LinearSystem {
    /// x with A·x = b, A given row by row (n × n, n = `b.count`); nil for a singular system.
    public static func solve(_ matrix: [[Double]], _ b: [Double]) -> [Double]? {
        solve(rowMajor: matrix.flatMap { $0 }, b)
    }

    /// x with A·x = b, A given row-major in one array of n × n values (n = `b.count`); nil for a
    /// singular system (a pivot under 1e-12).
    public static func solve(rowMajor a: [Double], _ b: [Double]) -> [Double]? {
        let n = b.count
        guard a.count == n * n else { return nil }
        var m = a, y = b
        for col in 0..<n {
            var pivot = col
            for r in col..<n where abs(m[r * n + col]) > abs(m[pivot * n + col]) { pivot = r }
            guard abs(m[pivot * n + col]) > 1e-12 else { return nil }
            if pivot != col {
                for k in 0..<n { m.swapAt(col * n + k, pivot * n + k) }
                y.swapAt(col, pivot)
            }
            for r in (col + 1)..<n {
                let f = m[r * n + col] / m[col * n + col]
                if f == 0 { continue }
                for k in col..<n { m[r * n + k] -= f * m[col * n + k] }
                y[r] -= f * y[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = y[r]
            for k in (r + 1)..<n { s -= m[r * n + k] * x[k] }
            x[r] = s / m[r * n + r]
        }
        return x
    }
}
