import Foundation
import Imaging

extension DepthFlattener {
    /// Points along the sheet's four sides in the photo, about `spacing` photo pixels apart, with
    /// normals pointing off the sheet, for `EdgeBlur`. The 10 % of each side next to a corner is left
    /// out: there the profile would cross the other side too.
    static func edgePoints(quad: FlatQuad, model: SurfaceModel, camera: CameraModel, density: Double,
                           spacing: Double = 2) -> [[EdgeBlur.EdgePoint]] {
        let c = quad.corners
        let centre = ((c[0].x + c[1].x + c[2].x + c[3].x) / 4, (c[0].y + c[1].y + c[2].y + c[3].y) / 4)
        return (0..<4).map { k in
            let a = c[k], b = c[(k + 1) % 4]
            let length = distance(a, b)
            guard length > 0 else { return [] }
            // The side's normal in the page (millimetres), turned away from the centre.
            var nx = -(b.y - a.y) / length, ny = (b.x - a.x) / length
            if nx * (a.x - centre.0) + ny * (a.y - centre.1) < 0 { nx = -nx; ny = -ny }
            let count = Int(0.8 * length * density / spacing)
            guard count > 0 else { return [] }
            let offset = 1.0 // mm either side, to find the normal's direction in the photo
            return (0..<count).compactMap { i -> EdgeBlur.EdgePoint? in
                let t = 0.1 + 0.8 * (Double(i) + 0.5) / Double(count)
                let p = (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                guard let on = camera.project(model.point(x: p.0, y: p.1)),
                      let inner = camera.project(model.point(x: p.0 - offset * nx, y: p.1 - offset * ny)),
                      let outer = camera.project(model.point(x: p.0 + offset * nx, y: p.1 + offset * ny)) else { return nil }
                let dx = outer.x - inner.x, dy = outer.y - inner.y, d = hypot(dx, dy)
                guard d > 0 else { return nil }
                return EdgeBlur.EdgePoint(x: on.x, y: on.y, nx: dx / d, ny: dy / d)
            }
        }
    }
}
