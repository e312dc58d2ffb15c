import Imaging

extension PageMask {
    /// The sheet as the brightest large region of the photo itself, before any background
    /// normalization: normalizing makes a smooth table as white as the paper (the thresholded
    /// mask then covers the whole photo), but the paper still outshines a wooden, dark or grey table
    /// in the raw photo. The photo is reduced to about `longSide` pixels, its print closed away
    /// (a 5 × 5 grey closing: lines of text are a pixel or two tall at that size), and split at the
    /// level between table and paper (Otsu's). `reduction`: the frame the page is wanted in, per
    /// pixel of `gray`. nil when no bright region stands apart.
    static func byBrightness(_ gray: Raster, reduction: Double, longSide: Int = 256) -> PageMask? {
        let factor = min(1, Double(longSide) / Double(max(gray.width, gray.height)))
        guard let small = Pix(gray).scaled(by: factor)?.raster(), small.width >= 16, small.height >= 16 else { return nil }
        let w = small.width, h = small.height
        let closed = minimumFilter(maximumFilter(small.pixels, width: w, height: h, radius: 2), width: w, height: h, radius: 2)
        guard let level = otsuLevel(closed) else { return nil }
        // Two classes that differ by little are one surface in uneven light, not paper on a table.
        let paper = closed.filter { Int($0) > level }, table = closed.filter { Int($0) <= level }
        guard !paper.isEmpty, !table.isEmpty else { return nil }
        let paperMean = Double(paper.reduce(0) { $0 + Int($1) }) / Double(paper.count)
        let tableMean = Double(table.reduce(0) { $0 + Int($1) }) / Double(table.count)
        guard paperMean - tableMean >= minimumContrast else { return nil }
        return largestRegion(white: closed.map { Int($0) > level }, width: w, height: h,
                             scale: Double(w) / (Double(gray.width) * reduction))
    }

    /// The ring `cells` mask cells wide just outside the page, as a mask of its own.
    func band(cells: Int) -> PageMask {
        let grown = Morphology.dilate(inside, width: width, height: height, radius: cells)
        let ring = zip(grown, inside).map { $0 && !$1 }
        let area = ring.reduce(0) { $0 + ($1 ? 1 : 0) }
        return PageMask(width: width, height: height, inside: ring, scale: scale,
                        areaFraction: Double(area) / Double(width * height), borderContact: 0)
    }

    /// Least difference of mean grey level between paper and table for a sheet to stand apart.
    static let minimumContrast = 20.0

    /// The level that best splits the values into two classes (Otsu's between-class variance).
    static func otsuLevel(_ values: [UInt8]) -> Int? {
        guard !values.isEmpty else { return nil }
        var histogram = [Double](repeating: 0, count: 256)
        for v in values { histogram[Int(v)] += 1 }
        let total = Double(values.count)
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset) * $1.element }
        var below = 0.0, belowSum = 0.0, best: (variance: Double, level: Int)?
        for level in 0..<255 {
            below += histogram[level]
            belowSum += Double(level) * histogram[level]
            let above = total - below
            guard below > 0, above > 0 else { continue }
            let difference = belowSum / below - (sum - belowSum) / above
            let variance = below * above * difference * difference
            if best == nil || variance > best!.variance { best = (variance, level) }
        }
        return best?.level
    }

    static func maximumFilter(_ p: [UInt8], width w: Int, height h: Int, radius r: Int) -> [UInt8] {
        rankFilter(p, width: w, height: h, radius: r, keepLarger: true)
    }

    static func minimumFilter(_ p: [UInt8], width w: Int, height h: Int, radius r: Int) -> [UInt8] {
        rankFilter(p, width: w, height: h, radius: r, keepLarger: false)
    }

    /// A square max or min filter, rows then columns.
    private static func rankFilter(_ p: [UInt8], width w: Int, height h: Int, radius r: Int, keepLarger: Bool) -> [UInt8] {
        func pick(_ a: UInt8, _ b: UInt8) -> UInt8 { keepLarger ? max(a, b) : min(a, b) }
        var rows = p
        for y in 0..<h {
            for x in 0..<w {
                var v = p[y * w + x]
                for dx in max(0, x - r)...min(w - 1, x + r) { v = pick(v, p[y * w + dx]) }
                rows[y * w + x] = v
            }
        }
        var out = rows
        for y in 0..<h {
            for x in 0..<w {
                var v = rows[y * w + x]
                for dy in max(0, y - r)...min(h - 1, y + r) { v = pick(v, rows[dy * w + x]) }
                out[y * w + x] = v
            }
        }
        return out
    }
}
