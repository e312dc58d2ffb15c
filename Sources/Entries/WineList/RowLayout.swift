import Foundation
import Imaging
import RecognizedText

/// Rebuilds a list's printed rows from what Tesseract read, using geometry rather than Tesseract's
/// reading order. Tesseract reads a price column, a bin column or a name broken by a dot leader as
/// separate pieces (in sparse mode every piece is its own block), and on a two-column list it may
/// interleave the columns. Here the pieces are rotated upright by the page's skew, split into
/// columns at the gutters no text crosses, and joined into rows by baseline within each column;
/// rows come out in reading order: what spans the columns (title, footer) where it stands, and each
/// band between those column by column, top to bottom.
public struct RowLayout: Sendable {
    public var rows: [ListRow]
    /// Horizontal boundaries between columns in the upright frame (empty for a one-column page).
    public var gutters: [Double]
    /// The rotation the rows were read at, radians (positive: lines descend to the right): the long
    /// lines' median slope, or the one at which the cells right of the names stand on their rows
    /// when the two disagree (`CellAlignment`).
    public var skew: Double
    /// Median height of a row of body text, pixels: the unit every tolerance is measured in.
    public var lineHeight: Double
    /// The lines' course after the rotation, when they converge or bend (a photographed page);
    /// rows are then joined along it rather than along straight bands.
    var field: LineField?

    public init(lines: [RecognizedLine]) {
        let confident = lines.flatMap(\.words).filter { $0.confidence >= 50 }.map { Double($0.box.height) }.sorted()
        let wordHeight = confident.isEmpty ? 0 : confident[confident.count / 2]
        // A line of nothing but "not offered" marks ("~", "–") says nothing of a wine, and standing
        // between rows it would take their marks' places.
        let words = Self.withoutRepeats(lines.map { line in
            line.words.allSatisfy { WineListParser.placeholders.contains($0.text) } ? []
                : line.words.filter { !Self.isLeaderNoise($0, wordHeight: wordHeight) }
        })
        var skew = Self.skew(of: words)
        let (sinA, cosA) = (sin(skew), cos(skew))
        func rotated(_ lines: [[RecognizedWord]]) -> [[(x: Double, y: Double)]] {
            lines.map { line in line.map { w in (w.box.midX * cosA + w.box.midY * sinA, -w.box.midX * sinA + w.box.midY * cosA) } }
        }
        let long = rotated(Self.longLines(words))
        let field = LineField.fit(lines: long, wordHeight: wordHeight)?
            .turned(long: long, short: rotated(words.filter { $0.count >= 2 }), wordHeight: wordHeight)
        var fragments = Self.fragments(words, skew: skew, field: field, wordHeight: wordHeight)
        var lineHeight = Self.lineHeight(fragments)
        var gutters = Self.gutters(fragments, lineHeight: lineHeight)
        // The lines' own slope, measured where the names stand, may not hold across the page (a
        // fold between the names and the prices): the cells far right of the names say at which
        // rotation they stand on rows.
        if field == nil, let turn = CellAlignment.correction(fragments, gutters: gutters, lineHeight: lineHeight) {
            skew += turn
            fragments = Self.fragments(words, skew: skew, field: nil, wordHeight: wordHeight)
            lineHeight = Self.lineHeight(fragments)
            gutters = Self.gutters(fragments, lineHeight: lineHeight)
        }
        self.skew = skew
        self.field = field
        self.lineHeight = lineHeight
        self.gutters = gutters
        rows = Self.rows(fragments, gutters: gutters, lineHeight: lineHeight)
    }

