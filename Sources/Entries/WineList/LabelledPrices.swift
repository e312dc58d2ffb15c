/// Prices printed with their measure or column beside each ("125ml £4.00 175ml £5.50 250ml £7.00",
/// "200ml - £8.50", "25 (75cl) / 7 calice"), read from the row's end.
///
/// Why: a list that names the measure at each price prints no header over them, and a run of
/// prices broken by words ends, read from the right, at its last measure: the other measures'
/// prices would become part of the wine's name.
enum LabelledPrices {
    /// The column a label names: a measure (125ml, 75 cl, 1,5 l, 0,1 l) by its size, or a word of
    /// a header ("glass", "calice", "Flasche").
    static func column(_ tokens: [String], endingAt end: Int) -> (column: PriceColumn, ml: Int?, count: Int)? {
        guard end > 0 else { return nil }
        let bare: (String) -> String = { $0.trimmingCharacters(in: Set("()[],;:")) }
        for count in [1, 2] where end - count >= 0 {
            let piece = tokens[(end - count)..<end].map(bare)
            if let size = FieldParser.bottleSize(piece, at: 0), size.used == count {
                return (column(ml: size.ml), size.ml, count)
            }
        }
        if let labels = SectionVocabulary.priceColumnLabels([bare(tokens[end - 1])]), labels.count == 1 {
            return (labels[0].column, nil, 1)
        }
        return nil
    }

    /// The column a measure is sold as: up to 250 ml a glass, a half bottle, a carafe of 500 ml,
    /// a bottle, a magnum.
    static func column(ml: Int) -> PriceColumn {
        switch ml {
        case ..<300: return .glass
        case 300..<450: return .halfBottle
        case 450..<700: return .carafe
        case 700..<1200: return .bottle
        default: return .magnum
        }
    }

    static let separators: Set<String> = ["/", "-", "–", "—", "|", "="]

    /// The prices at the row's end with their columns, when each is labelled; nil when the row's
    /// end holds no labelled price (the ordinary run is read instead). Labels standing before their
    /// prices count only as a pattern (two or more) or as one glass measure: a lone "Magnum 120"
    /// stays the wine's size and price.
    static func read(_ tokens: [String], fields: FieldParser) -> (prices: [PriceToken], columns: [PriceColumn], start: Int)? {
        guard tokens.count >= 2 else { return nil }
        if column(tokens, endingAt: tokens.count) != nil {
            return labelled(tokens, endingAt: tokens.count, labelsAfter: true, fields: fields)
        }
        return withLastLabelLost(tokens, fields: fields) ?? labelled(tokens, endingAt: tokens.count, labelsAfter: false, fields: fields)
    }

    /// The labelled prices of `tokens[..<end]`, read from `end` leftward: each price with the label
    /// after it (`labelsAfter`, and `end` is a label's end) or before it.
    static func labelled(_ tokens: [String], endingAt end: Int, labelsAfter: Bool,
                         fields: FieldParser) -> (prices: [PriceToken], columns: [PriceColumn], start: Int)? {
        var end = end
        var found: [(prices: [PriceToken], column: PriceColumn)] = []
        var start = end
        var glassMeasure = false
        while end > 0 {
            var e = end
            var label: (column: PriceColumn, ml: Int?, count: Int)?
            if labelsAfter {
                guard let l = column(tokens, endingAt: e) else { break }
                label = l
                e -= l.count
                while e > 0, separators.contains(tokens[e - 1]) { e -= 1 }
            }
            let run = fields.trailingPrices(Array(tokens[..<e]))
            guard !run.prices.isEmpty else { break }
            var s = run.start
            if !labelsAfter {
                while s > 0, separators.contains(tokens[s - 1]) { s -= 1 }
                guard let l = column(tokens, endingAt: s) else { break }
                label = l
                s -= l.count
                if l.ml.map({ $0 <= 250 }) == true { glassMeasure = true }
            }
            // A label names one price: the last of a run ("£4.00" of "12 £4.00"); the others belong
            // to the ordinary run to its left.
            guard let label, let last = run.prices.last, run.prices.count == 1 else { break }
            found.append(([last], label.column))
            start = labelsAfter ? last.tokens.lowerBound : s
            end = labelsAfter ? last.tokens.lowerBound : s
            while labelsAfter, end > 0, separators.contains(tokens[end - 1]) { end -= 1 }
        }
        guard !found.isEmpty, labelsAfter || found.count >= 2 || glassMeasure else { return nil }
        // Name tokens end where the first label or price starts; trailing separators are no name.
        while start > 0, separators.contains(tokens[start - 1]) { start -= 1 }
        let ordered = found.reversed()
        return (ordered.flatMap(\.prices), ordered.map(\.column), start)
    }

    /// "22 (75cl) / 6": labels after their prices whose last label went to the next line ("calice"
    /// wrapped under the row). The row's last price stands alone after a separator, and what precedes
    /// the separator reads as labelled prices; the last price is then the measure the labels leave:
    /// below a bottle's price a glass, above a glass's a bottle. Anything else is left to the
    /// ordinary run.
    static func withLastLabelLost(_ tokens: [String], fields: FieldParser) -> (prices: [PriceToken], columns: [PriceColumn], start: Int)? {
        let last = fields.trailingPrices(tokens)
        guard last.prices.count == 1, let price = last.prices.first, let amount = price.amount else { return nil }
        var cut = last.start
        while cut > 0, separators.contains(tokens[cut - 1]) { cut -= 1 }
        // "/6": the separator stuck to the price.
        let glued = separators.contains(String(tokens[last.start].prefix(1)))
        guard cut < last.start || glued, cut > 0, column(tokens, endingAt: cut) != nil,
              let before = labelled(tokens, endingAt: cut, labelsAfter: true, fields: fields), !before.prices.isEmpty else { return nil }
        let labelled = zip(before.prices, before.columns)
        let column: PriceColumn
        if labelled.contains(where: { $0.1 == .bottle && ($0.0.amount ?? 0) > amount }), !before.columns.contains(.glass) {
            column = .glass
        } else if labelled.contains(where: { $0.1 == .glass && ($0.0.amount ?? .infinity) < amount }), !before.columns.contains(.bottle) {
            column = .bottle
        } else {
            return nil
        }
        return (before.prices + [price], before.columns + [column], before.start)
    }
}
