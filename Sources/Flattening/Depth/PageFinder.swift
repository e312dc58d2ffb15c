import Foundation
import Imaging

/// Finds the sheet in the unrolled view of the surface. Unrolled, the page is an exact rectangle
/// (paper keeps its lengths), so finding it is finding four straight edges at right angles: the
/// text's strokes give the angle; the view is turned level with it; each side is then the outermost
/// line along which an edge runs almost without a break. A column of text has a ragged, broken
/// edge (line gaps, letter shapes); the sheet's edge is continuous, even where it barely stands out
/// from a pale table. Depth bounds the search where the page stands off its background (held over
/// the table, a lifted edge); where it lies on the table, only the photo tells paper from table.
struct PageFinder {
    struct Options: Sendable, Equatable, Codable {
        /// Share of a side's length along which an edge must run to be a candidate.
        var minimumCoverage = 0.45
        /// Candidates must also reach this share of the best candidate's coverage on that side.
        var relativeCoverage = 0.7
        /// Gradient (gray levels per pixel) that counts as an edge, at least.
        var minimumGradient = 1.5
    }

    /// The page's sides in the turned view (pixels): left/right are columns, top/bottom rows.
    struct Found: Sendable {
        /// Angle of the page's axes in the view, radians (−45°…45°).
        var angle: Double
        var left: Double, right: Double, top: Double, bottom: Double
        /// Turned-view pixel (0, 0) in view pixels' rotated frame.
        var originP: Double, originQ: Double
        /// How each side was found (edge coverage, or the depth region's border), for pages.json.
        var sources: [String]
        /// Mean edge coverage of the four sides (0 for a side taken from the depth border).
        var score: Double

        /// Corners in view pixels: top-left, top-right, bottom-right, bottom-left of the page.
        var corners: [(x: Double, y: Double)] {
            let c = cos(angle), s = sin(angle)
            return [(left, top), (right, top), (right, bottom), (left, bottom)].map { (i, j) in
                let p = originP + i, q = originQ + j
                return (p * c - q * s, p * s + q * c)
            }
        }
    }

    var options = Options()

    /// `view`: gray unrolled view; `valid`: where it shows the photo; `region`: where the depth
    /// found the page's surface; `regionTolerance`: how far (view pixels) the depth border may be off.
    /// `centre`: a view position surely on the page (where the photo's middle lands).
    /// `hint`: an angle found before (a previous look at the same page), tried first.
    /// `colour`: more planes seen as `view` is (the photo's colour), an edge counting where any of
    /// them shows it. `alsoTry`: angles tried besides the candidates found here (another look's).
    func find(view: Raster, colour: [Raster] = [], valid: [Bool], region: [Bool], regionTolerance: Double,
              centre: (x: Double, y: Double), hint: Double? = nil, alsoTry: [Double] = []) -> Found? {
        guard view.width >= 16, view.height >= 16 else { return nil }
        // A few candidate angles (text and edges, but also a striped table): the one whose sides
        // are found along most of their length wins.
        var best: (found: Found, score: Double)?
        let views = [view] + colour
        var angles = candidateAngles(Self.gradients(views, valid: valid), region: region, centre: centre,
                                     width: view.width, height: view.height)
        for angle in alsoTry where !angles.contains(where: { abs(remainder($0 - angle, .pi / 2)) < 0.3 * .pi / 180 }) {
            angles.append(angle)
        }
        if let hint {
            angles.removeAll { abs(remainder($0 - hint, .pi / 2)) < 1.5 * .pi / 180 }
            angles.insert(hint, at: 0)
        }
        for angle in angles {
            guard let found = find(views: views, valid: valid, region: region, regionTolerance: regionTolerance, centre: centre,
                                   angle: angle) else { continue }
            if found.score > (best?.score ?? -1) { best = (found, found.score) }
        }
        return best?.found
    }

