/// A page's text layer as poppler gives it, one glyph at a time, before anything is mended.
///
/// Kept as plain values so every repair rule can be tested on made-up glyphs, with no PDF behind them.
struct RawTextLayer: Sendable, Equatable {
    struct Glyph: Sendable, Equatable {
        var scalar: Unicode.Scalar
        var box: PDFRect
        /// Index into `styles`.
        var style: Int
    }

    struct Style: Sendable, Equatable {
        var fontName: String
        var fontSize: Double
        var isUnderlined: Bool
        var color: PDFColor
    }

    /// Lines of words of glyphs, in poppler's reading order.
    var lines: [[[Glyph]]]
    var styles: [Style]
    /// False when poppler's text and its boxes did not come out the same length, so the glyphs could not
    /// be paired with their boxes (a glyph mapped to U+0000 ends poppler's UTF-8 string early).
    var aligned: Bool

    /// Glyphs on the page, separators not counted.
    var glyphCount: Int { lines.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } } }
}

extension RawTextLayer {
    /// Pairs poppler's page text (words split by spaces, lines by newlines) with its one-box-per-character
    /// layout and its font runs, as `poppler_page_get_text_layout` documents: the n-th box belongs to the
    /// n-th character of `poppler_page_get_text`, separators included, and attribute runs index the same
    /// characters.
    ///
    /// Whitespace poppler leaves inside a word (a tab, a no-break space, thin and ideographic spaces) splits
    /// it like a space would: on the page it is a gap between two words.
    init(text: String, boxes: [PDFRect], runs: [(range: ClosedRange<Int>, style: Style)]) {
        let scalars = Array(text.unicodeScalars)
        styles = runs.map(\.style)
        aligned = scalars.count == boxes.count
        let count = min(scalars.count, boxes.count)
        var styleOf = [Int](repeating: 0, count: count)
        for (index, run) in runs.enumerated() {
            let lower = max(run.range.lowerBound, 0), upper = min(run.range.upperBound, count - 1)
            if lower <= upper { for i in lower...upper { styleOf[i] = index } }
        }
        if styles.isEmpty { styles = [Style(fontName: "Default", fontSize: 0, isUnderlined: false, color: .black)] }

        var lines: [[[Glyph]]] = []
        var line: [[Glyph]] = []
        var word: [Glyph] = []
        func endWord() {
            if !word.isEmpty { line.append(word) }
            word = []
        }
        for i in 0..<count {
            let scalar = scalars[i]
            if scalar == "\n" {
                endWord()
                lines.append(line)
                line = []
            } else if Self.isSeparator(scalar) {
                endWord()
            } else {
                word.append(Glyph(scalar: scalar, box: boxes[i], style: styleOf[i]))
            }
        }
        endWord()
        lines.append(line)
        self.lines = lines.flatMap(Self.splitAtVerticalJumps).filter { !$0.isEmpty }
    }

    /// Splits a poppler line where a glyph does not share any height with the glyph before it.
    ///
    /// poppler joins the end of one text block and the start of the next when their flows meet, with a
    /// space or with none: a column of vintages whose last year runs into the first price of the next
    /// column, ten rows higher ("201812"). Taken as one line, every later row's words shift by one.
    /// Glyphs of one printed line always overlap in height (a superscript or a smaller italic region
    /// included), so a glyph that lies wholly above or below its neighbour, and beside it rather than under
    /// it, starts a new line and word. Text set vertically (a page turned by /Rotate) runs glyph under glyph
    /// in one column: it stays one line.
    static func splitAtVerticalJumps(_ line: [[Glyph]]) -> [[[Glyph]]] {
        var parts: [[[Glyph]]] = [], part: [[Glyph]] = []
        var previous: PDFRect?
        for word in line {
            var piece: [Glyph] = []
            for glyph in word {
                if let previous, glyph.box.y >= previous.maxY || glyph.box.maxY <= previous.y,
                   glyph.box.x >= previous.maxX - 0.5 || glyph.box.maxX <= previous.x + 0.5 {
                    if !piece.isEmpty { part.append(piece) }
                    if !part.isEmpty { parts.append(part) }
                    piece = []
                    part = []
                }
                piece.append(glyph)
                previous = glyph.box
            }
            if !piece.isEmpty { part.append(piece) }
        }
        if !part.isEmpty { parts.append(part) }
        return parts
    }

    /// Spaces of every width; not zero-width ones, which are invisible characters to remove, not gaps.
    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default:
            return false
        }
    }
}
