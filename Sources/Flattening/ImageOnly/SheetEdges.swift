import Foundation
import Imaging

/// The sheet as the quad its four edges draw on the raw photo: straight steps from a darker table
/// up to the paper, found as lines (a Hough transform of the edge pixels, each voting only near
/// its own gradient's direction) and kept when a quad of four of them is edged along most of every
/// side. Thresholds and brightness both read the sheet from its area, which fails when light and
/// shade run across it (a lit table as bright as the paper in one corner, a shadow over half the
/// sheet); the step at the sheet's border is local, so it holds where the paper and the table
/// beside it are lit alike, which is nearly everywhere along its edges.
struct SheetEdges {
    /// Long side of the copy the edges are looked for on: 384 px puts a 4032 px photo's edge within
    /// about 10 px, well inside what the text-line steps after the warp correct.
    var longSide = 384
    /// Lines kept as candidates, strongest first: a sheet's four, a fold's or shadow's, the table's.
    var candidates = 24
    /// Least share of a side, between its corners, along which the edge runs: corners lost to a
    /// shadow or the light's glare still leave most of each side.
    /// At half (olivo p2 hard, photographed), a quad was guessed across a sheet half in shadow,
    /// closed by the table's light and shade (55 % and 57 %); letting one side of a quad through
    /// at 45 % (a curled corner) lost as many lists as it found.
    var minimumSideCoverage = 0.6
    /// Least mean share over the four sides.
    var minimumMeanCoverage = 0.65
    /// Least step (paper over table, grey levels) of a side, and least as a share of the quad's
    /// strongest side's: a wooden table's grain draws long straight edges too, but steps of 2–6
    /// grey levels where the sheet's edge steps 90–120 (georgeclub p2, photographed); the palest
    /// table of the photographed lists still steps 14 from the paper.
    var minimumStep = 8.0
    var minimumRelativeStep = 0.1
    /// Quads handed on, largest first, for the caller's own checks to choose among.
    var kept = 4
    /// How far each side is moved out, as a share of the copy's long side: a curled or folded
    /// sheet's edge bows off the straight line drawn through most of it, and a line through the
    /// bow cuts the print at the sheet's margin; a strip of table in the warp costs nothing.
    var margin = 0.008

    /// A quad found, in the frame of `gray` scaled by `reduction`, with each side's coverage.
    struct Found {
        var quad: Quad
        var coverage: [Double]
        /// Each side's median step, grey levels.
        var steps: [Double]
    }

    /// A side as judged on the closed copy.
    struct Side {
        /// Share of the side along which its edge runs.
        var coverage: Double
        /// Median grey step from just outside the side to just inside it.
        var step: Double
    }

    /// An edge line: normal direction (degrees, pointing to the brighter side) and distance.
    struct Line: Equatable {
        var degrees: Int
        var rho: Double
        var votes: Float
        /// The normal's direction as refined on the edge's own pixels (radians); `degrees` is it
        /// rounded, for comparing directions.
        var theta: Double
        var normal: (x: Double, y: Double) { (cos(theta), sin(theta)) }

        init(degrees: Int, rho: Double, votes: Float, theta: Double? = nil) {
            self.degrees = degrees
            self.rho = rho
            self.votes = votes
            self.theta = theta ?? Double(degrees) * .pi / 180
        }

        static func == (a: Line, b: Line) -> Bool { a.degrees == b.degrees && a.rho == b.rho }

        func intersection(_ other: Line) -> Point? {
            let (a, b) = (normal, other.normal)
            let det = a.x * b.y - a.y * b.x
            guard abs(det) > 1e-6 else { return nil }
            return Point(x: (rho * b.y - other.rho * a.y) / det, y: (a.x * other.rho - b.x * rho) / det)
        }
    }

    /// The quads that may be the sheet, largest first; empty when no four edges close around a
    /// bright quad.
    func find(_ gray: Raster, reduction: Double) -> [Found] {
        let factor = min(1, Double(longSide) / Double(max(gray.width, gray.height)))
        guard let small = Pix(gray).scaled(by: factor)?.raster(), small.width >= 32, small.height >= 32 else { return [] }
        let w = small.width, h = small.height
        // Print closed away (strokes are a few pixels at this size), so only broad steps remain.
        let closed = PageMask.minimumFilter(PageMask.maximumFilter(small.pixels, width: w, height: h, radius: 2),
                                            width: w, height: h, radius: 2)
        let edges = EdgeMap(closed, width: w, height: h)
        let lines = houghLines(edges)
        guard lines.count >= 4 else { return [] }
        let toFrame = Double(gray.width) * reduction / Double(w)
        return quads(lines, edges: edges, levels: closed).map { Found(quad: $0.quad.scaled(by: toFrame), coverage: $0.sides.map(\.coverage), steps: $0.sides.map(\.step)) }
    }