    private func find(views: [Raster], valid: [Bool], region: [Bool], regionTolerance: Double, centre: (x: Double, y: Double),
                      angle: Double) -> Found? {
        let turned = Turned(views: views, valid: valid, region: region, angle: angle)
        let w = turned.width, h = turned.height
        let g = Self.gradients(turned.views, valid: turned.valid)

        // Extents of the depth region and of the visible view, in turned pixels (coordinates are
        // whole pixels, so counting them per column and row gives the percentiles without sorting).
        var rx = [Int](repeating: 0, count: w), ry = [Int](repeating: 0, count: h), vx = rx, vy = ry
        var regionCount = 0, validCount = 0
        turned.region.withUnsafeBufferPointer { region in
            turned.valid.withUnsafeBufferPointer { valid in
                for y in 0..<h {
                    var regionRow = 0, validRow = 0
                    for x in 0..<w {
                        if region[y * w + x] { rx[x] += 1; regionRow += 1 }
                        if valid[y * w + x] { vx[x] += 1; validRow += 1 }
                    }
                    ry[y] = regionRow; vy[y] = validRow
                    regionCount += regionRow; validCount += validRow
                }
            }
        }
        guard regionCount > 100, validCount > 100 else { return nil }
        let rX = Self.percentiles(counts: rx, total: regionCount), rY = Self.percentiles(counts: ry, total: regionCount)
        let vX = Self.percentiles(counts: vx, total: validCount), vY = Self.percentiles(counts: vy, total: validCount)
        // A side of the depth region that stops short of the view's edge is a real depth border.
        let margin = 3 * regionTolerance
        let bounded = [rX.lo > vX.lo + margin, rX.hi < vX.hi - margin, rY.lo > vY.lo + margin, rY.hi < vY.hi - margin]
        let borders = [rX.lo, rX.hi, rY.lo, rY.hi]
        let threshold = max(options.minimumGradient, 2.5 * Self.medianMagnitude(g))
        // Every line is judged three rounds over; the per-pixel verdicts are tallied once.
        let columns = EdgeTally(g.x, turned.valid, width: w, height: h, vertical: true, threshold: Float(threshold))
        let rows = EdgeTally(g.y, turned.valid, width: w, height: h, vertical: false, threshold: Float(threshold))

        var sides = borders
        var sources = [String](repeating: "depth", count: 4)
        var coverages = [0.0, 0.0, 0.0, 0.0]
        for round in 0..<3 {
            // The first round judges lines over the depth region's extent, which is the whole table
            // when the page lies on it: the sheet's edges then cover only part of that span, so only
            // their ranking counts. Later rounds judge over the sides found.
            let floor = round == 0 ? 0.1 : options.minimumCoverage
            let midX = centre.x * cos(angle) + centre.y * sin(angle) - turned.originP
            let midY = -centre.x * sin(angle) + centre.y * cos(angle) - turned.originQ
            func window(_ k: Int, _ lo: Double, _ hi: Double) -> ClosedRange<Int> {
                let a = bounded[k] ? max(lo, borders[k] - 2 * regionTolerance) : lo
                let b = bounded[k] ? min(hi, borders[k] + 2 * regionTolerance) : hi
                return Int(a.rounded(.down))...max(Int(a.rounded(.down)), Int(b.rounded(.up)))
            }
            // Lines are judged over the middle 80% of the current opposite sides (corners may be lost in shadow).
            let spanY = Int(sides[2] + 0.1 * (sides[3] - sides[2]))...max(0, Int(sides[3] - 0.1 * (sides[3] - sides[2])))
            let spanX = Int(sides[0] + 0.1 * (sides[1] - sides[0]))...max(0, Int(sides[1] - 0.1 * (sides[1] - sides[0])))
            let found = [
                line(columns, window: window(0, vX.lo, midX), span: spanY, outermostFirst: true, floor: floor),
                line(columns, window: window(1, midX, vX.hi), span: spanY, outermostFirst: false, floor: floor),
                line(rows, window: window(2, vY.lo, midY), span: spanX, outermostFirst: true, floor: floor),
                line(rows, window: window(3, midY, vY.hi), span: spanX, outermostFirst: false, floor: floor),
            ]
            for k in 0..<4 {
                if let f = found[k] {
                    sides[k] = f.position
                    coverages[k] = f.coverage
                    sources[k] = String(format: "edge %.0f%%", f.coverage * 100)
                } else if sources[k].hasPrefix("edge") {
                    // Keep an edge found over the wider span.
                } else {
                    coverages[k] = 0
                    sides[k] = borders[k]
                    sources[k] = bounded[k] ? "depth border" : "depth (no edge)"
                }
            }
        }
        guard sides[1] - sides[0] > 8, sides[3] - sides[2] > 8 else { return nil }
        return Found(angle: angle, left: sides[0], right: sides[1], top: sides[2], bottom: sides[3],
                     originP: turned.originP, originQ: turned.originQ, sources: sources, score: coverages.reduce(0, +) / 4)
    }

