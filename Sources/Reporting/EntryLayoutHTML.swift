import Entries

/// An entry's layout facts (`EntryLayout`) in words, for the review page's "Why" disclosure: a
/// reviewer checking a wrong price or a name run into the next wine sees which column, rows and
/// rules the parser went by. Lines are counted from 1, as the page counts them elsewhere.
public enum EntryLayoutHTML {
    /// The disclosure for an entry's detail panel; empty without facts.
    public static func disclosure(_ layout: EntryLayout?) -> String {
        guard let layout else { return "" }
        return "<details class=\"why\"><summary>Why these rows and prices</summary><ul>"
            + sentences(layout).map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ul></details>"
    }

    /// The explanation as plain sentences (unescaped): column, straightening, rows, then prices.
    public static func sentences(_ layout: EntryLayout) -> [String] {
        var out = [columnSentence(layout.column), straighteningSentence(layout.straightening), rowsSentence(layout)]
        if let join = layout.nameJoin { out.append("The name rows were joined because " + reason(join) + ".") }
        out += layout.prices.map { priceSentence($0, field: layout.straightening.field != nil) }
        return out
    }

    static func columnSentence(_ column: EntryLayout.Column?) -> String {
        guard let column else { return "Read across the page's columns." }
        let extent = "x \(column.left)–\(column.right) px"
        return column.count == 1 ? "One column (\(extent))." : "Column \(column.index + 1) of \(column.count) (\(extent))."
    }

    static func straighteningSentence(_ s: EntryLayout.Straightening) -> String {
        let rotation = "a rotation of \(HTMLText.fixed(s.skewDegrees, decimals: 2))°"
        let unit = "line height \(HTMLText.fixed(s.lineHeight, decimals: 0)) px"
        guard let f = s.field else { return "Rows straightened by \(rotation) alone (\(unit))." }
        return "Rows joined along the lines' course after \(rotation) (tilt \(HTMLText.fixed(f.tilt, decimals: 4)), "
            + "convergence \(HTMLText.fixed(f.convergence, decimals: 4)), bend \(HTMLText.fixed(f.bend, decimals: 4)); "
            + "words off their lines \(HTMLText.fixed(f.residualBefore, decimals: 1)) → \(HTMLText.fixed(f.residualAfter, decimals: 1)) px; \(unit))."
            + (f.turn.map { t in
                " Past x \(HTMLText.fixed(t.knot, decimals: 0)) px the lines turn (a fold): straight at slope "
                    + "\(HTMLText.fixed(t.slope, decimals: 4)), convergence \(HTMLText.fixed(t.convergence, decimals: 4)), as the short lines there run."
            } ?? "")
    }

    static func rowsSentence(_ layout: EntryLayout) -> String {
        let lines = layout.rows.map { $0.line + 1 }
        var span = ""
        if let first = lines.min(), let last = lines.max() { span = first == last ? "Line \(first)" : "Lines \(first)–\(last)" }
        let parts = layout.rows.map { row -> String in
            let what: String
            switch row.role {
            case .name: what = "name"
            case .price: what = "price row"
            case .detail: what = "detail attached"
            case .note: what = "note attached"
            }
            return "line \(row.line + 1) “\(row.text)” (\(what)\(row.flush ? "" : ", indented"))"
        }
        return span + ": " + parts.joined(separator: "; ") + "."
    }

    static func reason(_ join: EntryLayout.NameJoin) -> String {
        switch join {
        case .indentedUnderFlushRow: return "the price row is indented under a row at the margin (a wrapped name, or a producer over its wine)"
        case .continuesAfterComma: return "the row above breaks after a comma and the price row finishes it"
        case .pricesAloneOnRow: return "the price row holds prices alone, so the wine is what stands above it"
        case .priceEndsNoteLine: return "the price ends a note's first line, so the name is the row above"
        case .pricesAfterNote: return "the prices follow a note set under a name, so the name is the row above the note"
        case .setAboveAfterWidestGap: return "they are set tight onto the price row, after a clearly wider blank above them"
        }
    }

    static func priceSentence(_ p: EntryLayout.PriceSource, field: Bool) -> String {
        var text = "\(p.text) (\(p.column.rawValue)) on line \(p.line + 1)"
        switch p.placement {
        case .withName: text += ", read with the name"
        case .acrossGap: text += ", on the name's recognized line across a wide gap at x \(p.x)"
        case .separateLine: text += ", read apart from the name (a price column, a piece of its own) and put on its row by geometry at x \(p.x)"
        case .ownRow: text += ", on a row of prices alone at x \(p.x)"
        case .movedWithColumn: text += ", moved back onto its wine with its whole price column at x \(p.x): the column stood a row off its wines (a fold), as two or more sections of the page showed"
        }
        if let offset = p.offset {
            text += ", \(HTMLText.fixed(abs(offset), decimals: 2)) line heights \(offset >= 0 ? "below" : "above") the name"
            if field {
                text += " along the lines' course"
                if let straight = p.straightOffset {
                    text += " (\(HTMLText.fixed(abs(straight), decimals: 2)) \(straight >= 0 ? "below" : "above") by the rotation alone)"
                }
            }
        }
        if p.dotLeader { text += "; a dot leader was dropped before it" }
        text += ". " + meaningSentence(p)
        return text
    }

    static func meaningSentence(_ p: EntryLayout.PriceSource) -> String {
        let column = p.column.rawValue
        let header = p.header.map { " “\($0)”" } ?? ""
        switch p.meaning {
        case .headerLabelAbove: return "“\(column)” from the label above it in the header\(header)."
        case .headerFromRight: return "“\(column)” from the header\(header), its labels filled from the right."
        case .labelledOnRow: return "“\(column)” from the measure printed at the price."
        case .lonePrice: return "A lone price is the bottle's."
        case .glassSection: return "A lone price in a by-the-glass section is the glass's."
        case .pair: return "Of two prices the smaller is the glass's, the larger the bottle's."
        case .unknown: return "No header gives it a meaning."
        }
    }
}