    /// The words, rotated upright by `skew` and levelled along `field`, split into fragments.
    static func fragments(_ words: [[RecognizedWord]], skew: Double, field: LineField?, wordHeight: Double) -> [Fragment] {
        let (sinA, cosA) = (sin(skew), cos(skew))
        var fragments: [Fragment] = []
        for (index, lineWords) in words.enumerated() where !lineWords.isEmpty {
            let usual = Self.usualExtent(of: lineWords, wordHeight: wordHeight)
            let upright = lineWords.map { word -> UprightWord in
                let cx = word.box.midX
                var cy = word.box.midY, h = Double(word.box.height)
                // A word whose box took in a mark off its line (a vein of marble, a stain, the
                // next line's ascender) stands where its line's ordinary words stand (a bin number
                // on the row, when every word of the name took it in).
                if let usual, h > Self.outsizedWord * usual.height {
                    let middle = usual.middle + (cx - usual.x) * usual.slope
                    (cy, h) = (middle, usual.height)
                }
                let x = cx * cosA + cy * sinA
                var y = -cx * sinA + cy * cosA
                let (straightTop, straightBottom) = (y - h / 2, y + h / 2)
                if let field {
                    y = field.level(x: x, y: y)
                    h *= field.stretch(x: x)
                }
                let w = Double(word.box.width)
                return UprightWord(word: word, left: x - w / 2, right: x + w / 2, top: y - h / 2, bottom: y + h / 2, line: index,
                                   straightTop: straightTop, straightBottom: straightBottom)
            }.sorted { $0.left < $1.left }
            fragments += Self.split(upright)
        }
        return fragments
    }

    /// Median height of the text fragments: the page's row of body text.
    static func lineHeight(_ fragments: [Fragment]) -> Double {
        let heights = fragments.filter(\.isText).map(\.height).sorted()
        return heights.isEmpty ? 20 : max(4, heights[heights.count / 2])
    }

    // MARK: words and fragments

    /// The lines without a word printed again where it already stands (a PDF drawing a glyph twice,
    /// for weight or by accident, gives it twice in its text layer): the same text over at least half
    /// of the smaller box is one word, and the later copy goes.
    static func withoutRepeats(_ lines: [[RecognizedWord]]) -> [[RecognizedWord]] {
        var kept: [RecognizedWord] = []
        return lines.map { words in
            words.filter { word in
                let repeated = kept.contains { other in
                    guard other.text == word.text else { return false }
                    let (a, b) = (other.box, word.box)
                    let w = min(a.maxX, b.maxX) - max(a.x, b.x), h = min(a.maxY, b.maxY) - max(a.y, b.y)
                    let smaller = min(a.width * a.height, b.width * b.height)
                    return smaller > 0 && w > 0 && h > 0 && w * h * 2 >= smaller
                }
                if !repeated { kept.append(word) }
                return !repeated
            }
        }
    }

    /// A word (or a row's piece) more than this many times as tall as the ordinary ones beside it
    /// took in something off its line.
    static let outsizedWord = 1.6
    /// A row's piece at most this many line heights tall is of ordinary height.
    static let ordinaryPiece = 1.3

    /// Height and middle of a line's words of ordinary height (at most `ordinaryPiece` times the
    /// page's `wordHeight`, or when that is unknown not outsized against the line's median), with
    /// the line's slope through them; nil when the line has none or only such words.
    static func usualExtent(of words: [RecognizedWord], wordHeight: Double) -> (height: Double, middle: Double, x: Double, slope: Double)? {
        guard words.count >= 2 else { return nil }
        let heights = words.map { Double($0.box.height) }.sorted()
        let limit = wordHeight > 0 ? ordinaryPiece * wordHeight : outsizedWord * heights[heights.count / 2]
        let ordinary = words.filter { Double($0.box.height) <= limit }
        guard !ordinary.isEmpty, ordinary.count < words.count else { return nil }
        let ordinaryHeights = ordinary.map { Double($0.box.height) }.sorted()
        let line = centreLine(of: ordinary)
        return (ordinaryHeights[ordinaryHeights.count / 2], line.y, line.x, line.slope ?? 0)
    }

    /// The least-squares line through the words' centres: its mean point and slope (nil when the
    /// centres stand in one column).
    static func centreLine(of words: [RecognizedWord]) -> (x: Double, y: Double, slope: Double?) {
        let xs = words.map(\.box.midX), ys = words.map(\.box.midY)
        let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
        var sxy = 0.0, sxx = 0.0
        for (x, y) in zip(xs, ys) { sxy += (x - mx) * (y - my); sxx += (x - mx) * (x - mx) }
        return (mx, my, sxx > 0 ? sxy / sxx : nil)
    }