    /// The outermost column (vertical) or row with an edge along most of `span`, from the window's
    /// outer end inward.
    private func line(_ tally: EdgeTally, window: ClosedRange<Int>, span: ClosedRange<Int>, outermostFirst: Bool,
                      floor: Double) -> (position: Double, coverage: Double)? {
        let limit = tally.lines, across = tally.length
        let lo = max(2, window.lowerBound), hi = min(limit - 3, window.upperBound)
        let a = max(0, span.lowerBound), b = min(across - 1, span.upperBound)
        guard hi > lo, b > a + 8 else { return nil }
        var coverage = [Double](repeating: 0, count: limit), signs = coverage, sums = coverage
        for i in lo...hi {
            let counts = tally.counts(line: i, from: a, through: b)
            guard counts.seen * 2 > (b - a + 1) else { continue }
            coverage[i] = Double(max(counts.positive, counts.negative)) / Double(b - a + 1)
            signs[i] = counts.positive >= counts.negative ? 1 : -1
            sums[i] = counts.sum
        }
        guard let best = (lo...hi).map({ coverage[$0] }).max(), best >= floor else { return nil }
        let order = outermostFirst ? Array(lo...hi) : Array((lo...hi).reversed())
        for i in order where coverage[i] >= max(floor, options.relativeCoverage * best)
            && coverage[i] >= coverage[max(lo, i - 1)] && coverage[i] >= coverage[min(hi, i + 1)] {
            // Sub-pixel position: the centre of the gradient's mass across the three lines.
            let s = signs[i]
            let m0 = max(0, s * sums[max(0, i - 1)]), m1 = max(0, s * sums[i]), m2 = max(0, s * sums[min(limit - 1, i + 1)])
            let total = m0 + m1 + m2
            let offset = total > 0 ? (m2 - m0) / total : 0
            return (Double(i) + offset, coverage[i])
        }
        return nil
    }

    /// Sobel gradients of the first view, where a later view has the stronger gradient taken from it
    /// instead, pixel by pixel: a sheet's edge that shows on either colour axis (yellow-blue,
    /// red-green) then runs unbroken.
    static func gradients(_ views: [Raster], valid: [Bool]) -> (x: [Float], y: [Float]) {
        var g = sobel(views[0], valid: valid)
        for view in views.dropFirst() {
            let c = sobel(view, valid: valid)
            for k in g.x.indices where max(abs(c.x[k]), abs(c.y[k])) > max(abs(g.x[k]), abs(g.y[k])) {
                g.x[k] = c.x[k]
                g.y[k] = c.y[k]
            }
        }
        return g
    }

    /// Sobel gradients (divided by 8: gray levels per pixel), zero where a neighbour is not valid.
    static func sobel(_ view: Raster, valid: [Bool]) -> (x: [Float], y: [Float]) {
        let w = view.width, h = view.height
        var gx = [Float](repeating: 0, count: w * h), gy = gx
        view.pixels.withUnsafeBufferPointer { g in
            valid.withUnsafeBufferPointer { valid in
                gx.withUnsafeMutableBufferPointer { gx in
                    gy.withUnsafeMutableBufferPointer { gy in
                        for y in 1..<(h - 1) {
                            for x in 1..<(w - 1) {
                                let k = y * w + x
                                guard valid[k - w - 1], valid[k - w + 1], valid[k + w - 1], valid[k + w + 1], valid[k - 1], valid[k + 1],
                                      valid[k - w], valid[k + w] else { continue }
                                @inline(__always) func v(_ i: Int) -> Float { Float(g[i]) }
                                gx[k] = (v(k - w + 1) + 2 * v(k + 1) + v(k + w + 1) - v(k - w - 1) - 2 * v(k - 1) - v(k + w - 1)) / 8
                                gy[k] = (v(k + w - 1) + 2 * v(k + w) + v(k + w + 1) - v(k - w - 1) - 2 * v(k - w) - v(k - w + 1)) / 8
                            }
                        }
                    }
                }
            }
        }
        return (gx, gy)
    }

