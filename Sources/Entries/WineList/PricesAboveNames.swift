/// Prices read a little above their wines' rows, each as a row of its own: on a photographed page
/// whose price column a fold or a tilt lifted by a third or a half of a line, the rows come out
/// as price, name, price, name… down a section. Read as printed, each price would close the name
/// above it (prices set under their names, `pricesAloneOnRow`), the section's first price would
/// have no wine and its last wine no price. The run says otherwise when it opens a section (no
/// unpriced name close above its first price), alternates strictly, ends on a name, and each
/// price stands clearly nearer the name below it than the one above, or the run starts right
/// under a section's heading (a column lifted half a line stands midway, and its first price
/// has no wine above it): then each price is the name's below. A list that prints its prices
/// under its names sets them nearer the name above, opens its sections with a name, and is left
/// alone.
enum PricesAboveNames {
    typealias Row = DisplacedPrices.Row

    /// The least number of price-and-name pairs in a run.
    static let pairsNeeded = 2

    /// One column's rows (top to bottom) with each such price joined to the name below it.
    static func joined(_ rows: [Row], lineHeight h: Double) -> [Row] {
        var out = rows
        var i = 0
        while i < out.count {
            guard let pairs = run(startingAt: i, in: out, lineHeight: h) else { i += 1; continue }
            for (price, name) in pairs.reversed() {
                out[name] = (out[name] + out[price]).sorted { $0.left < $1.left }
                out.remove(at: price)
            }
            i += pairs.count
        }
        return out
    }

    /// Whether `row` is a name with no price of its own that a price at `price`'s left could end.
    static func takes(_ row: Row, price: Row, lineHeight h: Double) -> Bool {
        guard let fragment = price.first else { return false }
        return DisplacedPrices.isName(row) && DisplacedPrices.split(row).price == nil
            && DisplacedPrices.standsApart(fragment, from: row, lineHeight: h)
    }

    /// The run of (price row, name row) pairs starting at `start`, when it has the shape.
    static func run(startingAt start: Int, in rows: [Row], lineHeight h: Double) -> [(price: Int, name: Int)]? {
        func gap(_ a: Int, _ b: Int) -> Double { abs(DisplacedPrices.middle(rows[b]) - DisplacedPrices.middle(rows[a])) }
        // It opens a section: no unpriced name right above its first price.
        // Right under a section's heading (or at the column's top), read the other way the run's
        // first price would be nobody's: a column lifted half a line, standing midway between rows
        // set wide apart, is read this way too.
        let underHeading = start == 0 || DisplacedPrices.isHeading(rows[start - 1])
        if start > 0, !underHeading, takes(rows[start - 1], price: rows[start], lineHeight: h), gap(start - 1, start) < 2 * h { return nil }
        var pairs: [(price: Int, name: Int)] = []
        var k = start
        while k + 1 < rows.count, DisplacedPrices.isLonePrice(rows[k]), takes(rows[k + 1], price: rows[k], lineHeight: h),
              gap(k, k + 1) < (underHeading ? 2 * h : h) {
            pairs.append((k, k + 1))
            k += 2
        }
        guard pairs.count >= pairsNeeded else { return nil }
        // It ends on a name: no price alone right under the last one (price, name, …, price
        // reads the other way as well).
        if k < rows.count, DisplacedPrices.isLonePrice(rows[k]), gap(k - 1, k) < 2 * h { return nil }
        // Each price clearly nearer the name below it than the name above, unless under a heading.
        let below = pairs.map { gap($0.price, $0.name) }.reduce(0, +) / Double(pairs.count)
        let above = pairs.dropFirst().map { gap($0.price - 1, $0.price) }.reduce(0, +) / Double(pairs.count - 1)
        guard underHeading || below < 0.75 * above else { return nil }
        return pairs
    }
}