    /// Gradients of the closed copy: where an edge is and which way it faces.
    struct EdgeMap {
        var width: Int, height: Int
        /// Gradient direction in whole degrees (0..<360, toward the brighter side), or -1 for no edge.
        var direction: [Int16]
        /// An edge pixel's vote: its gradient over the threshold, at most 4, so that the sheet's
        /// border (a step of tens of grey levels) outvotes the many long edges of a table's grain
        /// (a few levels) without one hard edge outvoting the sheet's other sides.
        var weight: [Float]

        init(_ p: [UInt8], width w: Int, height h: Int) {
            width = w; height = h
            var gx = [Float](repeating: 0, count: w * h), gy = gx, magnitude = gx
            for y in 1..<(h - 1) {
                for x in 1..<(w - 1) {
                    func v(_ dx: Int, _ dy: Int) -> Float { Float(p[(y + dy) * w + x + dx]) }
                    let sx = (v(1, -1) + 2 * v(1, 0) + v(1, 1)) - (v(-1, -1) + 2 * v(-1, 0) + v(-1, 1))
                    let sy = (v(-1, 1) + 2 * v(0, 1) + v(1, 1)) - (v(-1, -1) + 2 * v(0, -1) + v(1, -1))
                    let k = y * w + x
                    gx[k] = sx / 8; gy[k] = sy / 8
                    magnitude[k] = (gx[k] * gx[k] + gy[k] * gy[k]).squareRoot()
                }
            }
            // An edge stands out from the surface's own texture (a table's grain) by a few times
            // its typical gradient, and is at least a step of a few grey levels per pixel.
            let sorted = magnitude.sorted()
            let threshold = max(2.5, 3 * sorted[sorted.count / 2])
            direction = [Int16](repeating: -1, count: w * h)
            weight = [Float](repeating: 0, count: w * h)
            for k in magnitude.indices where magnitude[k] >= threshold {
                weight[k] = min(4, magnitude[k] / threshold)
                var degrees = Int((atan2(Double(gy[k]), Double(gx[k])) * 180 / .pi).rounded())
                if degrees < 0 { degrees += 360 }
                direction[k] = Int16(degrees % 360)
            }
        }

        /// An edge facing within `tolerance` degrees of `degrees` at (x, y) or a pixel across.
        func edged(x: Double, y: Double, degrees: Int, tolerance: Int = 20) -> Bool {
            let n = (cos(Double(degrees) * .pi / 180), sin(Double(degrees) * .pi / 180))
            for step in -1...1 {
                let px = Int((x + Double(step) * n.0).rounded()), py = Int((y + Double(step) * n.1).rounded())
                guard px >= 0, py >= 0, px < width, py < height else { continue }
                let d = Int(direction[py * width + px])
                guard d >= 0 else { continue }
                let off = abs(d - degrees) % 360
                if min(off, 360 - off) <= tolerance { return true }
            }
            return false
        }
    }

    /// The strongest lines: each edge pixel votes within a few degrees of its own direction, and
    /// peaks stand clear of their neighbours.
    func houghLines(_ edges: EdgeMap) -> [Line] {
        let w = edges.width, h = edges.height
        let reach = Int((Double(w * w + h * h)).squareRoot().rounded(.up)) + 1
        let span = 2 * reach + 1
        var votes = [Float](repeating: 0, count: 360 * span)
        let cosines = (0..<360).map { cos(Double($0) * .pi / 180) }, sines = (0..<360).map { sin(Double($0) * .pi / 180) }
        for y in 0..<h {
            for x in 0..<w {
                let d = Int(edges.direction[y * w + x])
                guard d >= 0 else { continue }
                for t in (d - 3)...(d + 3) {
                    let a = (t + 360) % 360
                    let rho = Int((Double(x) * cosines[a] + Double(y) * sines[a]).rounded()) + reach
                    votes[a * span + rho] += edges.weight[y * w + x]
                }
            }
        }
        var peaks: [Line] = []
        let floor = Float(0.15 * Double(min(w, h)))
        for a in 0..<360 {
            for r in 2..<(span - 2) {
                let v = votes[a * span + r]
                guard v >= floor else { continue }
                var isPeak = true
                check: for da in -3...3 {
                    let b = (a + da + 360) % 360
                    for dr in -4...4 where (da, dr) != (0, 0) {
                        let rr = r + dr
                        guard rr >= 0, rr < span else { continue }
                        let u = votes[b * span + rr]
                        if u > v || (u == v && (da, dr) < (0, 0)) { isPeak = false; break check }
                    }
                }
                if isPeak { peaks.append(Line(degrees: a, rho: Double(r - reach), votes: v)) }
            }
        }
        return peaks.sorted { $0.votes > $1.votes }.prefix(candidates).map { refined($0, edges: edges) }
    }