    struct UprightWord {
        var word: RecognizedWord
        var left, right, top, bottom: Double
        /// Index of the recognized line the word came from.
        var line: Int
        /// Top and bottom after the rotation alone, before the lines' course levelled them.
        var straightTop, straightBottom: Double
    }

    /// A run of words Tesseract read together, without a wide gap inside.
    struct Fragment {
        var words: [UprightWord]
        /// Moved onto its row from another (`DisplacedPrices`): no part of the row's extent.
        var moved = false
        var left: Double { words.first?.left ?? 0 }
        var right: Double { words.map(\.right).max() ?? 0 }
        var top: Double { words.map(\.top).min() ?? 0 }
        var bottom: Double { words.map(\.bottom).max() ?? 0 }
        var height: Double { bottom - top }
        var middle: Double { (top + bottom) / 2 }
        var straightMiddle: Double { ((words.map(\.straightTop).min() ?? 0) + (words.map(\.straightBottom).max() ?? 0)) / 2 }
        /// Holds words (at least two letters that are not a price such as "MP"): names, headings, notes.
        /// A bin label ("Bin 218") is no text: a column of them stands beside the names, on their rows.
        /// A measure with its price ("125ml - £4.00", "75cl/£30") is no text either: a glass
        /// list's size-and-price columns stand beside the names, on their rows.
        var isText: Bool {
            !isBinLabel && words.contains { w in
                w.word.text.filter(\.isLetter).count >= 2 && FieldParser.price(w.word.text) == nil
                    && !RowLayout.isMeasure(w.word.text)
            }
        }

        /// Ends in an amount that is no year: a price.
        var hasPrice: Bool {
            guard let last = words.last?.word.text, let amount = FieldParser.price(last)?.amount else { return false }
            return Self.isPrice(amount)
        }

        /// An amount that is no year (a vintage printed where a price could stand).
        static func isPrice(_ amount: Double) -> Bool { !(amount >= 1900 && amount <= 2100 && amount == amount.rounded()) }

        var isBinLabel: Bool {
            let texts = words.map { $0.word.text.lowercased() }
            return texts.count == 2 && ["bin", "no", "no.", "n°", "nº"].contains(texts[0]) && FieldParser.isInteger(texts[1])
        }
    }

    /// A bottle or glass size, alone or run together with its price and the marks between them
    /// ("125ml", "125ml-", "125ml-£4.00", "37.5cl/£12"): every piece holding letters is a size.
    static func isMeasure(_ text: String) -> Bool {
        let separators: Set<Character> = ["-", "–", "—", "/", "|", ":", ",", ";", "(", ")", "=", "@"]
        let pieces = text.split { separators.contains($0) || FieldParser.currencySymbols.contains($0) }.map(String.init)
        let worded = pieces.filter { $0.contains(where: \.isLetter) }
        guard !worded.isEmpty else { return false }
        return worded.allSatisfy { piece in
            piece.first?.isNumber == true && FieldParser.bottleSize([piece], at: 0) != nil
        }
    }

    /// Dot leaders read as text: a run of dots; a "word" far flatter than the page's words (a leader
    /// read whole, "2......"); a low-confidence word of the lower-case letters Tesseract makes of dots
    /// (c, e, s, o …); or one stretched far wider than its letters could be. `wordHeight` is the
    /// page's typical word height (0 when unknown).
    static func isLeaderNoise(_ word: RecognizedWord, wordHeight: Double = 0) -> Bool {
        let text = word.text
        let dots: Set<Character> = [".", "·", "…", "_", "-", "–", "—", ",", ":", ";", "'", "‘", "’", "°"]
        if text.count >= 2, text.allSatisfy(dots.contains) { return true }
        if wordHeight > 0, Double(word.box.height) < 0.4 * wordHeight { return true }
        if text.contains(where: \.isNumber) { return false }
        let perCharacter = Double(word.box.width) / Double(max(1, text.count))
        if word.confidence < 50, perCharacter > 1.6 * Double(max(1, word.box.height)) { return true }
        let leaderLetters: Set<Character> = ["c", "e", "s", "o", "a", "u", "n", "m", "i", "t", "w", "r", "v", "x"]
        if word.confidence < 30, text.contains(where: \.isLetter),
           text.allSatisfy({ leaderLetters.contains($0) || dots.contains($0) }) { return true }
        return false
    }

