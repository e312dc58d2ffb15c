/// A price column moved a row off its wines, as a fold or a crease in a photographed page moves
/// the part of the sheet beyond it: every price stands on the next wine's row (or the one before),
/// the first wine of each section has none, and the last price stands past the section's last
/// wine, alone on a row of its own or at the end of the next section's heading.
///
/// The column's own cells cannot tell a moved column from a list whose first wine is unpriced and
/// whose section ends in a priced note ("Corkage 20"), so the move is taken only when the page says
/// so twice: at least two runs of wines, each with exactly that shape, moved the same way. Within a
/// run the names keep their rows, in their margin, at their pitch; only the prices move, each to the
/// wine one row up (or down), the lone price onto the last (or first) wine.
enum DisplacedPrices {
    /// One row as the layout built it: its fragments, left to right.
    typealias Row = [RowLayout.Fragment]

    /// Which way the column moved on the page: `down` puts each price a row below its wine.
    enum Direction: Equatable { case down, up }

    /// A run whose prices moved: the rows (indexes into one column's rows, top to bottom) of its
    /// wines, and of the lone price row. `between`: for a wine with no price of its own, the row of
    /// the price it passes on when that price stands alone before the next wine (a fold lifts some
    /// prices onto the row above and leaves others between the rows).
    struct Run: Equatable {
        var direction: Direction
        var wines: [Int]
        var lone: Int
        var between: [Int: Int] = [:]
        /// Where the wine next to the lone price row starts: text on that row off this margin
        /// is no wine's (`strayPrice`).
        var margin: Double? = nil
    }

    /// The least number of runs on a page that show the move before any is mended.
    static let runsNeeded = 2

    /// The columns' rows (each column's top to bottom) with the prices of every moved run put on
    /// their own wines and the lone price rows removed (a heading that held the price keeps its
    /// words); unchanged unless `runsNeeded` runs show the same move.
    static func mended(_ columns: [[Row]], lineHeight h: Double) -> [[Row]] {
        let found = columns.map { runs(in: $0, lineHeight: h) }
        for direction in [Direction.down, .up] {
            let count = found.reduce(0) { $0 + $1.filter { $0.direction == direction }.count }
            guard count >= runsNeeded else { continue }
            return zip(columns, found).map { rows, runs in
                apply(runs.filter { $0.direction == direction }, to: rows)
            }
        }
        return columns
    }

    /// The name part of a row (its fragments before a trailing price) and that price, when the row
    /// is a name with a price standing apart at its right.
    static func split(_ row: Row) -> (name: Row, price: RowLayout.Fragment?) {
        guard row.count >= 2, let last = row.last, !last.isText, holdsPrice(last), row.first?.isText == true else { return (row, nil) }
        return (Array(row.dropLast()), last)
    }

    static func isName(_ row: Row) -> Bool { row.first?.isText == true }

    static func isLonePrice(_ row: Row) -> Bool { row.count == 1 && !row[0].isText && holdsPrice(row[0]) }

    /// Ends in a price, or in a pair of them ("7,4/37": glass and bottle), neither a year
    /// ("2018/2019" is a span of vintages).
    static func holdsPrice(_ fragment: RowLayout.Fragment) -> Bool {
        if fragment.hasPrice { return true }
        guard let last = fragment.words.last?.word.text, let pair = FieldParser.slashPrices(last) else { return false }
        return pair.allSatisfy { $0.amount.map(RowLayout.Fragment.isPrice) ?? false }
    }

    /// A price that stands apart from the words before it by a line's height: in a price column,
    /// not a number ending a name.
    static func standsApart(_ price: RowLayout.Fragment, from name: Row, lineHeight h: Double) -> Bool {
        price.left > (name.map(\.right).max() ?? 0) + h
    }

