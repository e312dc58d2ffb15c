import Foundation

/// A price column that drifts off its wines a little more with every row, as a curl between the
/// names and the prices leaves it on a photographed page: near the top of a section each price
/// stands on its wine's row, lower down half a row off, then a row, then two. The layout puts
/// each price on its nearest row, so wherever the drift passes half a row one wine is left
/// without a price, the wines below it take their neighbours' prices, and the prices that drifted
/// past the section's last wine stand alone under it (drifting up: above its first).
///
/// Read in order, such a section's prices and wines pair one to one, and the price column shows
/// which reading is right: where the layout left a wine without a price, the prices either side
/// of it still stand a pitch apart, with no hole in the column for the unpriced wine. A wine the
/// list prints without a price (or a name set on two rows, or a price the reader missed) leaves
/// such a hole, and its section is read as laid out. A column moved a whole row at once leaves no
/// wine without a price inside the run; that is `DisplacedPrices`' case, which needs the page to
/// show it twice.
enum DriftingPrices {
    typealias Row = DisplacedPrices.Row

    /// The most the prices either side of a wine left without one may stand apart, against the
    /// price column's pitch: one pitch and some, where a wine without a price leaves two and a
    /// name wrapped onto a line half a row down leaves one and a half.
    static let holeless = 1.3
    /// The least distance of a wine left without a price from the wines either side, against the
    /// names' pitch.
    static let rowApart = 0.3

    /// One column's rows (top to bottom) with every drifting section's prices on their wines in
    /// order and the prices that stood alone past it removed (a heading or a stray word that held
    /// one keeps its words).
    static func mended(_ rows: [Row], lineHeight h: Double) -> [Row] {
        let down = mended(rows, order: Array(rows.indices), lineHeight: h)
        return mended(down, order: Array(down.indices.reversed()), lineHeight: h)
    }

    /// The rows mended for a drift along `order` (the rows' indexes top to bottom for a column
    /// drifting down, bottom to top for one drifting up).
    static func mended(_ rows: [Row], order: [Int], lineHeight h: Double) -> [Row] {
        var out = rows
        var removed = Set<Int>()
        var t = 1
        while t < order.count {
            guard let run = run(at: t, in: rows, order: order, lineHeight: h) else { t += 1; continue }
            for (wine, price) in zip(run.wines, run.prices) {
                var moved = price
                moved.moved = true
                out[wine] = (DisplacedPrices.split(rows[wine]).name + [moved]).sorted { $0.left < $1.left }
            }
            for row in run.past {
                if let words = DisplacedPrices.leftOver(rows[row]) { out[row] = words } else { removed.insert(row) }
            }
            t += run.past.count + 1
        }
        return out.indices.filter { !removed.contains($0) }.map { out[$0] }
    }

    /// A drifting run whose prices stand past its last wine from position `t` of `order` on: its
    /// wines (row indexes, in the order their names stand), their prices in the order they stand,
    /// and the rows past the run that held prices.
    static func run(at t: Int, in rows: [Row], order: [Int], lineHeight h: Double) -> (wines: [Int], prices: [RowLayout.Fragment], past: [Int])? {
        let last = rows[order[t - 1]]
        let away = order[t] > order[t - 1] ? 1 : -1
        func stray(_ q: Int) -> RowLayout.Fragment? {
            DisplacedPrices.strayPrice(rows[order[q]], margin: DisplacedPrices.footMargin(rows, at: order[q], away: away, of: last, lineHeight: h))
        }
        guard isWine(last), let margin = last.first?.left, stray(t) != nil else { return nil }
        // The wines before the prices past them: names at one margin, a line or two apart, back to
        // the section's heading or anything else.
        var wines: [Int] = [order[t - 1]]
        var p = t - 2
        while p >= 0 {
            let row = rows[order[p]]
            guard isWine(row), let left = row.first?.left, abs(left - margin) <= 2 * h,
                  abs(nameMiddle(rows[wines[wines.count - 1]]) - nameMiddle(row)) <= 2.5 * h else { break }
            wines.append(order[p])
            p -= 1
        }
        // The prices past the last wine: alone, after text off the margin where the column ends
        // (a logo's letters, a footnote), or at the end of the next heading (which closes them),
        // each a line or two from the row before (not a page number far below).
        var past: [Int] = [], pastPrices: [RowLayout.Fragment] = []
        var q = t
        while q < order.count, let price = stray(q),
              abs(DisplacedPrices.middle(rows[order[q]]) - DisplacedPrices.middle(rows[order[q - 1]])) <= 2.5 * h {
            past.append(order[q])
            pastPrices.append(price)
            if DisplacedPrices.isName(rows[order[q]]), DisplacedPrices.isHeading(rows[order[q]]) { break }
            q += 1
        }
        guard !past.isEmpty else { return nil }
        // Top to bottom by where the names stand (a curl can level a row's price above the row
        // before it) and the prices by where they stand.
        wines.sort { nameMiddle(rows[$0]) < nameMiddle(rows[$1]) }
        let own = wines.map { DisplacedPrices.split(rows[$0]).price }
        let prices = (own.compactMap { $0 } + pastPrices)
            .sorted { $0.middle < $1.middle }
        guard prices.count == wines.count, prices.count >= 3 else { return nil }
        // One price column: the prices end together.
        let rights = prices.map(\.right)
        guard (rights.max() ?? 0) - (rights.min() ?? 0) <= 2 * h else { return nil }
        // The price column has no hole where the layout left a wine without a price: the prices
        // either side of it stand a price's pitch apart, not two.
        let spacings = zip(prices, prices.dropFirst()).map { $1.middle - $0.middle }
        guard let pitch = DisplacedPrices.median(spacings), pitch > 0 else { return nil }
        // And that wine is a row of the list, a names' pitch from its neighbours: not a piece of
        // a name the reader set on a line of its own between two rows.
        let names = wines.map { nameMiddle(rows[$0]) }
        guard let namePitch = DisplacedPrices.median(zip(names, names.dropFirst()).map { $1 - $0 }) else { return nil }
        var inner = 0
        for k in wines.indices.dropFirst().dropLast() where own[k] == nil {
            guard min(names[k] - names[k - 1], names[k + 1] - names[k]) >= rowApart * namePitch else { return nil }
            guard let before = own[..<k].last(where: { $0 != nil }) ?? nil,
                  let after = own[(k + 1)...].first(where: { $0 != nil }) ?? nil else { continue }
            guard after.middle - before.middle <= holeless * pitch else { return nil }
            inner += 1
        }
        guard inner >= 1 else { return nil }
        return (wines, prices, past)
    }

    /// Where a row's name stands: its words' median middle without the price.
    static func nameMiddle(_ row: Row) -> Double { DisplacedPrices.middle(DisplacedPrices.split(row).name) }

    /// A name row that is no section heading.
    static func isWine(_ row: Row) -> Bool {
        DisplacedPrices.isName(row) && !DisplacedPrices.isHeading(row)
    }
}