    /// The line fitted (weighted total least squares) to the edge pixels within 2.5 px of it that
    /// face its way: the transform's bins are a degree wide, and a table's grain voting into the
    /// bins beside a side's pulls its peak off by a degree or two, tens of pixels at a corner.
    func refined(_ line: Line, edges: EdgeMap, rounds: Int = 2) -> Line {
        var current = line
        for _ in 0..<rounds {
            let n = current.normal
            var sw = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
            for y in 0..<edges.height {
                for x in 0..<edges.width {
                    let k = y * edges.width + x
                    let d = Int(edges.direction[k])
                    guard d >= 0 else { continue }
                    let off = abs(d - current.degrees) % 360
                    guard min(off, 360 - off) <= 10, abs(Double(x) * n.x + Double(y) * n.y - current.rho) <= 2.5 else { continue }
                    let w = Double(edges.weight[k])
                    sw += w; sx += w * Double(x); sy += w * Double(y)
                    sxx += w * Double(x * x); syy += w * Double(y * y); sxy += w * Double(x * y)
                }
            }
            guard sw >= 8 else { return current }
            let mx = sx / sw, my = sy / sw
            let cxx = sxx / sw - mx * mx, cyy = syy / sw - my * my, cxy = sxy / sw - mx * my
            // The normal is the covariance's direction of least spread.
            let along = 0.5 * atan2(2 * cxy, cxx - cyy)
            var theta = along + .pi / 2
            // Kept pointing the way the edge faces (to the brighter side).
            if cos(theta - current.theta) < 0 { theta += .pi }
            guard cos(theta - current.theta) > cos(5 * Double.pi / 180) else { return current }
            let rho = mx * cos(theta) + my * sin(theta)
            var degrees = Int((theta * 180 / .pi).rounded()) % 360
            if degrees < 0 { degrees += 360 }
            current = Line(degrees: degrees, rho: rho, votes: line.votes, theta: theta)
        }
        return current
    }

