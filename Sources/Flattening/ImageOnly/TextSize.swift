import Imaging

/// Measures the print's x-height on samples of the flattened page, so the page can be resampled
/// once, at the scale Tesseract reads best, instead of resampled and then rescaled.
///
/// Per text line, ink is densest between the baseline and the x-line (every lower-case letter fills
/// that band; ascenders, descenders and capitals add little above and below it), so the x-height is
/// the band where a line's row profile stays above half its peak. This holds for small print whose
/// letters touch and for broken print (thermal receipts) alike, where counting connected letters
/// fails. Lines whose band fills the whole line — leader dots alone, digits, capitals — say nothing
/// about lower case and are used only when no line has lower case.
enum TextSize {
    struct Line: Sendable, Equatable {
        /// Rows at or above half the line's peak density.
        var core: Int
        /// Rows with ink at all.
        var full: Int
        var hasLowerCase: Bool { Double(full) >= 1.25 * Double(core) }
    }

    /// The text lines of a sample whose lines run horizontally.
    static func lines(in gray: Raster) -> [Line] {
        let w = gray.width, h = gray.height
        guard w >= 32, h >= 32 else { return [] }
        let ink = inkMask(gray)
        var profile = [Double](repeating: 0, count: h)
        for y in 0..<h {
            var n = 0
            for x in 0..<w where ink[y * w + x] { n += 1 }
            profile[y] = Double(n) / Double(w)
        }
        guard let top = profile.max(), top > 0.01 else { return [] }
        var lines: [Line] = []
        var y = 0
        while y < h {
            guard profile[y] > 0.08 * top else { y += 1; continue }
            let start = y
            while y < h && profile[y] > 0.08 * top { y += 1 }
            // Lines cut by the sample's border are incomplete.
            guard start > 0, y < h else { continue }
            let rows = profile[start..<y]
            let peak = rows.max() ?? 0
            guard peak > 0.2 * top else { continue }
            let core = rows.filter { $0 >= 0.5 * peak }.count
            if core >= 3 { lines.append(Line(core: core, full: y - start)) }
        }
        return lines
    }

    /// Median band of the lines with lower case (of all lines when none has), pixels, with two
    /// guards against ink that is not letters, each found on a page enlarged to the pixel limit:
    ///
    /// - Only lines at least half as tall as the sample's tall ones (its upper-quartile line) count.
    ///   Rules, dotted separators and specks come out as thin "lines" whose uneven ink looks like
    ///   lower case; on a receipt printed in capitals they were the only lines that did (12 MP
    ///   generated receipt 5019: bands of 5–9 px among lines of 37–52, x-height 0.35 mm measured for
    ///   1.6 mm print).
    /// - The band is at least two fifths of the chosen lines' median height. Lower-case print's
    ///   x-height is about half its line (ascender to descender), but a few rows of horizontal ink
    ///   can be a line's densest: leader dots on the baseline (generated list 1037), or the serifs and
    ///   bars of a thin monospace face (receipt 4045, bands of 9–15 px on lines 38 tall).
    static func xHeight(of lines: [Line]) -> Double? {
        guard !lines.isEmpty else { return nil }
        let tall = Double(lines.map(\.full).sorted()[lines.count * 3 / 4])
        let printed = lines.filter { Double($0.full) >= 0.5 * tall }
        let lower = printed.filter(\.hasLowerCase)
        let chosen = lower.count >= 3 ? lower : printed
        guard chosen.count >= 3 else { return nil }
        let cores = chosen.map(\.core).sorted(), fulls = chosen.map(\.full).sorted()
        return max(Double(cores[cores.count / 2]), 0.4 * Double(fulls[fulls.count / 2]))
    }

    static func xHeight(in gray: Raster) -> Double? { xHeight(of: lines(in: gray)) }

    /// Ink: darker than the mean of its neighbourhood (shading and shadows vary slowly) by a good
    /// part of the sample's contrast, so faint print (thin strokes, pale thermal paper) counts too.
    static func inkMask(_ gray: Raster) -> [Bool] {
        let w = gray.width, h = gray.height
        var integral = [Int](repeating: 0, count: (w + 1) * (h + 1))
        var histogram = [Int](repeating: 0, count: 256)
        for y in 0..<h {
            var row = 0
            for x in 0..<w {
                let v = gray.pixels[y * w + x]
                histogram[Int(v)] += 1
                row += Int(v)
                integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row
            }
        }
        func percentile(_ p: Double) -> Double {
            var count = 0
            let target = Int(p * Double(w * h))
            for v in 0..<256 { count += histogram[v]; if count > target { return Double(v) } }
            return 255
        }
        let dark = percentile(0.01), paper = percentile(0.9)
        let step = max(12, 0.35 * (paper - dark))
        let r = max(8, min(w, h) / 8)
        var ink = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            let y0 = max(0, y - r), y1 = min(h, y + r + 1)
            for x in 0..<w {
                let x0 = max(0, x - r), x1 = min(w, x + r + 1)
                let sum = integral[y1 * (w + 1) + x1] - integral[y0 * (w + 1) + x1] - integral[y1 * (w + 1) + x0] + integral[y0 * (w + 1) + x0]
                let mean = Double(sum) / Double((x1 - x0) * (y1 - y0))
                ink[y * w + x] = Double(gray.pixels[y * w + x]) < mean - step
            }
        }
        return ink
    }
}
