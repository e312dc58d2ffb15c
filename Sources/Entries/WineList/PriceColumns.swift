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
        let currency = prices.compactMap(\.currency).first
        func price(_ p: PriceToken, _ column: PriceColumn) -> Price {
            Price(amount: p.amount, column: column, currency: p.currency ?? currency)
        }
        guard let header, !header.columns.isEmpty else {
            let columns: [PriceColumn]
            switch prices.count {
            case 1: columns = [glassSection ? .glass : .bottle]
            // A glass costs less than its bottle, whichever a list prints first ("$47/$15").
            case 2: columns = (prices[0].amount ?? 0) > (prices[1].amount ?? 0) ? [.bottle, .glass] : [.glass, .bottle]
            default: columns = Array(repeating: .unknown, count: prices.count)
            }
            return zip(prices, columns).map(price)
        }
        let labels = header.columns
        if let labelSpans = header.spans, let spans, spans.count == prices.count, labelSpans.count == labels.count,
           prices.count <= labels.count {
            let chosen = bestLabels(prices: spans, labels: labelSpans)
            return zip(prices, chosen.map { labels[$0] }).map(price)
        }
        let offset = labels.count - prices.count
        return prices.enumerated().map { index, p in
            let column: PriceColumn = offset >= 0 ? labels[offset + index] : (prices.count == 1 ? .bottle : .unknown)
            return price(p, column)
        }
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