    /// Of the quads four lines close (normals turning one way, each turn 40°–140°: a rectangle
    /// seen at a slant), those edged along enough of every side with steps alike, largest first.
    func quads(_ lines: [Line], edges: EdgeMap, levels: [UInt8]) -> [(quad: Quad, sides: [Side])] {
        let sorted = lines.sorted { $0.degrees < $1.degrees }
        let n = sorted.count
        var passing: [(quad: Quad, sides: [Side], area: Double)] = []
        var sideCache: [[Int]: Side] = [:]
        let frameArea = Double(edges.width * edges.height)
        func gap(_ a: Int, _ b: Int) -> Int { (sorted[b].degrees - sorted[a].degrees + 360) % 360 }
        for i in 0..<n {
            for j in (i + 1)..<max(i + 1, n) {
                guard (40...140).contains(gap(i, j)) else { continue }
                for k in (j + 1)..<max(j + 1, n) {
                    guard (40...140).contains(gap(j, k)) else { continue }
                    for l in (k + 1)..<max(k + 1, n) {
                        guard (40...140).contains(gap(k, l)), (40...140).contains(gap(l, i)) else { continue }
                        let ring = [i, j, k, l]
                        var corners: [Point] = []
                        for s in 0..<4 {
                            guard let c = sorted[ring[s]].intersection(sorted[ring[(s + 1) % 4]]) else { break }
                            corners.append(c)
                        }
                        guard corners.count == 4,
                              corners.allSatisfy({ $0.x >= -1 && $0.y >= -1 && $0.x <= Double(edges.width) && $0.y <= Double(edges.height) })
                        else { continue }
                        // Corner s joins line s and line s+1: line s runs from corner s-1 to corner s.
                        let quad = Quad(corners[0], corners[1], corners[2], corners[3])
                        // Every normal must point inward: a bright quad on a darker table, not a
                        // dark one (a shadow, a table's gap) on bright surroundings.
                        let centre = Point(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
                        guard ring.allSatisfy({ let n = sorted[$0].normal; return centre.x * n.x + centre.y * n.y > sorted[$0].rho })
                        else { continue }
                        let area = quad.area
                        guard quad.isConvex, area > 0.08 * frameArea, area < 0.9 * frameArea else { continue }
                        var sides: [Side] = []
                        for s in 0..<4 {
                            let key = [ring[(s + 3) % 4], ring[s], ring[(s + 1) % 4]]
                            let side = sideCache[key] ?? Self.side(sorted[ring[s]], from: corners[(s + 3) % 4],
                                                                   to: corners[s], edges: edges, levels: levels)
                            sideCache[key] = side
                            sides.append(side)
                            if side.coverage < minimumSideCoverage { break }
                        }
                        let strongest = sides.map(\.step).max() ?? 0
                        guard sides.count == 4, sides.allSatisfy({ $0.coverage >= minimumSideCoverage }),
                              sides.map(\.coverage).reduce(0, +) / 4 >= minimumMeanCoverage,
                              sides.allSatisfy({ $0.step >= max(minimumStep, minimumRelativeStep * strongest) }) else { continue }
                        // Corners as the text-free frame reads them: top-left first, clockwise on screen.
                        let out = margin * Double(max(edges.width, edges.height))
                        let moved = ring.map { Line(degrees: sorted[$0].degrees, rho: sorted[$0].rho - out, votes: sorted[$0].votes,
                                                    theta: sorted[$0].theta) }
                        let grown = (0..<4).compactMap { moved[$0].intersection(moved[($0 + 1) % 4]) }
                        guard grown.count == 4 else { continue }
                        passing.append((Self.ordered(Quad(grown[0], grown[1], grown[2], grown[3])), sides, area))
                    }
                }
            }
        }
        return passing.sorted { $0.area > $1.area }.prefix(kept).map { ($0.quad, $0.sides) }
    }

    /// The share of the segment (its ends' tenths left out: corners are where shadows gather)
    /// along which `line`'s edge runs, and the median step across it (3 px either side).
    static func side(_ line: Line, from a: Point, to b: Point, edges: EdgeMap, levels: [UInt8]) -> Side {
        let length = a.distance(to: b)
        guard length >= 8 else { return Side(coverage: 0, step: 0) }
        let samples = Int(length)
        let n = line.normal
        func level(_ x: Double, _ y: Double) -> Int? {
            let px = Int(x.rounded()), py = Int(y.rounded())
            guard px >= 0, py >= 0, px < edges.width, py < edges.height else { return nil }
            return Int(levels[py * edges.width + px])
        }
        var hits = 0, seen = 0
        var steps: [Int] = []
        for s in 0...samples {
            let t = Double(s) / Double(samples)
            guard t >= 0.1, t <= 0.9 else { continue }
            seen += 1
            let x = a.x + (b.x - a.x) * t, y = a.y + (b.y - a.y) * t
            if edges.edged(x: x, y: y, degrees: line.degrees) { hits += 1 }
            if let inner = level(x + 3 * n.x, y + 3 * n.y), let outer = level(x - 3 * n.x, y - 3 * n.y) { steps.append(inner - outer) }
        }
        let step = steps.isEmpty ? 0 : Double(steps.sorted()[steps.count / 2])
        return Side(coverage: seen > 0 ? Double(hits) / Double(seen) : 0, step: step)
    }

    /// The quad's corners from the one nearest the frame's top-left, clockwise on screen.
    static func ordered(_ quad: Quad) -> Quad {
        var corners = quad.corners
        // Shoelace sign: with y down, a positive sum turns clockwise on screen.
        var sum = 0.0
        for i in 0..<4 { let p = corners[i], q = corners[(i + 1) % 4]; sum += p.x * q.y - q.x * p.y }
        if sum < 0 { corners.reverse() }
        let start = corners.indices.min { corners[$0].x + corners[$0].y < corners[$1].x + corners[$1].y } ?? 0
        let turned = (0..<4).map { corners[(start + $0) % 4] }
        return Quad(turned[0], turned[1], turned[2], turned[3])
    }
}