    static func medianMagnitude(_ g: (x: [Float], y: [Float])) -> Double {
        var m: [Float] = []
        m.reserveCapacity(g.x.count / 4)
        for k in Swift.stride(from: 0, to: g.x.count, by: 4) where g.x[k] != 0 || g.y[k] != 0 { m.append(max(abs(g.x[k]), abs(g.y[k]))) }
        guard !m.isEmpty else { return 0 }
        return Double(Selection.element(ofRank: m.count / 2, in: &m))
    }

    /// Directions of the text's strokes and the page's edges, modulo 90°: the strongest peaks of a
    /// magnitude-weighted histogram of gradient directions around the page's middle.
    private func candidateAngles(_ g: (x: [Float], y: [Float]), region: [Bool], centre: (x: Double, y: Double),
                                 width w: Int, height h: Int) -> [Double] {
        var xs = [Int](repeating: 0, count: w), ys = [Int](repeating: 0, count: h)
        var n = 0
        region.withUnsafeBufferPointer { region in
            for y in 0..<h {
                var row = 0
                for x in 0..<w where region[y * w + x] { xs[x] += 1; row += 1 }
                ys[y] = row; n += row
            }
        }
        guard n > 50 else { return [] }
        func rank(_ counts: [Int], _ r: Int) -> Int {
            var seen = 0
            for (position, c) in counts.enumerated() { seen += c; if seen > r { return position } }
            return counts.count - 1
        }
        // A window about the photo's middle, a quarter of the region's size each way.
        let rx = Double(rank(xs, n * 19 / 20) - rank(xs, n / 20)) / 4, ry = Double(rank(ys, n * 19 / 20) - rank(ys, n / 20)) / 4
        let x0 = max(1, Int(centre.x - rx)), x1 = min(w - 2, Int(centre.x + rx)), y0 = max(1, Int(centre.y - ry)), y1 = min(h - 2, Int(centre.y + ry))
        guard x1 > x0, y1 > y0 else { return [] }
        let bins = 180
        var histogram = [Double](repeating: 0, count: bins)
        for y in y0...y1 {
            for x in x0...x1 {
                let k = y * w + x
                let m = Double(g.x[k] * g.x[k] + g.y[k] * g.y[k]).squareRoot()
                guard m > 2 else { continue }
                var a = atan2(Double(g.y[k]), Double(g.x[k])) * 180 / .pi
                a = a.truncatingRemainder(dividingBy: 90)
                if a < 0 { a += 90 }
                histogram[min(bins - 1, Int(a * 2))] += m
            }
        }
        var smooth = histogram
        for i in 0..<bins {
            var s = 0.0
            for (d, weight) in [(-2, 1.0), (-1, 2.0), (0, 3.0), (1, 2.0), (2, 1.0)] { s += weight * histogram[(i + d + bins) % bins] }
            smooth[i] = s
        }
        guard let top = smooth.max(), top > 0 else { return [] }
        var peaks: [(degrees: Double, height: Double)] = []
        for i in 0..<bins {
            let a = smooth[(i - 1 + bins) % bins], b = smooth[i], c = smooth[(i + 1) % bins]
            guard b >= a, b > c, b >= 0.25 * top else { continue }
            let d = a - 2 * b + c
            let offset = abs(d) > 1e-12 ? 0.5 * (a - c) / d : 0
            var degrees = (Double(i) + 0.5 + offset) * 0.5
            if degrees >= 45 { degrees -= 90 }
            peaks.append((degrees, b))
        }
        peaks.sort { $0.height > $1.height }
        var chosen: [Double] = []
        for p in peaks where chosen.count < 3 && !chosen.contains(where: { abs(remainder($0 - p.degrees, 90)) < 2 }) {
            chosen.append(p.degrees)
        }
        return chosen.map { $0 * .pi / 180 }
    }

