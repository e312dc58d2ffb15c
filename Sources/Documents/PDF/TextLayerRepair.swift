/// Mends what a text layer gets wrong that can be mended without looking at the page: each rule below says
/// why it is a repair and not a reason to read the page with OCR instead.
enum TextLayerRepair {
    /// Ligature glyphs written out. A font's ﬁ is the letters f and i to anyone reading, and to the catalogue
    /// matcher; poppler passes the ligature's own code point through when the PDF maps the glyph to it. Only
    /// ligatures of letters are listed: general compatibility folding (NFKC) would also turn ½ into 1⁄2 and
    /// ² into 2, which a wine list means as printed.
    static let ligatures: [UInt32: String] = [
        0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl", 0xFB05: "st", 0xFB06: "st",
        0x0132: "IJ", 0x0133: "ij", 0x01C4: "DŽ", 0x01C5: "Dž", 0x01C6: "dž", 0x01C7: "LJ", 0x01C8: "Lj",
        0x01C9: "lj", 0x01CA: "NJ", 0x01CB: "Nj", 0x01CC: "nj",
    ]

    /// Two drawings of one glyph or word count as one when they are this close, as a share of the font
    /// size, across and down: overprinted bold is shifted by a fraction of a stroke, while two real letters
    /// side by side ("ll") are a letter apart and the same vintage on the next row a line apart. Offsets, not
    /// box overlap: some fonts declare boxes three lines tall (below).
    static let duplicateOffset = 0.2

    /// A glyph box taller than this many font sizes is cut to `fittedHeight` font sizes from its top.
    /// poppler sizes boxes from the font's declared ascent and descent, and some fonts declare absurd
    /// ones: Cambria's descriptor carries Cambria Math's descent of -2.464 em (a real list sets its
    /// vintages in it), so its words would reach three lines down and swallow the rows below.
    static let tallestBox = 1.6
    static let fittedHeight = 1.25

    enum GlyphKind: Equatable {
        case letter
        case ligature(String)
        /// Draws nothing: zero-width spaces and joiners, byte-order marks, direction marks, variation
        /// selectors (Unicode's default-ignorable code points).
        case invisible
        /// A soft hyphen: a hyphen when it was drawn (it has width: a word broken at a line end), nothing
        /// when it was not.
        case softHyphen
        /// No real Unicode mapping: private use (what fonts without a ToUnicode map often give), U+FFFD,
        /// controls, noncharacters.
        case unmapped
    }

