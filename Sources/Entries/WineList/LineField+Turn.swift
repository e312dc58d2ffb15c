import Foundation
import Imaging

extension LineField {
    /// The lines' course past the names, where a fold turns it. A menu folded between its names
    /// and the columns right of them (regions, appellations, prices) is two flat halves: the lines
    /// are straight on each, at another slope on each. The field is fitted to the long lines, which
    /// are the names, so carried across the fold it puts a price at the far edge a row or two off
    /// its wine. The lines right of the names are short (a region, a town), too short to fit a
    /// field, but together they show their half's slope at each height: past a knot midway between
    /// the names' ends and their starts, a point's line is traced back straight at that slope to
    /// the knot and levelled where it meets it.
    struct Turn: Equatable {
        /// Where the lines turn (x of the rotated page): midway across the gap between the names'
        /// right ends and the far lines' left ends, where the fold can be no better placed.
        var knot: Double
        /// The far lines' slope at the page's centre height, and its change per page size down (a
        /// half seen at a slant has lines that converge).
        var slope: Double
        var convergence: Double
        /// Past this x the line is followed no further: the level there holds, as the field's
        /// own does past its reach.
        var end: Double

        /// How far right of the margin (word heights) a name's first word's centre may stand: a
        /// long first word puts it further in.
        static let marginWidth = 4.0
        /// Fewest short lines right of the names that show the turn.
        static let minimumLines = 5
        /// A far line spans at least this many word heights between its first and last word's
        /// centres: a shorter one's slope is its boxes' jitter.
        static let minimumSpan = 2.0
        /// The field must leave the far lines at least this many word heights off their lines
        /// (root mean square), and the turn bring them to at most `minimumGain` of that. The far
        /// lines are short, so a slope that is off shows little on them and much on a price far
        /// right (olivo p2 folded: 0.19 word heights on the regions, a row and a half at the
        /// prices); the floor is lower than the field's own, and the gain asked for larger, as
        /// two numbers fitted to the lines' jitter cannot halve it.
        static let minimumResidual = 0.1
        static let minimumGain = 0.5
        /// The line is followed past the far lines' right end by this share of their reach from
        /// the knot (a price column stands just past its regions).
        static let overreach = 0.5

        /// The height at which the straight line through (x, y) meets the knot.
        func traced(x: Double, y: Double, y0: Double, size: Double) -> Double {
            let d = min(x, end) - knot
            return (y - d * (slope - convergence * y0 / size)) / (1 + d * convergence / size)
        }

        /// ∂(traced height)/∂y at `x`: how the far half's converging lines stretch a word's height.
        func stretch(x: Double, size: Double) -> Double { 1 / (1 + (min(x, end) - knot) * convergence / size) }
    }

    /// The field with its `Turn` past the long lines, when the lines right of them show one; else
    /// itself. `long` are the lines the field was fitted to, `short` every other line of two words
    /// or more (word centres of the rotated page, one array per line).
    func turned(long: [[(x: Double, y: Double)]], short: [[(x: Double, y: Double)]], wordHeight: Double) -> LineField {
        // The names are the long lines starting at the page's left margin (a long region or
        // appellation further right is none); most end before `namesEnd`, and a line that starts
        // past it stands in a column of its own.
        let starts = long.compactMap { $0.map(\.x).min() }.sorted()
        guard !starts.isEmpty, wordHeight > 0 else { return self }
        let margin = starts[(starts.count - 1) / 5]
        let rights = long.filter { ($0.map(\.x).min() ?? 0) <= margin + Turn.marginWidth * wordHeight }
            .compactMap { $0.map(\.x).max() }.sorted()
        guard !rights.isEmpty else { return self }
        let namesEnd = rights[(rights.count - 1) * 9 / 10]
        let far = short.filter { line in
            guard line.count >= 2, let lo = line.map(\.x).min(), let hi = line.map(\.x).max() else { return false }
            return lo > namesEnd && hi - lo >= Turn.minimumSpan * wordHeight
        }
        guard far.count >= Turn.minimumLines else { return self }
        let lefts = far.compactMap { $0.map(\.x).min() }.sorted()
        let farStart = lefts[(lefts.count - 1) / 10]
        let farEnd = far.flatMap { $0 }.map(\.x).max() ?? farStart
        let knot = (namesEnd + farStart) / 2
        // Each far line's own slope, weighted by its spread, against its height.
        var m = [[0.0, 0.0], [0.0, 0.0]], b = [0.0, 0.0]
        for line in far {
            let n = Double(line.count)
            let mx = line.map(\.x).reduce(0, +) / n, my = line.map(\.y).reduce(0, +) / n
            var sxx = 0.0, sxy = 0.0
            for p in line { sxx += (p.x - mx) * (p.x - mx); sxy += (p.x - mx) * (p.y - my) }
            guard sxx > 0 else { continue }
            let slope = sxy / sxx, w = (my - y0) / size
            m[0][0] += sxx; m[0][1] += sxx * w; m[1][1] += sxx * w * w
            b[0] += sxx * slope; b[1] += sxx * w * slope
        }
        m[1][0] = m[0][1]
        // A little ridge keeps the convergence at zero when the far lines all stand at one height.
        m[1][1] += 1e-6 * m[0][0]
        guard let a = LinearSystem.solve(m, b) else { return self }
        let end = farEnd + Turn.overreach * (farEnd - knot)
        // A turn that would squash or flip a word's height within its reach is no fold's.
        guard abs(a[1]) * (end - knot) / size <= 0.5 else { return self }
        var candidate = self
        candidate.turn = Turn(knot: knot, slope: a[0], convergence: a[1], end: end)
        let before = Self.spread(far, level: level(x:y:)), after = Self.spread(far, level: candidate.level(x:y:))
        guard before >= Turn.minimumResidual * wordHeight, after <= Turn.minimumGain * before else { return self }
        return candidate
    }

    /// Root-mean-square distance of the lines' points from their own mean level.
    static func spread(_ lines: [[(x: Double, y: Double)]], level: (Double, Double) -> Double) -> Double {
        var total = 0.0, count = 0.0
        for line in lines {
            let levels = line.map { level($0.x, $0.y) }
            let mean = levels.reduce(0, +) / Double(levels.count)
            for v in levels { total += (v - mean) * (v - mean); count += 1 }
        }
        return count > 0 ? (total / count).squareRoot() : 0
    }
}