    /// The lines long enough to show their direction: three words or more, spanning at least four
    /// times their height.
    static func longLines(_ lines: [[RecognizedWord]]) -> [[RecognizedWord]] {
        lines.filter { words in
            guard words.count >= 3 else { return false }
            let xs = words.map(\.box.midX)
            let heights = words.map { Double($0.box.height) }.sorted()
            guard let span = xs.max().flatMap({ max in xs.min().map { max - $0 } }) else { return false }
            return span >= 4 * heights[heights.count / 2]
        }
    }

    /// Median slope of the lines that are long enough to show it (word centres fitted by least squares).
    static func skew(of lines: [[RecognizedWord]]) -> Double {
        var slopes: [Double] = []
        for words in longLines(lines) {
            if let slope = centreLine(of: words).slope { slopes.append(slope) }
        }
        guard slopes.count >= 3 else { return 0 }
        slopes.sort()
        return atan(max(-0.3, min(0.3, slopes[slopes.count / 2])))
    }

    /// Splits a line at gaps wider than two word heights: a name and its price, or two columns read as one line.
    static func split(_ words: [UprightWord]) -> [Fragment] {
        var fragments: [Fragment] = []
        var current: [UprightWord] = []
        for word in words {
            if let last = current.last {
                let gap = word.left - last.right
                let height = max(last.bottom - last.top, word.bottom - word.top)
                if gap > 2 * height { fragments.append(Fragment(words: current)); current = [] }
            }
            current.append(word)
        }
        if !current.isEmpty { fragments.append(Fragment(words: current)) }
        return fragments
    }

    // MARK: columns

    /// Boundaries between columns: places no text crosses, with enough rows on both sides starting
    /// at a common margin. A price column has no words, so a one-column list with prices far right
    /// is one column.
    static func gutters(_ fragments: [Fragment], lineHeight: Double) -> [Double] {
        let text = fragments.filter(\.isText)
        return gutters(text: text, all: fragments, lineHeight: lineHeight, depth: 0).sorted()
    }

    private static func gutters(text: [Fragment], all: [Fragment], lineHeight h: Double, depth: Int) -> [Double] {
        guard depth < 2, text.count >= 8 else { return [] }
        let n = text.count
        let minimumSide = max(3, n / 5)
        let minimumMargin = max(3, n / 10)
        let allowedCrossing = max(1, n / 16)
        // Stretches of x that at most a few words cross (titles, footers across the columns).
        var edges = Array(Set(text.flatMap { [$0.left, $0.right] })).sorted()
        guard edges.count >= 2 else { return [] }
        edges = edges.filter { $0 > edges.first! && $0 < edges.last! }
        var bands: [(from: Double, to: Double)] = []
        var cursor: Double?
        var previous = text.map(\.left).min()!
        for edge in edges + [text.map(\.right).max()!] {
            let middle = (previous + edge) / 2
            let covering = text.filter { $0.left < middle && $0.right > middle }.count
            if covering <= allowedCrossing {
                if cursor == nil { cursor = previous }
            } else if let start = cursor {
                bands.append((start, previous))
                cursor = nil
            }
            previous = edge
        }
        var best: (score: Int, boundary: Double)?
        for band in bands where band.to - band.from >= h {
            // A long name may reach into the band from its column; only what crosses it all spans the columns.
            let leftSide = text.filter { $0.left < band.from && $0.right < band.to }
            let rightSide = text.filter { $0.left > band.from && $0.right > band.to }
            guard leftSide.count >= minimumSide, rightSide.count >= minimumSide,
                  n - leftSide.count - rightSide.count <= allowedCrossing,
                  marginSupport(leftSide, h) >= minimumMargin, marginSupport(rightSide, h) >= minimumMargin,
                  !isTableOfOneList(left: leftSide, all: all, band: band, h) else { continue }
            let score = min(leftSide.count, rightSide.count)
            if best == nil || score > best!.score { best = (score, widestEmpty(all, from: band.from, to: band.to)) }
        }
        guard let best else { return [] }
        let leftText = text.filter { $0.middleX < best.boundary }, rightText = text.filter { $0.middleX >= best.boundary }
        return [best.boundary]
            + gutters(text: leftText, all: all.filter { $0.middleX < best.boundary }, lineHeight: h, depth: depth + 1)
            + gutters(text: rightText, all: all.filter { $0.middleX >= best.boundary }, lineHeight: h, depth: depth + 1)
    }

