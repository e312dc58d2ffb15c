import Foundation
import Imaging

extension ImageRectifier {
    /// The quad moved out past the print that runs on just beyond one of its sides. A sheet lit
    /// unevenly (its curled side turned from the light) is brighter than the table only where the
    /// light falls, so its brightest quad may stop short of the shaded strip, and that strip is
    /// often where the prices stand. Such print lies just past one side, band after band with no
    /// gap wider than a band (`width`) and at least a band deep (a sheet's edge or a printed frame
    /// hugs the side, and all round), and is far denser there than anywhere else off the sheet:
    /// a textured table puts its specks past every side and all round. Its blobs stand as
    /// tall as the sheet's print (`printHeight`, their median), not as the specks a sheet's
    /// shadowed edge breaks into. nil when no side has such a strip. Quad and blobs in the same
    /// frame; `frame`: that frame's size.
    static func printPastSides(of quad: Quad, blobs: [PixelRect], onSheet: (PixelRect) -> Bool, width: Double,
                               printHeight: Double, frame: (width: Double, height: Double)) -> (quad: Quad, blobs: [PixelRect])? {
        guard width > 0, quad.area > 0 else { return nil }
        let centre = Point(x: quad.corners.map(\.x).reduce(0, +) / 4, y: quad.corners.map(\.y).reduce(0, +) / 4)
        let off = blobs.filter { !onSheet($0) }
        var moves: [(side: Int, by: Double, length: Double, normal: Point, blobs: [PixelRect])] = []
        for i in 0..<4 {
            let a = quad.corners[i], b = quad.corners[(i + 1) % 4]
            let length = a.distance(to: b)
            guard length > 0 else { continue }
            let (ux, uy) = ((b.x - a.x) / length, (b.y - a.y) / length)
            // The normal that points away from the quad's centre.
            var normal = Point(x: uy, y: -ux)
            if (centre.x - a.x) * normal.x + (centre.y - a.y) * normal.y > 0 { normal = Point(x: -uy, y: ux) }
            let past = off.compactMap { blob -> (blob: PixelRect, distance: Double)? in
                let along = (blob.midX - a.x) * ux + (blob.midY - a.y) * uy
                let out = (blob.midX - a.x) * normal.x + (blob.midY - a.y) * normal.y
                return along >= 0 && along <= length && out > 0 && out <= 4 * width ? (blob, out) : nil
            }.sorted { $0.distance < $1.distance }
            var reach = 0.0
            var strip: [PixelRect] = []
            for p in past {
                guard p.distance - reach <= width else { break }
                reach = p.distance
                strip.append(p.blob)
            }
            let heights = strip.map(\.height).sorted()
            guard strip.count >= 8, reach >= width, Double(heights[heights.count / 2]) >= printHeight / 2,
                  Double(heights[heights.count / 2]) <= printHeight * 2 else { continue }
            moves.append((i, reach, length, normal, strip))
        }
        // Past more than one side, what hugs the quad is the sheet's own edge or a frame printed
        // round it, not a shaded strip.
        guard moves.count == 1, let move = moves.first else { return nil }
        // Denser past the side than anywhere else off the sheet, four times over.
        let stripArea = move.by * move.length
        let elsewhere = Double(off.count - move.blobs.count) / max(frame.width * frame.height - quad.area - stripArea, 1)
        guard Double(move.blobs.count) / max(stripArea, 1) >= 4 * elsewhere else { return nil }
        // Half a band more: the strip's last line has its own height past its centre.
        let by = move.by + width / 2
        var corners = quad.corners
        for k in [move.side, (move.side + 1) % 4] {
            corners[k] = Point(x: corners[k].x + move.normal.x * by, y: corners[k].y + move.normal.y * by)
        }
        // Moved off the photo, the sheet would be refused as one that runs off it: keep it as found.
        guard corners.allSatisfy({ $0.x >= 0 && $0.y >= 0 && $0.x <= frame.width && $0.y <= frame.height }) else { return nil }
        let moved = Quad(corners[0], corners[1], corners[2], corners[3])
        return moved.isConvex ? (moved, move.blobs) : nil
    }
}
