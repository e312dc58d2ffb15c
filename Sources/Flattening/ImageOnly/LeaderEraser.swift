import Imaging

/// Removes dot leaders ("Salon Blanc de Blancs ........ 60") before OCR.
///
/// Tesseract reads a row of dots as words of garbage ("eeee ceee"), and those words swallow the
/// bin number and the price beside them: on a clean, flat list it drops a third of the prices.
/// A leader is a run of small, similar, evenly spaced specks on one baseline; a full stop, a
/// decimal point or an ellipsis is not, so only runs of `minimumRun` or more are painted over with
/// the paper around them. Rows are then rebuilt from word boxes, which no longer need the dots.
public enum LeaderEraser {
    public struct Result: Sendable {
        public var raster: Raster
        /// Number of leader runs erased.
        public var runs: Int
        /// Number of dots erased.
        public var dots: Int
        /// Ink components of the page that were not erased (letters, digits, rules), for later
        /// steps that need the page's ink without binarizing it again.
        public var components: [PixelRect]
    }

    /// Fewest dots that make a leader (an ellipsis has three).
    public static let minimumRun = 5

    public static func erase(_ raster: Raster) -> Result {
        let gray = raster.grayscale()
        let boxes = components(of: gray)
        let runs = leaderRuns(in: boxes)
        guard !runs.isEmpty else { return Result(raster: raster, runs: 0, dots: 0, components: boxes) }
        var out = raster
        var dots = 0
        for run in runs {
            for dot in run {
                paintOver(dot, in: &out, gray: gray)
                dots += 1
            }
        }
        let erased = Set(runs.joined())
        let kept = boxes.filter { !erased.contains($0) }
        return Result(raster: out, runs: runs.count, dots: dots, components: kept)
    }

    /// Bounding boxes of the ink components, on a background-normalized copy so that uneven light
    /// on an unflattened photo does not merge or lose dots.
    static func components(of gray: Raster) -> [PixelRect] {
        guard let normalized = Pix(gray).backgroundNormalized(),
              let binary = InkThreshold.binarize(normalized) else { return [] }
        return binary.connectedComponents()
    }

    /// Runs of dots, each a list of boxes left to right. Plain values in and out so the geometry
    /// can be tested without images.
    public static func leaderRuns(in boxes: [PixelRect]) -> [[PixelRect]] {
        // The text size sets what counts as a dot: the median height of the letter-sized components
        // at least half as tall as the tall ones (the 90th percentile). Not of all of them: on a
        // page enlarged for reading dots grow past 6 px, and on a list of dense leaders
        // (winelist-0201: about two dots to a letter) they would set the text size to a dot's, and
        // then no dot would count as one.
        let heights = boxes.filter { $0.height >= 6 && $0.height <= 200 && $0.width <= 4 * $0.height }.map(\.height).sorted()
        guard heights.count >= 10 else { return [] }
        let tall = heights[heights.count * 9 / 10]
        let letters = heights.filter { 2 * $0 >= tall }
        let textHeight = Double(letters[letters.count / 2])
        let maxDot = max(2.0, 0.42 * textHeight)
        // A page still sideways (turned upright only once it is read) has its letters' widths for
        // heights: its letters passed for dots, and the first letters of its rows, evenly spaced
        // one above another, for a leader, and were painted over. Leaders are looked for along
        // lines only when the letters run along them.
        guard !runsSideways(boxes, letterSize: textHeight) else { return [] }
        let dots = boxes.filter { b in
            Double(b.width) <= maxDot && Double(b.height) <= maxDot && b.width >= 1 && b.height >= 1
                && b.width <= 2 * b.height + 1 && b.height <= 2 * b.width + 1
        }.sorted { $0.x < $1.x }
        guard dots.count >= minimumRun else { return [] }

        // Chain each dot to the open run whose last dot lies just left of it on the same line. Runs
        // are filed by the band of their last dot's height, so a page of specks stays linear.
        let maxGap = 2.2 * textHeight
        let lineTolerance = max(1.5, 0.22 * textHeight)
        var chains: [[PixelRect]] = []
        var openByBand: [Int: [Int]] = [:]
        func band(_ box: PixelRect) -> Int { Int(((Double(box.y) + Double(box.height) / 2) / lineTolerance).rounded(.down)) }
        for dot in dots {
            let cy = Double(dot.y) + Double(dot.height) / 2
            let home = band(dot)
            var best: (chain: Int, band: Int)?
            var bestGap = Double.infinity
            for b in (home - 1)...(home + 1) {
                guard var open = openByBand[b] else { continue }
                // Dots come left to right: a run that ended too far left never grows again.
                open.removeAll { Double(dot.x - (chains[$0].last?.maxX ?? 0)) > maxGap }
                openByBand[b] = open.isEmpty ? nil : open
                for i in open {
                    guard let last = chains[i].last else { continue }
                    let gap = Double(dot.x - last.maxX)
                    let lastCY = Double(last.y) + Double(last.height) / 2
                    guard gap >= 0, abs(cy - lastCY) <= lineTolerance else { continue }
                    if gap < bestGap { bestGap = gap; best = (i, b) }
                }
            }
            if let best {
                openByBand[best.band]?.removeAll { $0 == best.chain }
                chains[best.chain].append(dot)
                openByBand[home, default: []].append(best.chain)
            } else {
                chains.append([dot])
                openByBand[home, default: []].append(chains.count - 1)
            }
        }
        return chains.map(trimmed).filter { $0.count >= minimumRun && isEven($0) && isClear($0, among: boxes) && isOnOneLine($0, textHeight: textHeight) }
    }

