/// One word of a page's text layer, as drawn: its text, box and the font it was set in.
///
/// Font size and weight stay with every word because a wine list says with them what its lines are: section
/// headings are larger or bold, producers are often bold, notes are italic.
public struct PDFWord: Sendable, Equatable, Codable {
    public var text: String
    /// Points, top-left origin (see `PDFRect`); `box.pixels(ppi:)` gives it in a render.
    public var box: PDFRect
    /// The font's PostScript name without its subset tag ("Garamond-Bold", not "BCDJEE+Garamond-Bold").
    public var fontName: String
    /// The size the glyphs were drawn at, in points (text matrix and CTM applied).
    public var fontSize: Double
    public var isBold: Bool
    public var isItalic: Bool
    public var isUnderlined: Bool
    public var color: PDFColor

    public init(text: String, box: PDFRect, fontName: String, fontSize: Double, isBold: Bool = false,
                isItalic: Bool = false, isUnderlined: Bool = false, color: PDFColor = .black) {
        self.text = text
        self.box = box
        self.fontName = fontName
        self.fontSize = fontSize
        self.isBold = isBold
        self.isItalic = isItalic
        self.isUnderlined = isUnderlined
        self.color = color
    }
}

/// An 8-bit RGB fill colour of text.
public struct PDFColor: Sendable, Equatable, Hashable, Codable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red; self.green = green; self.blue = blue
    }

    public static let black = PDFColor(red: 0, green: 0, blue: 0)
}

/// Words poppler put on one line, in its reading order.
///
/// Kept as poppler gives them (a line can run across columns or stop at a gutter): the row builder downstream
/// groups words into rows by geometry anyway, and line membership is one more hint for it.
public struct PDFTextLine: Sendable, Equatable, Codable {
    public var words: [PDFWord]

    public init(words: [PDFWord]) {
        self.words = words
    }

    public var box: PDFRect {
        words.dropFirst().reduce(words.first?.box ?? PDFRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1.box) }
    }

    public var text: String { words.map(\.text).joined(separator: " ") }
}

/// What was mended in a page's text layer before it was handed on, counted so a report can say so.
public struct TextRepairs: Sendable, Equatable, Codable {
    /// ﬁ ﬂ ﬀ ﬃ ﬄ ﬅ ﬆ written out as letters.
    public var ligatures = 0
    /// Zero-width spaces and joiners, soft hyphens inside words, byte-order marks and other characters
    /// that draw nothing, removed.
    public var invisibleCharacters = 0
    /// Private-use, U+FFFD and control characters (glyphs without a real Unicode mapping), removed.
    public var unmappedGlyphs = 0
    /// Letters and words drawn twice at nearly the same place (bold by overprinting), removed.
    public var duplicateLetters = 0
    public var duplicateWords = 0
    /// Words poppler had joined across a gap as wide as a column gutter, split again.
    public var splitWords = 0
    /// Letter-spaced words ("G L A S S") joined back from one-letter words.
    public var letterSpacedWords = 0
    /// Words whose boxes show no ink on the rendered page (white or invisible text), removed.
    public var hiddenWords = 0

    public init() {}

    public var isEmpty: Bool { self == TextRepairs() }

    /// "2 ligatures, 14 duplicate words" — what a report line says.
    public var summary: String {
        let parts: [(Int, String)] = [(ligatures, "ligatures"), (invisibleCharacters, "invisible characters"),
                                      (unmappedGlyphs, "unmapped glyphs"), (duplicateLetters, "duplicate letters"),
                                      (duplicateWords, "duplicate words"), (splitWords, "split words"),
                                      (letterSpacedWords, "letter-spaced words"),
                                      (hiddenWords, "hidden words")]
        return parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }
}

/// A page's text layer: its words in lines, in poppler's reading order, already mended (see `TextRepairs`).
public struct PDFTextLayer: Sendable, Equatable, Codable {
    public var pageSize: PDFSize
    public var lines: [PDFTextLine]
    public var repairs: TextRepairs

    public init(pageSize: PDFSize, lines: [PDFTextLine], repairs: TextRepairs = TextRepairs()) {
        self.pageSize = pageSize
        self.lines = lines
        self.repairs = repairs
    }

    public var words: [PDFWord] { lines.flatMap(\.words) }
    public var isEmpty: Bool { lines.allSatisfy { $0.words.isEmpty } }
    public var text: String { lines.map(\.text).joined(separator: "\n") }
}
