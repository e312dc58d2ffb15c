import Foundation

/// What a row is besides a wine (a heading, a header of price columns, a title, a notice) and where
/// it stands against its column's margin.
extension WineListParser {
    func kind(of r: RowReading, lineHeight h: Double) -> RowKind {
        let text = r.tokens.joined(separator: " ")
        if let labels = SectionVocabulary.priceColumnLabels(r.tokens) {
            let spans = labels.map { label in
                r.row.wordSpans[r.tokenWords[label.words.lowerBound]].lowerBound...r.row.wordSpans[r.tokenWords[label.words.upperBound]].upperBound
            }
            return .header(PriceHeader(columns: labels.map(\.column), spans: spans))
        }
        // A heading with the section's price columns on its row ("WHITE  125ml 175ml 375ml 750ml").
        if r.prices.isEmpty, let split = Self.headingAndLabels(r.tokens) {
            let labels = split.labels
            let spans = labels.map { label -> ClosedRange<Double> in
                let first = r.row.wordSpans[r.tokenWords[split.start + label.words.lowerBound]]
                let last = r.row.wordSpans[r.tokenWords[split.start + label.words.upperBound]]
                return first.lowerBound...last.upperBound
            }
            return .header(PriceHeader(columns: labels.map(\.column), spans: spans, heading: split.heading))
        }
        guard r.prices.isEmpty else { return .text }
        let letters = text.filter(\.isLetter)
        if r.row.height >= 1.7 * h, !r.hasVintage { return .title }
        if SectionVocabulary.isHeading(text) || NotWine.isHeading(text) {
            // A region line under a wine ("Champagne") is no heading: headings stand apart,
            // larger, in capitals, or at the top of a column.
            let capitals = !letters.isEmpty && letters.allSatisfy(\.isUppercase)
            if r.gapAbove > 0.8 * h || r.row.height > 1.15 * h || capitals { return .heading }
        }
        if SectionVocabulary.isNotice(text) || SectionVocabulary.isFurniture(name: text) { return .notice }
        if !r.hasVintage, r.row.height >= 1.3 * h, r.tokens.count <= 5, letters.count >= 3, letters.allSatisfy(\.isUppercase) {
            return .heading
        }
        return .text
    }

    /// A row that is a section heading followed by two or more price-column labels: the heading's
    /// text, where the labels start, and the labels (word ranges counted from `start`).
    static func headingAndLabels(_ tokens: [String]) -> (heading: String, start: Int, labels: [(column: PriceColumn, words: ClosedRange<Int>)])? {
        guard tokens.count >= 3 else { return nil }
        for start in 1..<(tokens.count - 1) {
            let heading = tokens[..<start].joined(separator: " ")
            guard SectionVocabulary.isHeading(heading) else { continue }
            if let labels = SectionVocabulary.priceColumnLabels(Array(tokens[start...])), labels.count >= 2 {
                return (heading, start, labels)
            }
        }
        return nil
    }

    /// Where the name starts on a row that begins with a bin number ("112", "#112", "Bin 112").
    static func nameStartAfterBin(_ r: RowReading) -> Double? {
        let t = r.tokens
        guard t.count >= 2 else { return nil }
        var next = 0
        if t[0].lowercased() == "bin", t.count >= 3, FieldParser.isInteger(t[1]) { next = 2 }
        else if FieldParser.isInteger(t[0].hasPrefix("#") ? String(t[0].dropFirst()) : t[0]), t[0].count <= 4,
                !(1900...2100).contains(Int(t[0]) ?? 0) { next = 1 }
        guard next > 0 else { return nil }
        return r.row.wordSpans[r.tokenWords[next]].lowerBound
    }

    /// The column's margin near a row: the leftmost start shared by at least two rows of the
    /// window (a stray mark left of the text does not move it).
    static func margin(of lefts: [Double], tolerance: Double) -> Double {
        let sorted = lefts.sorted()
        for (i, x) in sorted.enumerated() where i + 1 < sorted.count && sorted[i + 1] - x <= tolerance { return x }
        return sorted.first ?? 0
    }

    /// A flush row without prices that ends in a comma, followed by a flush price row without a
    /// vintage of its own: one name broken over two lines.
    static func continuesAfterComma(_ row: RowReading, _ next: RowReading?) -> Bool {
        guard let next, row.kind == .text, next.kind == .text, row.prices.isEmpty, !next.prices.isEmpty, !next.hasVintage,
              row.flush, next.flush, let last = row.tokens.last, last.hasSuffix(",") else { return false }
        return next.row.top - row.row.bottom < row.row.height
    }
}
