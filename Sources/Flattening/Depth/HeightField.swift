/// What the page does beyond its bend — wrinkles and waves — as height over the unfolded page,
/// on a coarse grid (a few millimetres a cell) interpolated bilinearly.
struct HeightField: Sendable, Equatable {
    var x0: Double
    var y0: Double
    var cell: Double
    var columns: Int
    var rows: Int
    var values: [Double]

    @inline(__always) func value(x: Double, y: Double) -> Double {
        let fx = min(max((x - x0) / cell, 0), Double(columns - 1)), fy = min(max((y - y0) / cell, 0), Double(rows - 1))
        let i = min(Int(fx), columns - 2), j = min(Int(fy), rows - 2)
        let ax = fx - Double(i), ay = fy - Double(j)
        let k = j * columns + i
        let top = values[k] * (1 - ax) + values[k + 1] * ax
        let bottom = values[k + columns] * (1 - ax) + values[k + columns + 1] * ax
        return top * (1 - ay) + bottom * ay
    }

    /// Cell means of `residuals` at flat positions, holes filled from their neighbours, smoothed once.
    static func fit(x: [Double], y: [Double], residuals: [Double], cell: Double) -> HeightField? {
        guard let minX = x.min(), let maxX = x.max(), let minY = y.min(), let maxY = y.max() else { return nil }
        let columns = max(2, Int(((maxX - minX) / cell).rounded(.up)) + 1), rows = max(2, Int(((maxY - minY) / cell).rounded(.up)) + 1)
        guard columns * rows <= 250_000 else { return nil }
        var sum = [Double](repeating: 0, count: columns * rows), count = [Double](repeating: 0, count: columns * rows)
        for k in x.indices {
            let i = min(columns - 1, max(0, Int(((x[k] - minX) / cell).rounded()))), j = min(rows - 1, max(0, Int(((y[k] - minY) / cell).rounded())))
            sum[j * columns + i] += residuals[k]
            count[j * columns + i] += 1
        }
        var values = [Double](repeating: 0, count: columns * rows)
        var known = [Bool](repeating: false, count: columns * rows)
        for k in values.indices where count[k] > 0 { values[k] = sum[k] / count[k]; known[k] = true }
        // Fill holes ring by ring from known neighbours.
        for _ in 0..<(columns + rows) {
            var changed = false
            let snapshot = values, knownBefore = known
            for j in 0..<rows {
                for i in 0..<columns where !knownBefore[j * columns + i] {
                    var s = 0.0, n = 0.0
                    for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                        let a = i + dx, b = j + dy
                        if a >= 0, b >= 0, a < columns, b < rows, knownBefore[b * columns + a] { s += snapshot[b * columns + a]; n += 1 }
                    }
                    if n > 0 { values[j * columns + i] = s / n; known[j * columns + i] = true; changed = true }
                }
            }
            if !changed { break }
        }
        // One 3×3 smoothing pass: cell means still carry the sensor's per-point noise.
        var smoothed = values
        for j in 0..<rows {
            for i in 0..<columns {
                var s = 0.0, n = 0.0
                for b in max(0, j - 1)...min(rows - 1, j + 1) {
                    for a in max(0, i - 1)...min(columns - 1, i + 1) {
                        let w = (a == i ? 2.0 : 1) * (b == j ? 2.0 : 1)
                        s += w * values[b * columns + a]; n += w
                    }
                }
                smoothed[j * columns + i] = s / n
            }
        }
        return HeightField(x0: minX, y0: minY, cell: cell, columns: columns, rows: rows, values: smoothed)
    }
}