    /// How many times the right side's prices the left side's must be short of for them to be
    /// stray numbers rather than a price column.
    static let strayPriceShare = 4

    /// A table's columns, not the page's: names on the left with no price of their own, each on the
    /// row of a region and price on the right ("Familia Gascón, Extra Brut" | "Mendoza 120.00").
    /// Two columns of a list each carry their prices; a column of names whose rows continue across
    /// the gap into the prices is one list.
    static func isTableOfOneList(left: [Fragment], all: [Fragment], band: (from: Double, to: Double), _ h: Double) -> Bool {
        // A left column's prices may stand in the band (only text makes a band): sides as the
        // boundary would cut them.
        let boundary = widestEmpty(all, from: band.from, to: band.to)
        let leftPrices = all.filter { $0.middleX < boundary && $0.hasPrice }.count
        let across = all.filter { $0.middleX >= boundary }
        let rightPrices = across.filter(\.hasPrice).count
        // Stray marks read as numbers beside headings (a flag after "ARGENTINA" read as "1") are
        // no price column of the left side: a column of a list carries about as many prices as the
        // one beside it, not a quarter of them.
        guard rightPrices >= 3, leftPrices <= 1 || leftPrices * strayPriceShare <= rightPrices else { return false }
        let sharing = left.filter { l in
            across.contains { r in min(l.bottom, r.bottom) - max(l.top, r.top) > 0.5 * min(l.height, r.height) }
        }.count
        return Double(sharing) >= 0.6 * Double(left.count)
    }

    /// How many fragments start at the most common left edge: a column has a margin.
    static func marginSupport(_ fragments: [Fragment], _ h: Double) -> Int {
        let lefts = fragments.map(\.left).sorted()
        var best = 0, lower = 0
        for upper in lefts.indices {
            while lefts[upper] - lefts[lower] > h { lower += 1 }
            best = max(best, upper - lower + 1)
        }
        return best
    }

    /// The middle of the widest stretch between `from` and `to` that no fragment inside it (prices,
    /// bins) covers, so a left column's prices and a right column's bins fall on their own sides.
    static func widestEmpty(_ fragments: [Fragment], from: Double, to: Double) -> Double {
        // What stands in the band or reaches into it from the left column counts; what runs on past
        // it (a title across the columns, the right column itself) does not.
        // Text centred over the band (a subtitle, a footer note) is no column's edge; a left
        // column's long name, starting far to the left, is.
        let covered = fragments.filter {
            $0.right > from && $0.left < to && $0.right <= to && (!$0.isText || $0.left < from - (to - from))
        }
            .map { (max(from, $0.left), min(to, $0.right)) }
            .sorted { $0.0 < $1.0 }
        var best = (width: -1.0, middle: (from + to) / 2)
        var cursor = from
        for (l, r) in covered {
            if l - cursor > best.width { best = (l - cursor, (cursor + l) / 2) }
            cursor = max(cursor, r)
        }
        if to - cursor > best.width { best = (to - cursor, (cursor + to) / 2) }
        return best.middle
    }

    // MARK: rows

