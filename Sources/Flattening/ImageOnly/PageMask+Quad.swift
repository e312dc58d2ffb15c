import Imaging

extension PageMask {
    /// The quad as a mask on a grid of `width` × `height` cells (`scale` cells per pixel of the
    /// frame the quad is in), so it passes the same checks as a sheet found by its area.
    static func filling(_ quad: Quad, width w: Int, height h: Int, scale: Double) -> PageMask {
        let cells = quad.scaled(by: scale).corners
        func inside(_ x: Double, _ y: Double) -> Bool {
            var sign = 0.0
            for i in 0..<4 {
                let a = cells[i], b = cells[(i + 1) % 4]
                let cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)
                if cross != 0 {
                    if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
                }
            }
            return true
        }
        var mask = [Bool](repeating: false, count: w * h)
        var area = 0, border = 0, borderCells = 0
        for y in 0..<h {
            for x in 0..<w {
                let on = inside(Double(x) + 0.5, Double(y) + 0.5)
                mask[y * w + x] = on
                if on { area += 1 }
                if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                    borderCells += 1
                    if on { border += 1 }
                }
            }
        }
        return PageMask(width: w, height: h, inside: mask, scale: scale, areaFraction: Double(area) / Double(w * h),
                        borderContact: Double(border) / Double(max(1, borderCells)))
    }
}
