/// A plane projective map, solved from four point pairs; used to map each pixel of the
/// rectified page back to the photo.
struct Homography {
    /// Row-major 3×3 with h[8] = 1.
    var h: [Double]

    /// The map taking each `from` point to the matching `to` point; nil for degenerate input.
    init?(from: [Point], to: [Point]) {
        guard from.count == 4, to.count == 4 else { return nil }
        var a = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
        for i in 0..<4 {
            let (x, y, u, v) = (from[i].x, from[i].y, to[i].x, to[i].y)
            a[2 * i] = [x, y, 1, 0, 0, 0, -u * x, -u * y, u]
            a[2 * i + 1] = [0, 0, 0, x, y, 1, -v * x, -v * y, v]
        }
        // Gaussian elimination with partial pivoting on the 8×9 augmented matrix.
        for col in 0..<8 {
            var pivot = col
            for r in col..<8 where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot)
            for r in 0..<8 where r != col {
                let f = a[r][col] / a[col][col]
                if f != 0 { for c in col..<9 { a[r][c] -= f * a[col][c] } }
            }
        }
        h = (0..<8).map { a[$0][8] / a[$0][$0] } + [1]
    }

    func apply(_ x: Double, _ y: Double) -> (Double, Double) {
        let w = h[6] * x + h[7] * y + h[8]
        return ((h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w)
    }
}
