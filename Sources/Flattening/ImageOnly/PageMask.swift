import Foundation
import Imaging

/// Where the sheet of paper is, found on a coarse copy of the thresholded photo. A textured
/// background (concrete, wood, cloth) leaves dense specks after thresholding; reducing with "any
/// black pixel makes the reduced pixel black" turns it solid, while the paper stays white between
/// its text lines. The largest white region with its holes (the text) filled is the page, or a
/// region round it when a frame printed on the sheet cut the sheet's white apart (`regions`).
struct PageMask {
    var width: Int
    var height: Int
    var inside: [Bool]
    /// Mask pixels per pixel of the binary it was made from.
    var scale: Double
    var areaFraction: Double
    /// Fraction of the image border the page touches: a page cut off by the frame.
    var borderContact: Double

    /// The largest white region and the regions that enclose it (`regions`).
    static func find(binary: Pix) -> [PageMask] {
        // Closing the black (opening the white) cuts the narrow white bridges a speckled background
        // leaves between the page and bright patches of the table.
        guard let coarse = binary.rankReduced([1, 1]),
              let reduced = coarse.closed(brickWidth: 5, brickHeight: 5) else { return [] }
        let r = reduced.raster()
        guard r.width >= 8, r.height >= 8 else { return [] }
        return regions(white: r.pixels.map { $0 > 127 }, width: r.width, height: r.height,
                       scale: Double(r.width) / Double(binary.width))
    }

    /// The largest white region of a coarse mask with its holes filled, when it covers at least 5 %
    /// of the mask; `scale`: mask pixels per pixel of the frame the page is wanted in.
    static func largestRegion(white: [Bool], width w: Int, height h: Int, scale: Double) -> PageMask? {
        regions(white: white, width: w, height: h, scale: scale, enclosing: false).first
    }

    /// The largest white region of a coarse mask with its holes filled, then (`enclosing`) the
    /// regions that enclose it, innermost first. A sheet printed with a frame (a rule round the
    /// list, a second one inside it) is cut by the frame into a ring and the panels inside: the
    /// largest panel may leave part of the print off the sheet, and a ring's filled region is then
    /// the sheet (`TextBlobs.sheet` asks the print which).
    static func regions(white: [Bool], width w: Int, height h: Int, scale: Double, enclosing: Bool = true) -> [PageMask] {
        let n = w * h
        var label = [Int32](repeating: -1, count: n)
        var sizes: [Int] = []
        var first: [Int] = []
        var stack: [Int] = []
        for start in 0..<n where white[start] && label[start] < 0 {
            let next = Int32(sizes.count)
            var size = 0
            label[start] = next
            stack.append(start)
            while let i = stack.popLast() {
                size += 1
                let x = i % w, y = i / w
                if x > 0, white[i - 1], label[i - 1] < 0 { label[i - 1] = next; stack.append(i - 1) }
                if x < w - 1, white[i + 1], label[i + 1] < 0 { label[i + 1] = next; stack.append(i + 1) }
                if y > 0, white[i - w], label[i - w] < 0 { label[i - w] = next; stack.append(i - w) }
                if y < h - 1, white[i + w], label[i + w] < 0 { label[i + w] = next; stack.append(i + w) }
            }
            sizes.append(size)
            first.append(start)
        }
        guard let largest = sizes.indices.max(by: { sizes[$0] < sizes[$1] }), Double(sizes[largest]) >= 0.05 * Double(n) else { return [] }
        let found = [mask(outside: outsideOf(region: Int32(largest), label: label, width: w, height: h), width: w, height: h, scale: scale)]
        // A region that reaches the photo's border has nothing round it.
        guard enclosing, found[0].borderContact == 0 else { return found }
        // Regions of under 1 % of the mask are not filled: a speck of white on the table encloses
        // nothing, and each fill is a pass over the mask.
        let rings = sizes.indices.filter { $0 != largest && Double(sizes[$0]) >= 0.01 * Double(n) }
            .sorted { sizes[$0] > sizes[$1] }.prefix(8)
        let around = rings.compactMap { region -> PageMask? in
            let outside = outsideOf(region: Int32(region), label: label, width: w, height: h)
            return outside[first[largest]] ? nil : mask(outside: outside, width: w, height: h, scale: scale)
        }
        return found + around.sorted { $0.areaFraction < $1.areaFraction }
    }

    private static func mask(outside: [Bool], width w: Int, height h: Int, scale: Double) -> PageMask {
        let n = w * h
        let inside = outside.map { !$0 }
        let area = inside.reduce(0) { $0 + ($1 ? 1 : 0) }
        var borderTotal = 0, borderInside = 0
        for x in 0..<w { borderTotal += 2; borderInside += (inside[x] ? 1 : 0) + (inside[(h - 1) * w + x] ? 1 : 0) }
        for y in 0..<h { borderTotal += 2; borderInside += (inside[y * w] ? 1 : 0) + (inside[y * w + w - 1] ? 1 : 0) }
        return PageMask(width: w, height: h, inside: inside, scale: scale,
                        areaFraction: Double(area) / Double(n), borderContact: Double(borderInside) / Double(borderTotal))
    }

