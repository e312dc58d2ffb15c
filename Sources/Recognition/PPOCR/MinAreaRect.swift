/// The smallest rotated rectangle around a set of points (what OpenCV's minAreaRect returns),
/// from the convex hull by rotating calipers: one side of the best rectangle lies on a hull edge.
enum MinAreaRect {
    /// Andrew's monotone chain; counter-clockwise in a y-up frame, without repeated points.
    static func convexHull(_ points: [Point2]) -> [Point2] {
        let sorted = Set(points).sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: Point2, _ a: Point2, _ b: Point2) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [Point2] = [], upper: [Point2] = []
        for p in sorted {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    /// The four corners of the minimum-area rectangle (any order) and its side lengths.
    static func fit(_ points: [Point2]) -> (corners: [Point2], width: Double, height: Double) {
        let hull = convexHull(points)
        guard hull.count > 1 else {
            let p = hull.first ?? Point2(x: 0, y: 0)
            return ([p, p, p, p], 0, 0)
        }
        var best: (area: Double, corners: [Point2], w: Double, h: Double)?
        for i in 0..<hull.count {
            let a = hull[i], b = hull[(i + 1) % hull.count]
            let length = a.distance(to: b)
            guard length > 1e-9 else { continue }
            let ux = (b.x - a.x) / length, uy = (b.y - a.y) / length
            var minU = Double.infinity, maxU = -Double.infinity, minV = Double.infinity, maxV = -Double.infinity
            for p in hull {
                let u = (p.x - a.x) * ux + (p.y - a.y) * uy
                let v = -(p.x - a.x) * uy + (p.y - a.y) * ux
                minU = min(minU, u); maxU = max(maxU, u); minV = min(minV, v); maxV = max(maxV, v)
            }
            let area = (maxU - minU) * (maxV - minV)
            if best == nil || area < best!.area - 1e-9 {
                func at(_ u: Double, _ v: Double) -> Point2 { Point2(x: a.x + u * ux - v * uy, y: a.y + u * uy + v * ux) }
                best = (area, [at(minU, minV), at(maxU, minV), at(maxU, maxV), at(minU, maxV)], maxU - minU, maxV - minV)
            }
        }
        guard let best else { return (Array(repeating: hull[0], count: 4), 0, 0) }
        return (best.corners, best.w, best.h)
    }

    /// PaddleOCR's `get_mini_boxes` order: the two leftmost corners become top-left and
    /// bottom-left by y, the two rightmost top-right and bottom-right.
    static func ordered(_ corners: [Point2]) -> LineQuad {
        let byX = corners.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        let left = byX[0].y <= byX[1].y ? [byX[0], byX[1]] : [byX[1], byX[0]]
        let right = byX[2].y <= byX[3].y ? [byX[2], byX[3]] : [byX[3], byX[2]]
        return LineQuad([left[0], right[0], right[1], left[1]])
    }
}