    static func rows(_ fragments: [Fragment], gutters: [Double], lineHeight h: Double) -> [ListRow] {
        // Column of each fragment; text crossing a gutter spans the columns.
        func crosses(_ f: Fragment) -> Bool { f.isText && gutters.contains { f.left < $0 - h / 4 && f.right > $0 + h / 4 } }
        // A title or footer crossing a gutter stands alone on its line; a long name that strays
        // over the gutter has rows beside it, and stays in the column it starts in.
        func column(of f: Fragment) -> Int? {
            if crosses(f), !fragments.contains(where: { other in
                !crosses(other) && other.isText && min(other.bottom, f.bottom) - max(other.top, f.top) > 0.3 * h
            }) { return nil }
            return gutters.filter { $0 <= (crosses(f) ? f.left : f.middleX) }.count
        }
        var groups: [Int?: [Fragment]] = [:]
        for f in fragments { groups[column(of: f), default: []].append(f) }
        var columns: [(column: Int?, rows: [[Fragment]])] = []
        for (col, members) in groups {
            var rows: [[Fragment]] = []
            for f in members.sorted(by: { $0.top < $1.top }) {
                var best: (index: Int, overlap: Double)?
                for (i, row) in rows.enumerated() {
                    let top = row.map(\.top).min()!, bottom = row.map(\.bottom).max()!
                    guard bottom > f.top - h else { continue }
                    // Pieces of one row never overlap horizontally.
                    guard !row.contains(where: { $0.left < f.right && f.left < $0.right }) else { continue }
                    let overlap = (min(bottom, f.bottom) - max(top, f.top)) / max(1, min(bottom - top, f.height))
                    if overlap >= 0.5, best == nil || overlap > best!.overlap { best = (i, overlap) }
                }
                if let best { rows[best.index].append(f) } else { rows.append([f]) }
            }
            columns.append((col, rows.map { $0.sorted { $0.left < $1.left } }.sorted { DisplacedPrices.top($0) < DisplacedPrices.top($1) }))
        }
        // Prices lifted a fraction of a line above their wines, then a price column a fold moved a
        // whole row off its wines, where the page shows it twice, then a column that drifts off
        // its wines row by row.
        let mended = DisplacedPrices.mended(columns.map { PricesAboveNames.joined($0.rows, lineHeight: h) }, lineHeight: h)
            .map { DriftingPrices.mended($0, lineHeight: h) }
        var built: [ListRow] = []
        for (col, rows) in zip(columns.map(\.column), mended) {
            for row in rows {
                // Pieces of one row never overlap horizontally: left to right (sorted above), their words stay together.
                let words = row.flatMap(\.words).sorted { $0.left < $1.left }
                // A row is as tall as its pieces of ordinary height when it has some: a name whose
                // every word took in a mark off the line (winelist-0103) stands on its bin's row.
                // A price moved onto its wine from a row away keeps the wine's row where it is.
                let standing = row.contains(where: \.moved) ? row.filter { !$0.moved } : row
                let ordinary = standing.filter { $0.height <= Self.ordinaryPiece * h }
                let extent = ordinary.isEmpty || !standing.contains(where: { $0.height > Self.outsizedWord * h }) ? standing : ordinary
                built.append(ListRow(words: words.map(\.word), column: col, left: words.first!.left,
                                     right: words.map(\.right).max()!, top: extent.map(\.top).min()!,
                                     bottom: extent.map(\.bottom).max()!, wordSpans: words.map { $0.left...$0.right },
                                     sourceLines: words.map(\.line),
                                     pieces: row.map { ListRow.Piece(line: $0.words[0].line, left: $0.left, right: $0.right,
                                                                     middle: $0.middle, straightMiddle: $0.straightMiddle,
                                                                     movedWithColumn: $0.moved) },
                                     wordPieces: row.enumerated().flatMap { k, f in Array(repeating: k, count: f.words.count) }))
            }
        }
        return readingOrder(built)
    }

    /// Rows across the columns cut the page into bands; within a band, column by column, top to bottom.
    static func readingOrder(_ rows: [ListRow]) -> [ListRow] {
        let spanning = rows.filter { $0.column == nil }.sorted { $0.top < $1.top }
        let inColumns = rows.filter { $0.column != nil }
        var ordered: [ListRow] = []
        var previous = -Double.infinity
        for i in 0...spanning.count {
            let cut = i < spanning.count ? spanning[i].middle : Double.infinity
            let band = inColumns.filter { $0.middle >= previous && $0.middle < cut }
            ordered += band.sorted { ($0.column!, $0.top) < ($1.column!, $1.top) }
            if i < spanning.count { ordered.append(spanning[i]) }
            previous = cut
        }
        return ordered
    }
}

extension RowLayout.Fragment {
    var middleX: Double { (left + right) / 2 }
}