    static func kind(of scalar: Unicode.Scalar) -> GlyphKind {
        let value = scalar.value
        if let letters = ligatures[value] { return .ligature(letters) }
        if value == 0xAD { return .softHyphen }
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0xE000...0xF8FF, 0xF0000...0x10FFFF, 0xFFFD, 0xFFFE, 0xFFFF, 0xFDD0...0xFDEF:
            return .unmapped
        default:
            break
        }
        if scalar.properties.isDefaultIgnorableCodePoint { return .invisible }
        return .letter
    }

    struct Result {
        var layer: PDFTextLayer
        /// Glyphs poppler gave (separators not counted), before any were removed.
        var glyphCount: Int
    }

    static func repair(_ raw: RawTextLayer, pageSize: PDFSize) -> Result {
        var repairs = TextRepairs()
        var lines: [PDFTextLine] = []
        for rawLine in raw.lines {
            var words: [PDFWord] = []
            for rawWord in rawLine {
                let glyphs = mendGlyphs(rawWord, styles: raw.styles, repairs: &repairs)
                for part in splitAtGaps(glyphs, styles: raw.styles, repairs: &repairs) {
                    if let word = makeWord(part, styles: raw.styles) { words.append(word) }
                }
            }
            words = joinLetterSpaced(words, repairs: &repairs)
            if !words.isEmpty { lines.append(PDFTextLine(words: words)) }
        }
        lines = removeDuplicateWords(lines, repairs: &repairs)
        return Result(layer: PDFTextLayer(pageSize: pageSize, lines: lines, repairs: repairs), glyphCount: raw.glyphCount)
    }

    static func mendGlyphs(_ word: [RawTextLayer.Glyph], styles: [RawTextLayer.Style],
                           repairs: inout TextRepairs) -> [RawTextLayer.Glyph] {
        var out: [RawTextLayer.Glyph] = []
        out.reserveCapacity(word.count)
        func fontSize(_ style: Int) -> Double { styles.indices.contains(style) ? styles[style].fontSize : 0 }
        for var glyph in word {
            let size = fontSize(glyph.style)
            if size > 0, glyph.box.height > tallestBox * size {
                glyph.box.height = fittedHeight * size
            }
            switch kind(of: glyph.scalar) {
            case .letter:
                if let last = out.last, last.scalar == glyph.scalar, isLetterCopy(glyph.box, of: last.box) {
                    repairs.duplicateLetters += 1
                } else {
                    out.append(glyph)
                }
            case .ligature(let letters):
                repairs.ligatures += 1
                let parts = Array(letters.unicodeScalars)
                let width = glyph.box.width / Double(parts.count)
                for (i, part) in parts.enumerated() {
                    out.append(RawTextLayer.Glyph(scalar: part, box: PDFRect(x: glyph.box.x + Double(i) * width, y: glyph.box.y,
                                                                             width: width, height: glyph.box.height),
                                                  style: glyph.style))
                }
            case .softHyphen:
                if glyph.box.width > 0.15 * size && size > 0 {
                    out.append(RawTextLayer.Glyph(scalar: "-", box: glyph.box, style: glyph.style))
                } else {
                    repairs.invisibleCharacters += 1
                }
            case .invisible:
                repairs.invisibleCharacters += 1
            case .unmapped:
                repairs.unmappedGlyphs += 1
            }
        }
        return out
    }

    /// A gap wider than this many font sizes inside one of poppler's words splits it.
    static let wordGap = 0.5

    /// poppler joins neighbouring words of a line without a space when the gap between them is below a
    /// threshold it derives from the line's own gaps, and on lists set with tab stops that threshold can
    /// exceed a column gutter: "2008", "40", "~", "240" (vintage, glass, bottle) came out as "200840~240".
    /// It also runs a word on into the next line of another column ("Rondinella" + "Moscato"). Every glyph
    /// keeps its own box, so a horizontal word is split again where a glyph stands half an em past the last
    /// (a word space is a quarter; letters, even letter-spaced ones poppler kept together, stand closer),
    /// steps back, or leaves the row. Words set vertically are left as they are.
    static func splitAtGaps(_ glyphs: [RawTextLayer.Glyph], styles: [RawTextLayer.Style],
                            repairs: inout TextRepairs) -> [[RawTextLayer.Glyph]] {
        guard let first = glyphs.first, glyphs.count > 1 else {
            return glyphs.isEmpty ? [] : [glyphs]
        }
        // Set vertically when most steps from glyph to glyph go down or up rather than across (a whole
        // word's ends can lie far apart vertically when poppler ran it into the next rows).
        let steps = zip(glyphs, glyphs.dropFirst())
        let across = steps.filter { abs($1.box.midX - $0.box.midX) >= abs($1.box.midY - $0.box.midY) }.count
        guard 2 * across >= glyphs.count - 1 else { return [glyphs] }
        var parts: [[RawTextLayer.Glyph]] = [[first]]
        for (previous, glyph) in zip(glyphs, glyphs.dropFirst()) {
            let size = max(styles.indices.contains(glyph.style) ? styles[glyph.style].fontSize : 0,
                           styles.indices.contains(previous.style) ? styles[previous.style].fontSize : 0)
            let sameRow = abs(glyph.box.midY - previous.box.midY) < 0.5 * max(glyph.box.height, previous.box.height)
            let gap = glyph.box.x - previous.box.maxX
            let stepsBack = glyph.box.midX < previous.box.midX
            if size > 0, !sameRow || stepsBack || gap > wordGap * size {
                repairs.splitWords += 1
                parts.append([glyph])
            } else {
                parts[parts.count - 1].append(glyph)
            }
        }
        return parts
    }

    /// Letter-spaced headings ("B Y   T H E   G L A S S") reach here one letter per word: poppler, and the
    /// split above, see every letter gap as a word gap. Runs of three or more one-letter words in a row (or
    /// two that are a line of their own: poppler may cut "B Y" off from "T H E"), in one font size and less
    /// than three ems apart, are joined back into words, broken where a gap is half as wide again as the
    /// run's narrowest (the word spaces of letter-spaced text are wider than its letter spaces). One-letter
    /// words in ordinary text ("y", "à") stand between longer words, so they never make such a run.
    static func joinLetterSpaced(_ words: [PDFWord], repairs: inout TextRepairs) -> [PDFWord] {
        var out: [PDFWord] = []
        var run: [PDFWord] = []
        func isSpacedLetter(_ word: PDFWord) -> Bool {
            word.text.count == 1 && (word.text.first?.isLetter ?? false)
        }
        func continues(_ word: PDFWord) -> Bool {
            guard let last = run.last else { return true }
            let gap = word.box.x - last.box.maxX
            return abs(word.fontSize - last.fontSize) <= 0.05 * max(last.fontSize, 0.1)
                && gap >= -0.05 * last.fontSize && gap <= 3 * last.fontSize
                && abs(word.box.midY - last.box.midY) < 0.3 * max(last.box.height, word.box.height)
        }
        func flush() {
            defer { run = [] }
            let wholeLine = run.count == words.count
            guard run.count >= 3 || (wholeLine && run.count == 2) else { out.append(contentsOf: run); return }
            let gaps = zip(run, run.dropFirst()).map { $1.box.x - $0.box.maxX }
            let narrowest = max(gaps.min() ?? 0, 0)
            let limit = max(1.5 * narrowest, narrowest + 0.1 * run[0].fontSize)
            var group = [run[0]]
            for (gap, word) in zip(gaps, run.dropFirst()) {
                if gap > limit {
                    out.append(merge(group, repairs: &repairs))
                    group = []
                }
                group.append(word)
            }
            out.append(merge(group, repairs: &repairs))
        }
        for word in words {
            if isSpacedLetter(word) {
                if !continues(word) { flush() }
                run.append(word)
            } else {
                flush()
                out.append(word)
            }
        }
        flush()
        return out
    }

    static func merge(_ letters: [PDFWord], repairs: inout TextRepairs) -> PDFWord {
        guard var word = letters.first else { preconditionFailure("a group holds at least one letter") }
        guard letters.count > 1 else { return word }
        repairs.letterSpacedWords += 1
        word.text = letters.map(\.text).joined()
        word.box = letters.dropFirst().reduce(word.box) { $0.union($1.box) }
        return word
    }

    /// The word's style is its glyphs' most common one (a word can hold one glyph from another font, such
    /// as a ® or an accent the main font lacks).
    static func makeWord(_ glyphs: [RawTextLayer.Glyph], styles: [RawTextLayer.Style]) -> PDFWord? {
        guard let first = glyphs.first else { return nil }
        var counts: [Int: Int] = [:]
        for glyph in glyphs { counts[glyph.style, default: 0] += 1 }
        let styleIndex = glyphs.map(\.style).first { counts[$0] == counts.values.max() } ?? first.style
        let style = styles.indices.contains(styleIndex) ? styles[styleIndex]
            : RawTextLayer.Style(fontName: "Default", fontSize: 0, isUnderlined: false, color: .black)
        let box = glyphs.dropFirst().reduce(first.box) { $0.union($1.box) }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: glyphs.map(\.scalar))
        let (bold, italic) = FontStyle.style(of: style.fontName)
        return PDFWord(text: String(text), box: box, fontName: style.fontName, fontSize: style.fontSize,
                       isBold: bold, isItalic: italic, isUnderlined: style.isUnderlined, color: style.color)
    }

    /// A letter repeated within a third of its own width: real neighbours are a whole advance apart, and a
    /// leader's dots, the narrowest repeated glyphs, still stand a dot's width apart.
    static func isLetterCopy(_ box: PDFRect, of other: PDFRect) -> Bool {
        let tolerance = 0.3 * min(box.width, other.width)
        return tolerance > 0 && abs(box.x - other.x) <= tolerance && abs(box.maxX - other.maxX) <= tolerance
            && abs(box.midY - other.midY) <= 0.3 * min(box.height, other.height)
    }

    static func isCopy(_ box: PDFRect, of other: PDFRect, fontSize: Double) -> Bool {
        let tolerance = duplicateOffset * max(fontSize, 1)
        return abs(box.x - other.x) <= tolerance && abs(box.maxX - other.maxX) <= tolerance
            && abs(box.y - other.y) <= tolerance && abs(box.maxY - other.maxY) <= tolerance
    }

    /// The same word drawn again over itself (overprinted bold, a shadow, a producer that writes a line
    /// twice) shows once on the page, so it is kept once: the later copy goes. poppler already drops copies
    /// within a tenth of the font size; the ones shifted further reach here.
    static func removeDuplicateWords(_ lines: [PDFTextLine], repairs: inout TextRepairs) -> [PDFTextLine] {
        var seen: [String: [PDFRect]] = [:]
        var out: [PDFTextLine] = []
        for line in lines {
            var kept: [PDFWord] = []
            for word in line.words {
                let copy = seen[word.text, default: []].contains { isCopy(word.box, of: $0, fontSize: word.fontSize) }
                if copy {
                    repairs.duplicateWords += 1
                } else {
                    seen[word.text, default: []].append(word.box)
                    kept.append(word)
                }
            }
            if !kept.isEmpty { out.append(PDFTextLine(words: kept)) }
        }
        return out
    }
}
