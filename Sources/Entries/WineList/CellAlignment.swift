import Foundation

/// The page's rotation checked across it. The skew is the median slope of the long lines, and on
/// a list those are the names; a fold between the names and the prices (a photographed menu
/// folded down its middle) tilts the names' half one way and the prices' half the other, and the
/// names' slope carried to the price column a thousand pixels away puts every price a row off.
/// The cells right of the names (vintages, sizes, prices) stand on the names' rows, so the
/// rotation at which they do is the page's.
///
/// One column of cells can be turned onto rows by some rotation whatever its offset (a column
/// printed half a row low would be), so the check asks for cells at two places across the page
/// at least: one rotation cannot put two columns' arbitrary offsets on rows, only the true one
/// puts both there.
enum CellAlignment {
    /// How far either side of the lines' own skew the rotation is looked for (degrees), and in
    /// what steps.
    static let reach = 3.0
    static let step = 0.1
    /// Fewest cells, and fewest in each of two places across the page.
    static let minimumCells = 6
    static let minimumPerPlace = 3
    /// The cost (mean squared distance of a cell from its nearest name row, in line heights,
    /// capped at `cap`) must fall to at most this share of the least cost every cell shifted
    /// alike reaches, and below the skew's own by at least `minimumGain`.
    static let cap = 0.75
    static let minimumShare = 0.5
    static let minimumGain = 0.1
    /// Steps (line heights) of the one shift of every cell, up to half the names' spacing either
    /// way, that the rotation must beat.
    static let shiftStep = 0.05

    /// The rotation (radians) to add to the skew the fragments were rotated by, or nil when the
    /// cells stand on rows at that skew, or there are too few to tell.
    static func correction(_ fragments: [RowLayout.Fragment], gutters: [Double], lineHeight h: Double) -> Double? {
        var leads: [[(x: Double, y: Double)]] = [], cells: [[(x: Double, y: Double)]] = []
        for column in 0...gutters.count {
            let members = fragments.filter { f in gutters.filter { $0 <= f.middleX }.count == column }
            let text = members.filter(\.isText)
            guard text.count >= minimumCells else { continue }
            let lefts = text.map(\.left).sorted()
            let margin = lefts[lefts.count / 5]
            let names = text.filter { abs($0.left - margin) <= 2 * h }
            guard names.count >= minimumCells else { continue }
            let rights = names.map(\.right).sorted()
            let nameRight = rights[rights.count / 2]
            let far = members.filter { $0.left >= nameRight + 2 * h }
            guard !far.isEmpty else { continue }
            leads.append(names.map { ($0.middleX, $0.middle) })
            cells.append(far.map { ($0.middleX, $0.middle) })
        }
        let all = cells.flatMap { $0 }
        guard all.count >= minimumCells, places(all.map(\.x), lineHeight: h) >= 2 else { return nil }

        func cost(_ degrees: Double, offset: Double = 0) -> Double {
            let (s, c) = (sin(degrees * .pi / 180), cos(degrees * .pi / 180))
            var total = 0.0
            for (names, column) in zip(leads, cells) {
                let rows = names.map { -$0.x * s + $0.y * c }.sorted()
                for cell in column {
                    let y = -cell.x * s + cell.y * c + offset
                    total += pow(min(cap, nearest(y, in: rows) / h), 2)
                }
            }
            return total / Double(all.count)
        }
        let own = cost(0)
        var best = (degrees: 0.0, cost: own)
        let steps = Int((reach / step).rounded())
        for k in -steps...steps where k != 0 {
            let degrees = Double(k) * step
            let value = cost(degrees)
            if value < best.cost - 1e-9 || (abs(value - best.cost) <= 1e-9 && abs(degrees) < abs(best.degrees)) {
                best = (degrees, value)
            }
        }
        // A list may set its prices off its rows by design (centred between a name and its note):
        // unless the rotation halves what one shift of every cell leaves, the page is not turned.
        let shifts = Int((pitch(leads, lineHeight: h) / 2 / (shiftStep * h)).rounded())
        let rival = (-shifts...shifts).map { cost(0, offset: Double($0) * shiftStep * h) }.min() ?? own
        guard best.degrees != 0, best.cost <= minimumShare * rival, own - best.cost >= minimumGain else { return nil }
        return best.degrees * .pi / 180
    }

    /// The distance from `y` to the nearest of `sorted` (ascending), by bisection: a long column
    /// meets every cell of it at every rotation tried.
    static func nearest(_ y: Double, in sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return .infinity }
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < y { low = mid + 1 } else { high = mid }
        }
        var best = Double.infinity
        if low < sorted.count { best = sorted[low] - y }
        if low > 0 { best = min(best, y - sorted[low - 1]) }
        return best
    }

    /// The names' usual spacing down the page (their median gap, rows closer than half a line
    /// height being one): a shift of half of it reaches every place between two names.
    static func pitch(_ leads: [[(x: Double, y: Double)]], lineHeight h: Double) -> Double {
        let gaps = leads.flatMap { names -> [Double] in
            let ys = names.map(\.y).sorted()
            return zip(ys, ys.dropFirst()).map { $1 - $0 }.filter { $0 >= h / 2 }
        }.sorted()
        return gaps.isEmpty ? h : gaps[gaps.count / 2]
    }

    /// How many places across the page hold cells: runs of cell centres no more than three line
    /// heights apart, with `minimumPerPlace` cells each, at least four line heights from the last.
    static func places(_ xs: [Double], lineHeight h: Double) -> Int {
        var groups: [[Double]] = []
        for x in xs.sorted() {
            if let last = groups.last?.last, x - last <= 3 * h { groups[groups.count - 1].append(x) } else { groups.append([x]) }
        }
        var count = 0
        var previous: Double?
        for group in groups where group.count >= minimumPerPlace {
            let centre = group.reduce(0, +) / Double(group.count)
            if previous.map({ centre - $0 >= 4 * h }) ?? true { count += 1; previous = centre }
        }
        return count
    }
}