    /// What cannot reach the image border without crossing the region is enclosed by it: the
    /// pixels that can, the region's outside.
    private static func outsideOf(region: Int32, label: [Int32], width w: Int, height h: Int) -> [Bool] {
        let n = w * h
        var outside = [Bool](repeating: false, count: n)
        var stack: [Int] = []
        for i in 0..<n where label[i] != region {
            let x = i % w, y = i / w
            guard (x == 0 || y == 0 || x == w - 1 || y == h - 1) && !outside[i] else { continue }
            outside[i] = true
            stack.append(i)
            while let j = stack.popLast() {
                let jx = j % w, jy = j / w
                if jx > 0, !outside[j - 1], label[j - 1] != region { outside[j - 1] = true; stack.append(j - 1) }
                if jx < w - 1, !outside[j + 1], label[j + 1] != region { outside[j + 1] = true; stack.append(j + 1) }
                if jy > 0, !outside[j - w], label[j - w] != region { outside[j - w] = true; stack.append(j - w) }
                if jy < h - 1, !outside[j + w], label[j + w] != region { outside[j + w] = true; stack.append(j + w) }
            }
        }
        return outside
    }

    /// Whether a point of the binary's frame lies on the page.
    func contains(x: Double, y: Double) -> Bool {
        let mx = Int(x * scale), my = Int(y * scale)
        guard mx >= 0, my >= 0, mx < width, my < height else { return false }
        return inside[my * width + mx]
    }

    /// Page outline points (mask pixels with an outside 4-neighbour), in the binary's frame.
    func boundary() -> [Point] {
        var out: [Point] = []
        for y in 0..<height {
            for x in 0..<width where inside[y * width + x] {
                let edge = x == 0 || y == 0 || x == width - 1 || y == height - 1
                    || !inside[y * width + x - 1] || !inside[y * width + x + 1]
                    || !inside[(y - 1) * width + x] || !inside[(y + 1) * width + x]
                if edge { out.append(Point(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale)) }
            }
        }
        return out
    }

    /// The direction of the sheet's own edges, in degrees within (-45, 45]: the side of the
    /// smallest rectangle around its outline (a sheet's edges hold it, perspective and all, where
    /// its text lines may not). nil for an outline too small to say.
    func ownAxes() -> Double? {
        let hull = ConvexHull(boundary()).vertices
        guard hull.count >= 4 else { return nil }
        var best: (area: Double, degrees: Double)?
        // Every side of the hull is a candidate direction for the rectangle's side.
        for i in hull.indices {
            let a = hull[i], b = hull[(i + 1) % hull.count]
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            let (ux, uy) = (dx / length, dy / length)
            var minU = Double.infinity, maxU = -Double.infinity, minV = Double.infinity, maxV = -Double.infinity
            for p in hull {
                let u = p.x * ux + p.y * uy, v = -p.x * uy + p.y * ux
                minU = min(minU, u); maxU = max(maxU, u); minV = min(minV, v); maxV = max(maxV, v)
            }
            let area = (maxU - minU) * (maxV - minV)
            if best == nil || area < best!.area {
                var degrees = atan2(dy, dx) * 180 / .pi
                while degrees > 45 { degrees -= 90 }
                while degrees <= -45 { degrees += 90 }
                best = (area, degrees)
            }
        }
        return best.map { ($0.degrees * 100).rounded() / 100 }
    }

    /// The page's corners as the extreme outline points along the diagonals of the text-aligned
    /// frame (the page's own axes up to perspective), ordered as the text reads (up to 180°).
    /// nil when the quad does not explain the mask: a crumpled or cut-off sheet.
    func quad(textAngle degrees: Double, imageWidth: Double, imageHeight: Double) -> (quad: Quad?, why: String) {
        let points = boundary()
        guard points.count >= 8 else { return (nil, "outline too small") }
        let level = PlaneRotation(degrees: -degrees, center: Point(x: 0, y: 0))
        var tl = points[0], tr = points[0], br = points[0], bl = points[0]
        var minSum = Double.infinity, maxSum = -Double.infinity, minDiff = Double.infinity, maxDiff = -Double.infinity
        for p in points {
            let q = level.apply(p)
            if q.x + q.y < minSum { minSum = q.x + q.y; tl = p }
            if q.x + q.y > maxSum { maxSum = q.x + q.y; br = p }
            if q.x - q.y > maxDiff { maxDiff = q.x - q.y; tr = p }
            if q.x - q.y < minDiff { minDiff = q.x - q.y; bl = p }
        }
        let quad = Quad(tl, tr, br, bl)
        guard quad.isConvex else { return (nil, "corners do not form a convex quad") }
        let maskArea = Double(inside.reduce(0) { $0 + ($1 ? 1 : 0) }) / (scale * scale)
        let fill = maskArea / max(quad.area, 1)
        guard fill > 0.93 && fill < 1.07 else {
            return (nil, String(format: "outline is not a quad (mask covers %.0f%% of it)", fill * 100))
        }
        let margin = 2 / scale
        let onFrame = quad.corners.filter { $0.x < margin || $0.y < margin || $0.x > imageWidth - margin || $0.y > imageHeight - margin }
        guard onFrame.count <= 1 else { return (nil, "page runs off the photo (\(onFrame.count) corners on the frame)") }
        return (quad, String(format: "quad fits the outline (%.0f%% fill)", fill * 100))
    }
}