    /// A leader's dots sit on one straight line (the baseline, or one across a tilted page). The
    /// specks that faint or glare-washed letters break into lie at every height of the letters.
    static func isOnOneLine(_ run: [PixelRect], textHeight: Double) -> Bool {
        let points = run.map { (x: Double($0.x) + Double($0.width) / 2, y: Double($0.y) + Double($0.height) / 2) }
        let n = Double(points.count)
        let mx = points.map(\.x).reduce(0, +) / n, my = points.map(\.y).reduce(0, +) / n
        let sxx = points.map { ($0.x - mx) * ($0.x - mx) }.reduce(0, +)
        let sxy = points.map { ($0.x - mx) * ($0.y - my) }.reduce(0, +)
        let slope = sxx > 0 ? sxy / sxx : 0
        let squares = points.map { (p: (x: Double, y: Double)) -> Double in
            let r = p.y - my - slope * (p.x - mx)
            return r * r
        }.reduce(0, +)
        return (squares / n).squareRoot() <= max(1, 0.12 * textHeight)
    }

    /// Between a leader's dots lies bare paper: ink of any other kind there (the rest of a letter
    /// that faint print broke into specks, and whose specks happened to fall evenly) makes the
    /// run part of the words, and painting it over would erase them.
    static func isClear(_ run: [PixelRect], among boxes: [PixelRect]) -> Bool {
        guard let first = run.first, let last = run.last else { return false }
        let top = run.map(\.y).min() ?? first.y, bottom = run.map(\.maxY).max() ?? first.maxY
        let members = Set(run)
        let others = boxes.filter { b in
            guard !members.contains(b) else { return false }
            let cx = b.x + b.width / 2, cy = b.y + b.height / 2
            return cx > first.maxX && cx < last.x && cy >= top && cy <= bottom
        }.count
        return others * 10 <= run.count
    }

    /// Whether letters have their nearest neighbour above or below them more often than beside
    /// them: text that runs down the page. Letters of a word are closer than lines are apart,
    /// whatever the page's turn, so the side of a letter's nearest neighbour says which way its
    /// line runs.
    static func runsSideways(_ boxes: [PixelRect], letterSize: Double) -> Bool {
        let letters = boxes.filter { Double(max($0.width, $0.height)) >= 0.3 * letterSize && Double(max($0.width, $0.height)) <= 3 * letterSize }
        guard letters.count >= 20 else { return false }
        let reach = max(2, Int(letterSize.rounded()))
        /// Each letter's smallest gap to a letter overlapping it across, along one axis.
        func nearest(along: (PixelRect) -> (lo: Int, hi: Int), across: (PixelRect) -> (lo: Int, hi: Int)) -> [Int] {
            let order = letters.indices.sorted { along(letters[$0]).lo < along(letters[$1]).lo }
            var gaps = [Int](repeating: Int.max, count: letters.count)
            for (k, i) in order.enumerated() {
                let a = letters[i]
                var m = k + 1
                while m < order.count, along(letters[order[m]]).lo <= along(a).hi + reach {
                    let j = order[m], b = letters[j]
                    let overlap = min(across(a).hi, across(b).hi) - max(across(a).lo, across(b).lo)
                    if overlap * 2 >= min(across(a).hi - across(a).lo, across(b).hi - across(b).lo) {
                        let gap = max(0, along(b).lo - along(a).hi)
                        gaps[i] = min(gaps[i], gap)
                        gaps[j] = min(gaps[j], gap)
                    }
                    m += 1
                }
            }
            return gaps
        }
        let beside = nearest(along: { ($0.x, $0.maxX) }, across: { ($0.y, $0.maxY) })
        let above = nearest(along: { ($0.y, $0.maxY) }, across: { ($0.x, $0.maxX) })
        var besideWins = 0, aboveWins = 0
        for k in letters.indices where beside[k] != above[k] {
            if beside[k] < above[k] { besideWins += 1 } else { aboveWins += 1 }
        }
        return aboveWins > 2 * besideWins
    }

