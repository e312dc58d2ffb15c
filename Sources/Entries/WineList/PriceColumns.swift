/// A price read from the end of a row, with the tokens it came from (an amount and a currency sign
/// printed apart are one price over two tokens).
public struct PriceToken: Sendable, Equatable {
    public var amount: Double?
    public var currency: String?
    public var tokens: ClosedRange<Int>

    public init(amount: Double?, currency: String?, tokens: ClosedRange<Int>) {
        self.amount = amount
        self.currency = currency
        self.tokens = tokens
    }
}

/// A header row's price columns ("Glass  Bottle", "6oz 9oz Btl") and, when the row's geometry is
/// known, where each label stands, so a price is read under the label above it.
public struct PriceHeader: Sendable, Equatable {
    public var columns: [PriceColumn]
    /// Horizontal extent of each label (upright page frame), parallel to `columns`.
    public var spans: [ClosedRange<Double>]?
    /// A section heading printed on the header's row, left of the labels ("WHITE  125ml 175ml 750ml").
    public var heading: String?

    public init(columns: [PriceColumn], spans: [ClosedRange<Double>]? = nil, heading: String? = nil) {
        self.columns = columns
        self.spans = spans
        self.heading = heading
    }
}

/// Gives each price its column meaning.
enum PriceColumns {
    /// Under a header with positions, each price takes the label nearest above it (in order, no
    /// label twice); under a header without positions the prices fill the rightmost columns, as
    /// right-aligned columns do. Without a header a lone price is the bottle's (a glass price in a
    /// by-the-glass section), and a pair is glass and bottle ("14 / 56").
    static func assign(_ prices: [PriceToken], header: PriceHeader?, spans: [ClosedRange<Double>]? = nil,
                       glassSection: Bool = false) -> [Price] {
        assignExplained(prices, header: header, spans: spans, glassSection: glassSection).prices
    }

    /// `assign`, with the rule that gave each price its meaning, for the entry's layout facts.
    static func assignExplained(_ prices: [PriceToken], header: PriceHeader?, spans: [ClosedRange<Double>]? = nil,
                                glassSection: Bool = false) -> (prices: [Price], meanings: [EntryLayout.Meaning]) {
        let currency = prices.compactMap(\.currency).first
        func price(_ p: PriceToken, _ column: PriceColumn) -> Price {
            Price(amount: p.amount, column: column, currency: p.currency ?? currency)
        }
        guard let header, !header.columns.isEmpty else {
            let columns: [PriceColumn]
            let meaning: EntryLayout.Meaning
            switch prices.count {
            case 1: (columns, meaning) = ([glassSection ? .glass : .bottle], glassSection ? .glassSection : .lonePrice)
            // A glass costs less than its bottle, whichever a list prints first ("$47/$15").
            case 2: (columns, meaning) = ((prices[0].amount ?? 0) > (prices[1].amount ?? 0) ? [.bottle, .glass] : [.glass, .bottle], .pair)
            default: (columns, meaning) = (Array(repeating: .unknown, count: prices.count), .unknown)
            }
            return (zip(prices, columns).map(price), Array(repeating: meaning, count: prices.count))
        }
        let labels = header.columns
        if let labelSpans = header.spans, let spans, spans.count == prices.count, labelSpans.count == labels.count,
           prices.count <= labels.count {
            let chosen = bestLabels(prices: spans, labels: labelSpans)
            return (zip(prices, chosen.map { labels[$0] }).map(price), Array(repeating: .headerLabelAbove, count: prices.count))
        }
        let offset = labels.count - prices.count
        let assigned = prices.enumerated().map { index, p in
            let column: PriceColumn = offset >= 0 ? labels[offset + index] : (prices.count == 1 ? .bottle : .unknown)
            return price(p, column)
        }
        let meaning: EntryLayout.Meaning = offset >= 0 ? .headerFromRight : (prices.count == 1 ? .lonePrice : .unknown)
        return (assigned, Array(repeating: meaning, count: prices.count))
    }

    /// The labels (in left-to-right order, one per price) whose right edges and centres lie
    /// nearest the prices': right-aligned and centred columns both read right.
    static func bestLabels(prices: [ClosedRange<Double>], labels: [ClosedRange<Double>]) -> [Int] {
        func cost(_ p: ClosedRange<Double>, _ l: ClosedRange<Double>) -> Double {
            min(abs(p.upperBound - l.upperBound), abs((p.lowerBound + p.upperBound) - (l.lowerBound + l.upperBound)) / 2)
        }
        var best: (cost: Double, choice: [Int]) = (.infinity, Array(labels.indices.suffix(prices.count)))
        func search(_ price: Int, _ from: Int, _ chosen: [Int], _ total: Double) {
            if price == prices.count {
                if total < best.cost { best = (total, chosen) }
                return
            }
            guard from < labels.count else { return }
            for label in from..<labels.count where labels.count - label >= prices.count - price {
                search(price + 1, label + 1, chosen + [label], total + cost(prices[price], labels[label]))
            }
        }
        search(0, 0, [], 0)
        return best.choice
    }
}
