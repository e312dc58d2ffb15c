import Foundation

/// Each entry's layout facts (`EntryLayout`), taken from the rows, groups and price rules the parser
/// used: a reviewer sees why a price went with a wine without a second reading that could disagree.
extension WineListParser {
    /// The page's geometry as the entries were read from it, worked out once per page.
    struct PageGeometry {
        /// The rows the parser read.
        var layout: RowLayout
        /// The layout that rebuilt the parser's lines from what was recognized, when its lines are
        /// rebuilt rows: that rebuilding put each price on its row, so its pieces tell how.
        var origin: RowLayout?
        /// Each column's bounds: the gutters beside it, or the page's outermost text at its edges.
        var columns: [ClosedRange<Double>]
        var straightening: EntryLayout.Straightening

        init(layout: RowLayout, origin: RowLayout?) {
            self.layout = layout
            self.origin = origin
            let lefts = layout.rows.map(\.left), rights = layout.rows.map(\.right)
            let pageLeft = min(lefts.min() ?? 0, layout.gutters.first ?? .infinity)
            let pageRight = max(rights.max() ?? 0, layout.gutters.last ?? -.infinity)
            let bounds = [pageLeft] + layout.gutters + [pageRight]
            columns = (0..<(bounds.count - 1)).map { bounds[$0]...max(bounds[$0], bounds[$0 + 1]) }
            // The rebuilding that put the prices on their rows straightened them.
            let built = origin ?? layout
            straightening = EntryLayout.Straightening(
                skewDegrees: Self.rounded(built.skew * 180 / .pi, 2), lineHeight: Self.rounded(built.lineHeight, 1),
                field: built.field.map {
                    EntryLayout.Field(tilt: Self.rounded($0.tilt, 4), convergence: Self.rounded($0.convergence, 4),
                                      bend: Self.rounded($0.bend, 4), residualBefore: Self.rounded($0.residualBefore, 1),
                                      residualAfter: Self.rounded($0.residualAfter, 1),
                                      turn: $0.turn.map {
                                          EntryLayout.Turn(knot: Self.rounded($0.knot, 0), slope: Self.rounded($0.slope, 4),
                                                           convergence: Self.rounded($0.convergence, 4))
                                      })
                })
        }

        static func rounded(_ value: Double, _ decimals: Int) -> Double {
            let scale = pow(10, Double(decimals))
            return value.isFinite ? (value * scale).rounded() / scale : 0
        }

        /// The piece a word of `row` was recognized in, as the rebuilding that placed it saw it,
        /// with a key naming the piece (its row of that rebuilding, its index there).
        func piece(of row: ListRow, word: Int) -> (key: [Int], piece: ListRow.Piece)? {
            guard word < row.words.count else { return nil }
            if let origin {
                guard word < row.sourceLines.count, row.sourceLines[word] < origin.rows.count else { return nil }
                let k = row.sourceLines[word]
                let built = origin.rows[k]
                guard let j = built.words.firstIndex(of: row.words[word]), j < built.wordPieces.count,
                      built.wordPieces[j] < built.pieces.count else { return nil }
                return ([k, built.wordPieces[j]], built.pieces[built.wordPieces[j]])
            }
            guard word < row.wordPieces.count, row.wordPieces[word] < row.pieces.count else { return nil }
            return ([-1, row.wordPieces[word]], row.pieces[row.wordPieces[word]])
        }
    }

    func layoutFacts(_ group: Group, readings: [RowReading], geometry: PageGeometry, notes: Set<Int>, priceTokens: [PriceToken],
                     prices: [Price], meanings: [EntryLayout.Meaning], lineCount: Int) -> EntryLayout {
        let anchor = readings[group.anchor]
        func line(_ row: ListRow) -> Int { row.sourceLines.filter { $0 < lineCount }.min() ?? 0 }
        let column = anchor.row.column.flatMap { c -> EntryLayout.Column? in
            guard c < geometry.columns.count else { return nil }
            let bounds = geometry.columns[c]
            return EntryLayout.Column(index: c, count: geometry.columns.count, left: Int(bounds.lowerBound.rounded()),
                                      right: Int(bounds.upperBound.rounded()))
        }
        let anchorPosition = group.rows.firstIndex(of: group.anchor) ?? 0
        // In the order printed: a note above the price row (`pricesAfterNote`) follows it in `rows`.
        let rows = group.rows.enumerated().sorted { $0.element < $1.element }.map { k, i -> EntryLayout.Row in
            let role: EntryLayout.Role = i == group.anchor ? .price : k < anchorPosition ? .name : notes.contains(i) ? .note : .detail
            return EntryLayout.Row(line: line(readings[i].row), role: role, text: readings[i].row.text, flush: readings[i].flush)
        }
        // The name's piece on the price row: where the row's first word with letters before the
        // prices was read.
        let nameToken = anchor.tokens[..<anchor.priceStart].firstIndex { $0.contains(where: \.isLetter) }
        let name = nameToken.flatMap { geometry.piece(of: anchor.row, word: anchor.tokenWords[$0]) }
        let unit = max(1, (geometry.origin ?? geometry.layout).lineHeight)
        let field = geometry.straightening.field != nil
        let header = group.headerRow.map { readings[$0].row.text }
        let sources = priceTokens.enumerated().map { k, p -> EntryLayout.PriceSource in
            let word = anchor.tokenWords[p.tokens.lowerBound]
            let own = geometry.piece(of: anchor.row, word: word)
            var placement = EntryLayout.Placement.ownRow
            var offset: Double?, straightOffset: Double?
            if let name, let own {
                placement = own.piece.movedWithColumn ? .movedWithColumn
                    : own.key == name.key ? .withName : own.piece.line == name.piece.line ? .acrossGap : .separateLine
                if placement != .withName {
                    offset = PageGeometry.rounded((own.piece.middle - name.piece.middle) / unit, 2)
                    if field { straightOffset = PageGeometry.rounded((own.piece.straightMiddle - name.piece.straightMiddle) / unit, 2) }
                }
            }
            let meaning = k < meanings.count ? meanings[k] : .unknown
            let fromHeader = meaning == .headerLabelAbove || meaning == .headerFromRight
            let x = own?.piece.left ?? anchor.row.wordSpans[word].lowerBound
            return EntryLayout.PriceSource(
                text: anchor.tokens[p.tokens].joined(separator: " "), line: line(anchor.row), placement: placement,
                x: Int(x.rounded()), offset: offset, straightOffset: straightOffset, meaning: meaning,
                column: k < prices.count ? prices[k].column : .unknown, header: fromHeader ? header : nil,
                dotLeader: anchor.dotLeader)
        }
        return EntryLayout(column: column, straightening: geometry.straightening, rows: rows,
                           nameJoin: group.nameJoin, prices: sources)
    }
}