    static func percentiles(_ values: [Double]) -> (lo: Double, hi: Double) {
        var sorted = values
        sorted.sort()
        return (sorted[sorted.count / 200], sorted[sorted.count - 1 - sorted.count / 200])
    }

    /// `percentiles` of whole-pixel positions given as counts per position (`total` of them).
    static func percentiles(counts: [Int], total: Int) -> (lo: Double, hi: Double) {
        func value(atRank rank: Int) -> Double {
            var seen = 0
            for (position, n) in counts.enumerated() {
                seen += n
                if seen > rank { return Double(position) }
            }
            return Double(counts.count - 1)
        }
        return (value(atRank: total / 200), value(atRank: total - 1 - total / 200))
    }
}

/// The views (gray, then any colour planes, all the same size) turned by −angle (bilinear), so the
/// page's sides are columns and rows.
private struct Turned {
    let width: Int, height: Int
    let originP: Double, originQ: Double
    var views: [Raster]
    var valid: [Bool]
    var region: [Bool]

    init(views sources: [Raster], valid sourceValid: [Bool], region sourceRegion: [Bool], angle: Double) {
        let c = cos(angle), s = sin(angle)
        let sw = sources[0].width, sh = sources[0].height
        var pMin = Double.infinity, pMax = -Double.infinity, qMin = Double.infinity, qMax = -Double.infinity
        for (x, y) in [(0.0, 0.0), (Double(sw - 1), 0), (0, Double(sh - 1)), (Double(sw - 1), Double(sh - 1))] {
            let p = x * c + y * s, q = -x * s + y * c
            pMin = min(pMin, p); pMax = max(pMax, p); qMin = min(qMin, q); qMax = max(qMax, q)
        }
        width = Int((pMax - pMin).rounded(.up)) + 1
        height = Int((qMax - qMin).rounded(.up)) + 1
        originP = pMin; originQ = qMin
        var valid = [Bool](repeating: false, count: width * height), region = valid
        let (w, h) = (width, height)
        var turnedViews: [Raster] = []
        for source in sources {
            // The same geometry for every view: the gray one also marks where the photo is seen.
            let first = turnedViews.isEmpty
            var pixels = [UInt8](repeating: 0, count: width * height)
            source.pixels.withUnsafeBufferPointer { src in
                sourceValid.withUnsafeBufferPointer { sv in
                    sourceRegion.withUnsafeBufferPointer { sr in
                        pixels.withUnsafeMutableBufferPointer { out in
                            valid.withUnsafeMutableBufferPointer { vo in
                                region.withUnsafeMutableBufferPointer { ro in
                                    for j in 0..<h {
                                        for i in 0..<w {
                                            let p = pMin + Double(i), q = qMin + Double(j)
                                            let x = p * c - q * s, y = p * s + q * c
                                            guard x >= 0, y >= 0, x <= Double(sw - 1), y <= Double(sh - 1) else { continue }
                                            let ix = roundedHalfAway(x), iy = roundedHalfAway(y)
                                            let k = iy * sw + ix
                                            let x0 = min(Int(x), sw - 2), y0 = min(Int(y), sh - 2)
                                            // All four bilinear neighbours must show the photo.
                                            let b = y0 * sw + x0
                                            guard sv[b], sv[b + 1], sv[b + sw], sv[b + sw + 1] else { continue }
                                            // Raster.sample's bilinear value (its edge rule on the last row and column).
                                            let value: Double
                                            if Int(x) >= sw - 1 || Int(y) >= sh - 1 {
                                                value = Double(src[k])
                                            } else {
                                                let fx = x - Double(x0), fy = y - Double(y0)
                                                let top = Double(src[b]) * (1 - fx) + Double(src[b + 1]) * fx
                                                let bottom = Double(src[b + sw]) * (1 - fx) + Double(src[b + sw + 1]) * fx
                                                value = top * (1 - fy) + bottom * fy
                                            }
                                            out[j * w + i] = UInt8(min(255, Double(roundedHalfAway(value))))
                                            if first {
                                                vo[j * w + i] = true
                                                ro[j * w + i] = sr[k]
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            turnedViews.append(Raster(width: width, height: height, channels: 1, pixels: pixels))
        }
        views = turnedViews
        self.valid = valid
        self.region = region
    }
}

/// `Int(x.rounded())` (halves away from zero) without the libm call `rounded()` makes: exact, as
/// `x − trunc(x)` is exact for any double.
@inline(__always) func roundedHalfAway(_ x: Double) -> Int {
    let t = x.rounded(.towardZero)
    let f = x - t
    return Int(t) + (f >= 0.5 ? 1 : (f <= -0.5 ? -1 : 0))
}

/// For each line (column or row) of a gradient image, running totals along it of the pixels where
/// the best of the line and its two neighbours is seen, above the threshold, below minus it, and of
/// the line's own gradient: any stretch of any line is then judged in constant time.
/// The sums are exact (gradients are eighths of integers), so totals over a stretch equal the
/// stretch's own sum.
private struct EdgeTally {
    /// Number of lines and their length (pixels).
    let lines: Int
    let length: Int
    /// Totals at position j (0…length, before pixel j) of line i sit at j · positionStride + i · lineStride:
    /// column totals row by row, row totals line by line, so both are built reading the image in order.
    private let positionStride: Int
    private let lineStride: Int
    private var positive: [Int32]
    private var negative: [Int32]
    private var seen: [Int32]
    private var sum: [Double]

    init(_ g: [Float], _ valid: [Bool], width w: Int, height h: Int, vertical: Bool, threshold t: Float) {
        let lines = vertical ? w : h, length = vertical ? h : w
        self.lines = lines
        self.length = length
        let positionStride = vertical ? lines : 1, lineStride = vertical ? 1 : length + 1
        self.positionStride = positionStride
        self.lineStride = lineStride
        let count = lines * (length + 1)
        var positive = [Int32](repeating: 0, count: count), negative = positive, seen = positive
        var sum = [Double](repeating: 0, count: count)
        // A line's neighbouring lines are `beside` away in the image.
        let beside = vertical ? 1 : w
        g.withUnsafeBufferPointer { g in
            valid.withUnsafeBufferPointer { valid in
                positive.withUnsafeMutableBufferPointer { pos in
                    negative.withUnsafeMutableBufferPointer { neg in
                        seen.withUnsafeMutableBufferPointer { seen in
                            sum.withUnsafeMutableBufferPointer { sum in
                                // Pixel (i, j) of line i at position j: image index k; adds to the totals at j + 1.
                                @inline(__always) func tally(line i: Int, position j: Int, pixel k: Int) {
                                    let before = j * positionStride + i * lineStride, after = before + positionStride
                                    var p = pos[before], n = neg[before], s = seen[before], total = sum[before]
                                    if i >= 1 && i < lines - 1 {
                                        // Best of three neighbouring lines: the edge is a pixel or two wide and may lean slightly.
                                        var best: Float = 0, seenHere = false
                                        if valid[k - beside] { seenHere = true; best = g[k - beside] }
                                        if valid[k] { seenHere = true; if abs(g[k]) > abs(best) { best = g[k] } }
                                        if valid[k + beside] { seenHere = true; if abs(g[k + beside]) > abs(best) { best = g[k + beside] } }
                                        if seenHere {
                                            s += 1
                                            if best > t { p += 1 } else if best < -t { n += 1 }
                                            total += Double(g[k])
                                        }
                                    }
                                    pos[after] = p; neg[after] = n; seen[after] = s; sum[after] = total
                                }
                                // Image rows outer, columns inner, either way.
                                for y in 0..<h {
                                    for x in 0..<w {
                                        if vertical { tally(line: x, position: y, pixel: y * w + x) } else { tally(line: y, position: x, pixel: y * w + x) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        self.positive = positive
        self.negative = negative
        self.seen = seen
        self.sum = sum
    }

    /// Totals over positions `a…b` of line `i`.
    func counts(line i: Int, from a: Int, through b: Int) -> (positive: Int, negative: Int, seen: Int, sum: Double) {
        let lo = a * positionStride + i * lineStride, hi = (b + 1) * positionStride + i * lineStride
        return (Int(positive[hi] - positive[lo]), Int(negative[hi] - negative[lo]), Int(seen[hi] - seen[lo]), sum[hi] - sum[lo])
    }
}
