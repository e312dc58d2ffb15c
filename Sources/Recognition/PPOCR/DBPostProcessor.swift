/// A text box the detector found, in page pixels, with its mean text probability.
public struct DetectedBox: Sendable, Equatable {
    public var quad: LineQuad
    public var score: Double

    public init(quad: LineQuad, score: Double) {
        self.quad = quad
        self.score = score
    }
}

/// Differentiable-binarization post-processing, as PaddleOCR's DBPostProcess does it ("fast"
/// box score, quadrilateral boxes): threshold the map, take each 8-connected region of text
/// pixels, fit its minimum-area rectangle, keep it when its mean probability is high enough, and
/// grow it back from the shrunk text kernel the network was trained to mark.
///
/// The growing ("unclip") is done on the rectangle directly rather than with a polygon-offset
/// library: offsetting a rectangle by d with round joins and taking the minimum-area rectangle of
/// the result — what PaddleOCR does with pyclipper — gives exactly the rectangle widened by d on
/// every side, since the rounded corners stay inside it.
public struct DBPostProcessor: Sendable {
    public var options: PPOCROptions

    public init(options: PPOCROptions = PPOCROptions()) {
        self.options = options
    }

    /// Boxes of a probability map, scaled to a page of the given size, in the map's scan order.
    public func boxes(in map: ProbabilityMap, pageWidth: Int, pageHeight: Int) -> [DetectedBox] {
        let regions = Self.regions(in: map, threshold: options.binaryThreshold, limit: options.maxCandidates)
        let sx = Double(pageWidth) / Double(map.width), sy = Double(pageHeight) / Double(map.height)
        var out: [DetectedBox] = []
        for points in regions {
            let fitted = MinAreaRect.fit(points)
            guard min(fitted.width, fitted.height) >= options.minBoxSide else { continue }
            let kernel = MinAreaRect.ordered(fitted.corners)
            let score = Self.meanProbability(in: kernel, map: map)
            guard score >= options.boxThreshold else { continue }
            let grown = Self.unclip(kernel, ratio: options.unclipRatio)
            guard min(grown.width, grown.height) >= options.minBoxSide + 2 else { continue }
            let page = LineQuad(grown.corners.map { p in
                Point2(x: min(max((p.x * sx).rounded(), 0), Double(pageWidth - 1)),
                       y: min(max((p.y * sy).rounded(), 0), Double(pageHeight - 1)))
            })
            let clockwise = Self.orderedClockwise(page)
            guard Int(clockwise.corners[0].distance(to: clockwise.corners[1])) > 3,
                  Int(clockwise.corners[0].distance(to: clockwise.corners[3])) > 3 else { continue }
            out.append(DetectedBox(quad: clockwise, score: score))
        }
        return out
    }

    /// Pixel centers on the left and right edge of each row of every 8-connected region above
    /// the threshold (their convex hull is the region's), in the order regions are first met.
    static func regions(in map: ProbabilityMap, threshold: Float, limit: Int) -> [[Point2]] {
        let w = map.width, h = map.height
        var label = [Int32](repeating: 0, count: w * h)
        var regions: [[Point2]] = []
        var stack: [Int] = []
        // Each row's leftmost and rightmost pixel of the region being filled, and which rows it touched.
        var rowMin = [Int](repeating: Int.max, count: h), rowMax = [Int](repeating: -1, count: h)
        var rows: [Int] = []
        map.values.withUnsafeBufferPointer { p in
            for start in 0..<(w * h) where p[start] > threshold && label[start] == 0 {
                guard regions.count < limit else { return }
                label[start] = 1
                stack.append(start)
                rows.removeAll(keepingCapacity: true)
                while let i = stack.popLast() {
                    let x = i % w, y = i / w
                    if rowMax[y] < 0 { rows.append(y) }
                    rowMin[y] = min(rowMin[y], x)
                    rowMax[y] = max(rowMax[y], x)
                    for dy in -1...1 {
                        let ny = y + dy
                        guard ny >= 0 && ny < h else { continue }
                        for dx in -1...1 {
                            let nx = x + dx
                            guard nx >= 0 && nx < w else { continue }
                            let j = ny * w + nx
                            if label[j] == 0 && p[j] > threshold {
                                label[j] = 1
                                stack.append(j)
                            }
                        }
                    }
                }
                var points: [Point2] = []
                for y in rows.sorted() {
                    points.append(Point2(x: Double(rowMin[y]), y: Double(y)))
                    if rowMax[y] != rowMin[y] { points.append(Point2(x: Double(rowMax[y]), y: Double(y))) }
                    rowMin[y] = Int.max
                    rowMax[y] = -1
                }
                regions.append(points)
            }
        }
        return regions
    }

    /// Mean probability over the map pixels whose centers fall in the quad (PaddleOCR's "fast" score).
    static func meanProbability(in quad: LineQuad, map: ProbabilityMap) -> Double {
        let b = quad.bounds
        let x0 = max(Int(b.minX.rounded(.down)), 0), x1 = min(Int(b.maxX.rounded(.up)), map.width - 1)
        let y0 = max(Int(b.minY.rounded(.down)), 0), y1 = min(Int(b.maxY.rounded(.up)), map.height - 1)
        guard x1 >= x0, y1 >= y0 else { return 0 }
        var sum = 0.0, count = 0
        for y in y0...y1 {
            for x in x0...x1 where quad.contains(Point2(x: Double(x), y: Double(y)), tolerance: 0.5) {
                sum += Double(map[x, y])
                count += 1
            }
        }
        return count > 0 ? sum / Double(count) : 0
    }

    /// The rectangle grown by area × ratio / perimeter on every side.
    static func unclip(_ rectangle: LineQuad, ratio: Double) -> (corners: [Point2], width: Double, height: Double) {
        let c = rectangle.corners
        let w = c[0].distance(to: c[1]), h = c[0].distance(to: c[3])
        guard w > 0, h > 0 else { return (c, w, h) }
        let distance = w * h * ratio / (2 * (w + h))
        let u = (c[1] - c[0]) * (1 / w), v = (c[3] - c[0]) * (1 / h)
        let origin = c[0] - u * distance - v * distance
        let W = w + 2 * distance, H = h + 2 * distance
        return ([origin, origin + u * W, origin + u * W + v * H, origin + v * H], W, H)
    }

    /// Top-left (smallest x + y), top-right, bottom-right (largest x + y), bottom-left, as
    /// PaddleOCR orders a box before cropping it.
    static func orderedClockwise(_ quad: LineQuad) -> LineQuad {
        let p = quad.corners
        let sums = p.map { $0.x + $0.y }
        guard let tl = sums.indices.min(by: { sums[$0] < sums[$1] }),
              let br = sums.indices.max(by: { sums[$0] < sums[$1] }), tl != br else { return quad }
        let rest = p.indices.filter { $0 != tl && $0 != br }
        // Of the other two, the one with the smaller y − x is top-right.
        let (a, b) = (p[rest[0]], p[rest[rest.count > 1 ? 1 : 0]])
        let tr = (a.y - a.x) <= (b.y - b.x) ? a : b
        let bl = (a.y - a.x) <= (b.y - b.x) ? b : a
        return LineQuad([p[tl], tr, p[br], bl])
    }
}