    /// The price that moved off the run's end: alone on its row, at the end of the section's
    /// heading when that stands one pitch past the run (the first price moved up onto "Red", the
    /// last moved down onto the next section's heading), or at the end of text that starts off
    /// the wines' `margin` (`footMargin`: a footnote set under the list, a logo's letters). A
    /// heading is known by its words (`SectionVocabulary`), as the parser knows it.
    static func strayPrice(_ row: Row, margin: Double? = nil) -> RowLayout.Fragment? {
        if isLonePrice(row) { return row[0] }
        let (name, price) = split(row)
        // Standing apart from the words, in the price column, as the wines' prices stand.
        guard let price, let first = name.first, let h = name.map(\.height).max(),
              standsApart(price, from: name, lineHeight: h) else { return nil }
        if let margin, first.left > margin + 2 * h { return price }
        return isHeading(name) ? price : nil
    }

    /// A section's heading, known by its words (`SectionVocabulary`) with any price at its end set aside.
    static func isHeading(_ row: Row) -> Bool { SectionVocabulary.isHeading(text(of: split(row).name)) }

    /// What stays of a row that held a stray price once the price is moved: nothing of a price
    /// alone, the words of a heading or footnote.
    static func leftOver(_ row: Row) -> Row? { isLonePrice(row) ? nil : split(row).name }

    /// The margin of `wine`'s names when the row at `i` ends the column walking `away` from it
    /// (no row beyond starts at that margin): only there does text off the margin stand as a
    /// footnote under the list (or a title above it) rather than as an indented line of a wine
    /// ("Magnum 900" under its wine). Nil elsewhere.
    static func footMargin(_ rows: [Row], at i: Int, away step: Int, of wine: Row, lineHeight h: Double) -> Double? {
        guard let margin = wine.first?.left else { return nil }
        var k = i + step
        while k >= 0, k < rows.count {
            if isName(rows[k]), let left = rows[k].first?.left, abs(left - margin) <= 2 * h { return nil }
            k += step
        }
        return margin
    }

    /// The row's words, left to right, as one text.
    static func text(of row: Row) -> String { row.flatMap(\.words).map(\.word.text).joined(separator: " ") }

    static func top(_ row: Row) -> Double { row.map(\.top).min() ?? 0 }

    /// Where the row's words stand, by their median middle: on a tilted or curled page one word
    /// off the line (a tall capital, a word levelled short) moves the row's top by half a line,
    /// not the median.
    static func middle(_ row: Row) -> Double {
        median(row.flatMap(\.words).map { ($0.top + $0.bottom) / 2 }) ?? 0
    }

    /// The upper median of `values`; nil when there are none.
    static func median(_ values: [Double]) -> Double? {
        let sorted = values.sorted()
        return sorted.isEmpty ? nil : sorted[sorted.count / 2]
    }

    /// Every run of one column's rows showing the move, either way.
    static func runs(in rows: [Row], lineHeight h: Double) -> [Run] {
        var found: [Run] = []
        for i in rows.indices {
            for step in [-1, 1] where i + step >= 0 && i + step < rows.count && isName(rows[i + step]) {
                let margin = footMargin(rows, at: i, away: -step, of: rows[i + step], lineHeight: h)
                guard strayPrice(rows[i], margin: margin) != nil,
                      let run = run(endingAt: i, in: rows, step: step, margin: margin, lineHeight: h) else { continue }
                found.append(run)
            }
        }
        // A price alone between two wines of a run starts the rest of that run as well: one
        // section, counted once.
        let inside = Set(found.flatMap { $0.between.values })
        return found.filter { !inside.contains($0.lone) }
    }

