/// The projective map from a w×h rectangle onto a quad: how a line crop samples the photo, and
/// how positions in the crop go back to the photo. Solved in closed form (Heckbert's square-to-quad).
struct Homography: Sendable {
    // x' = (a x + b y + c) / (g x + h y + 1), y' = (d x + e y + f) / (g x + h y + 1)
    private let a, b, c, d, e, f, g, h: Double

    /// Maps (0,0), (width,0), (width,height), (0,height) to the quad's corners in order.
    init(width: Double, height: Double, to quad: LineQuad) {
        let p = quad.corners
        let sx = p[0].x - p[1].x + p[2].x - p[3].x
        let sy = p[0].y - p[1].y + p[2].y - p[3].y
        var a, b, c, d, e, f, g, h: Double
        if abs(sx) < 1e-9 && abs(sy) < 1e-9 {
            a = p[1].x - p[0].x; b = p[3].x - p[0].x; c = p[0].x
            d = p[1].y - p[0].y; e = p[3].y - p[0].y; f = p[0].y
            g = 0; h = 0
        } else {
            let dx1 = p[1].x - p[2].x, dx2 = p[3].x - p[2].x
            let dy1 = p[1].y - p[2].y, dy2 = p[3].y - p[2].y
            let det = dx1 * dy2 - dx2 * dy1
            let safe = abs(det) < 1e-12 ? 1e-12 : det
            g = (sx * dy2 - dx2 * sy) / safe
            h = (dx1 * sy - sx * dy1) / safe
            a = p[1].x - p[0].x + g * p[1].x; b = p[3].x - p[0].x + h * p[3].x; c = p[0].x
            d = p[1].y - p[0].y + g * p[1].y; e = p[3].y - p[0].y + h * p[3].y; f = p[0].y
        }
        // Unit square → quad, then scale the rectangle onto the unit square.
        let w = max(width, 1e-9), hh = max(height, 1e-9)
        self.a = a / w; self.b = b / hh; self.c = c
        self.d = d / w; self.e = e / hh; self.f = f
        self.g = g / w; self.h = h / hh
    }

    func apply(_ x: Double, _ y: Double) -> Point2 {
        let z = g * x + h * y + 1
        let safe = abs(z) < 1e-12 ? 1e-12 : z
        return Point2(x: (a * x + b * y + c) / safe, y: (d * x + e * y + f) / safe)
    }
}