    /// A run without the dots at its ends that are off its pitch: the full stops of "N.V." or
    /// "Ch." just before a leader chain onto it across their letters, and are no part of it.
    static func trimmed(_ run: [PixelRect]) -> [PixelRect] {
        guard run.count >= minimumRun else { return run }
        func centre(_ b: PixelRect) -> Double { Double(b.x) + Double(b.width) / 2 }
        let pitches = zip(run, run.dropFirst()).map { centre($1) - centre($0) }.sorted()
        let pitch = pitches[pitches.count / 2]
        func onPitch(_ a: PixelRect, _ b: PixelRect) -> Bool { abs(centre(b) - centre(a) - pitch) <= max(2, 0.35 * pitch) }
        var lo = 0, hi = run.count - 1
        while hi - lo >= minimumRun, !onPitch(run[lo], run[lo + 1]) { lo += 1 }
        while hi - lo >= minimumRun, !onPitch(run[hi - 1], run[hi]) { hi -= 1 }
        return Array(run[lo...hi])
    }

    /// Leaders are typeset: the dots are alike and their spacing regular. Scattered specks of a
    /// textured background are neither.
    static func isEven(_ run: [PixelRect]) -> Bool {
        let pitches = zip(run, run.dropFirst()).map { Double($1.x + $1.width / 2 - ($0.x + $0.width / 2)) }.sorted()
        guard let medianPitch = pitches.isEmpty ? nil : pitches[pitches.count / 2], medianPitch > 0 else { return false }
        let regular = pitches.filter { abs($0 - medianPitch) <= max(2, 0.35 * medianPitch) }.count
        let sizes = run.map { $0.width * $0.height }.sorted()
        let medianSize = Double(sizes[sizes.count / 2])
        let alike = sizes.filter { Double($0) <= 2.5 * medianSize + 2 && Double($0) >= 0.3 * medianSize }.count
        return Double(regular) >= 0.75 * Double(pitches.count) && Double(alike) >= 0.8 * Double(run.count)
    }

    /// Paints a dot's box with the brightest paper of the ring just outside it, channel by channel.
    /// The box is grown by 0.6 of the dot's size (at least a pixel): on a page enlarged for reading,
    /// the blur around a dot reaches past its binarized box, and a one-pixel margin left grey rings
    /// (seed-7 list 0019; a third of the size still left some). A dot's neighbours on its leader are
    /// dots too, and the text beside a leader is a space away.
    static func paintOver(_ box: PixelRect, in raster: inout Raster, gray: Raster) {
        let grow = max(1, Int((Double(max(box.width, box.height)) * 0.6).rounded()))
        let x0 = max(0, box.x - grow), y0 = max(0, box.y - grow)
        let x1 = min(raster.width - 1, box.maxX + grow - 1), y1 = min(raster.height - 1, box.maxY + grow - 1)
        guard x0 <= x1, y0 <= y1 else { return }
        var fill = [UInt8](repeating: 0, count: raster.channels)
        var brightest = -1
        let rx0 = max(0, x0 - 1), ry0 = max(0, y0 - 1)
        let rx1 = min(raster.width - 1, x1 + 1), ry1 = min(raster.height - 1, y1 + 1)
        for y in ry0...ry1 {
            for x in rx0...rx1 where x < x0 || x > x1 || y < y0 || y > y1 {
                let value = Int(gray[x, y])
                if value > brightest {
                    brightest = value
                    for c in 0..<raster.channels { fill[c] = raster[x, y, c] }
                }
            }
        }
        guard brightest >= 0 else { return }
        for y in y0...y1 {
            for x in x0...x1 {
                for c in 0..<raster.channels { raster[x, y, c] = fill[c] }
            }
        }
    }
}