    /// The run of wines next to the lone price row `lone`, walking away from it by `step` (−1: the
    /// wines above it, their prices moved down). Each wine on the way has a price in the lone
    /// price's column, on its row or alone on a row between it and the next wine, the wine at the
    /// far end has none, and all keep one margin and one pitch.
    static func run(endingAt lone: Int, in rows: [Row], step: Int, margin: Double? = nil, lineHeight h: Double) -> Run? {
        let loneRow = rows[lone]
        var wines: [Int] = []
        var i = lone + step
        var previous = middle(loneRow)
        var pitches: [Double] = []
        var between: [Int: Int] = [:]
        while i >= 0, i < rows.count {
            let row = rows[i]
            guard isName(row) else { break }
            let pitch = abs(previous - middle(row))
            // Rows of one run follow at one pitch (a line and a bit apart at most); the lone price
            // may stand between the rows, half a pitch from the first wine.
            if wines.isEmpty {
                guard pitch >= 0.3 * h, pitch <= 2.5 * h else { break }
            } else {
                guard pitch >= 0.6 * h, pitch <= 2.5 * h else { break }
                if let first = pitches.first, pitch < 0.7 * first || pitch > 1.4 * first { break }
                pitches.append(pitch)
            }
            let (_, ownPrice) = split(row)
            wines.append(i)
            // A price alone between this wine and the next: the one this wine passes on. Only with
            // the column moved up: moved down, every price alone under its wine is how a list that
            // prints its prices under its names reads, which the grouping reads as printed.
            let next = i + 1, after = i + 2
            if ownPrice == nil, step > 0, after < rows.count, isLonePrice(rows[next]), isName(rows[after]),
               middle(row) < middle(rows[next]), middle(rows[next]) < middle(rows[after]) {
                between[i] = next
                previous = middle(row)
                i = after
                continue
            }
            guard let price = ownPrice else {
                // The far end: a wine without a price.
                guard wines.count >= 2 else { return nil }
                // One margin: the names start together, the moved prices end together.
                let lefts = wines.map { rows[$0].first?.left ?? 0 }
                guard (lefts.max() ?? 0) - (lefts.min() ?? 0) <= 2 * h else { return nil }
                let rights = wines.dropLast().compactMap { split(rows[$0]).price?.right ?? between[$0].map { rows[$0][0].right } }
                    + [strayPrice(loneRow, margin: margin)?.right ?? 0]
                guard (rights.max() ?? 0) - (rights.min() ?? 0) <= 2 * h else { return nil }
                // The wine before the far end is no wine of this run: it is not a priced name at this
                // pitch (the next section's heading may hold that section's moved price).
                let beyond = i + step
                if beyond >= 0, beyond < rows.count, isName(rows[beyond]), split(rows[beyond]).price != nil, strayPrice(rows[beyond], margin: margin) == nil,
                   abs(middle(rows[beyond]) - middle(row)) <= 1.4 * (pitches.first ?? 2.5 * h) { return nil }
                return Run(direction: step < 0 ? .down : .up, wines: step < 0 ? wines.reversed() : wines, lone: lone, between: between,
                           margin: margin)
            }
            guard standsApart(price, from: split(row).name, lineHeight: h) else { break }
            previous = middle(row)
            i += step
        }
        return nil
    }

    /// The rows with each run's prices moved onto their own wines and the lone price rows gone (a
    /// heading that held the price keeps its words).
    static func apply(_ runs: [Run], to rows: [Row]) -> [Row] {
        var out = rows
        var removed = [Bool](repeating: false, count: rows.count)
        for run in runs {
            // Wines top to bottom; `down`: each price a row below its wine, the lone one below the last.
            var prices: [RowLayout.Fragment] = []
            guard let stray = strayPrice(rows[run.lone], margin: run.margin) else { continue }
            if run.direction == .up { prices.append(stray) }
            for k in run.wines.indices where run.direction == .down ? k > 0 : k < run.wines.count - 1 {
                if let price = split(rows[run.wines[k]]).price ?? run.between[run.wines[k]].map({ rows[$0][0] }) { prices.append(price) }
            }
            if run.direction == .down { prices.append(stray) }
            guard prices.count == run.wines.count else { continue }
            for k in run.wines.indices {
                var price = prices[k]
                price.moved = true
                var row = split(rows[run.wines[k]]).name
                row.append(price)
                out[run.wines[k]] = row
            }
            // A heading keeps its words; a lone price row goes, and so do those between the wines.
            if let words = leftOver(rows[run.lone]) { out[run.lone] = words } else { removed[run.lone] = true }
            for row in run.between.values { removed[row] = true }
        }
        var kept: [Row] = []
        for i in out.indices where !removed[i] { kept.append(out[i]) }
        return kept
    }
}
