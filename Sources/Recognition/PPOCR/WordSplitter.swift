import Imaging

/// Where a line crop has ink: which columns, and how tall its main text band is. Built once per
/// line so word spaces can be checked against the glyphs themselves.
public struct InkProfile: Sendable, Equatable {
    /// Per crop column: whether any pixel of the text band (with room for ascenders and
    /// descenders) is ink.
    public var inkColumns: [Bool]
    /// Height of the band where most ink is (about the x-height, or the digit height).
    public var bandHeight: Double
    /// Per crop column: the first and last ink row within the text band's reach (nil: no ink), so
    /// a word's box can be its glyphs' own, as tight as Tesseract's, rather than the detector's
    /// box, which is grown well past the print on every side.
    public var inkRows: [ClosedRange<Int>?]

    public init(inkColumns: [Bool], bandHeight: Double, inkRows: [ClosedRange<Int>?]? = nil) {
        self.inkColumns = inkColumns
        self.bandHeight = bandHeight
        self.inkRows = inkRows ?? Array(repeating: nil, count: inkColumns.count)
    }

    /// Dark-on-light or light-on-dark, decided by which side of mid-contrast the background
    /// (the median) is on; nil when the crop has too little contrast to tell ink from paper.
    public init?(gray: Raster) {
        let w = gray.width, h = gray.height
        guard w > 0, h > 0, gray.channels == 1 else { return nil }
        let sorted = gray.pixels.sorted()
        let low = Int(sorted[sorted.count / 20]), high = Int(sorted[sorted.count * 19 / 20])
        let median = Int(sorted[sorted.count / 2])
        guard high - low >= 40 else { return nil }
        let threshold = (low + high) / 2
        let darkInk = median >= threshold
        var rowCounts = [Int](repeating: 0, count: h)
        var ink = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let v = Int(gray.pixels[y * w + x])
                if darkInk ? v < threshold : v > threshold {
                    ink[y * w + x] = true
                    rowCounts[y] += 1
                }
            }
        }
        guard let most = rowCounts.max(), most > 0 else { return nil }
        let bandRows = rowCounts.indices.filter { Double(rowCounts[$0]) >= 0.3 * Double(most) }
        guard let top = bandRows.first, let bottom = bandRows.last else { return nil }
        let band = Double(bottom - top + 1)
        let y0 = max(0, top - Int(0.6 * band)), y1 = min(h - 1, bottom + Int(0.6 * band))
        var columns = [Bool](repeating: false, count: w)
        var rows = [ClosedRange<Int>?](repeating: nil, count: w)
        for x in 0..<w {
            guard let first = (y0...y1).first(where: { ink[$0 * w + x] }),
                  let last = (y0...y1).last(where: { ink[$0 * w + x] }) else { continue }
            columns[x] = true
            rows[x] = first...last
        }
        self.init(inkColumns: columns, bandHeight: band, inkRows: rows)
    }

    /// The rows the glyphs between two crop columns cover, or nil when the columns hold no ink.
    func inkRows(from x0: Int, to x1: Int) -> ClosedRange<Int>? {
        let a = max(x0, 0), b = min(x1, inkRows.count)
        guard b > a else { return nil }
        var top = Int.max, bottom = Int.min
        for x in a..<b { if let r = inkRows[x] { top = min(top, r.lowerBound); bottom = max(bottom, r.upperBound) } }
        return top <= bottom ? top...bottom : nil
    }

    /// The longest run of ink-free columns between two crop positions that ink ends within them: a
    /// gap before a glyph. The recognizer places a character a step or two past its glyph, so the
    /// blank after a line's last glyph would otherwise count as a space ("45.00" read "45.0 0").
    func widestGap(from x0: Double, to x1: Double) -> Int {
        widestGapColumns(from: x0, to: x1)?.count ?? 0
    }

    /// The columns of the widest ink-free run between `x0` and `x1` that ink closes on the right (the
    /// first of equals), or nil when there is none.
    func widestGapColumns(from x0: Double, to x1: Double) -> Range<Int>? {
        // Up to and with the column the later character is centred on, where its glyph has ink.
        let a = max(Int(x0.rounded()), 0), b = min(Int(x1.rounded()) + 1, inkColumns.count)
        guard b > a else { return nil }
        var best: Range<Int>?, start: Int?
        for x in a..<b {
            if inkColumns[x] {
                if let s = start, best.map({ x - s > $0.count }) ?? true { best = s..<x }
                start = nil
            } else if start == nil {
                start = x
            }
        }
        return best
    }

    /// The centres of the two glyphs either side of the widest ink-free run between `x0` and `x1`
    /// (each the run of ink columns that meets the gap), or nil when the range holds no gap closed
    /// by ink on both sides.
    func glyphCentres(around x0: Double, _ x1: Double) -> (left: Double, right: Double)? {
        guard let gap = widestGapColumns(from: x0, to: x1), gap.lowerBound > 0, inkColumns[gap.lowerBound - 1] else { return nil }
        var left = gap.lowerBound - 1
        while left > 0, inkColumns[left - 1] { left -= 1 }
        var right = gap.upperBound
        while right + 1 < inkColumns.count, inkColumns[right + 1] { right += 1 }
        return (Double(left + gap.lowerBound) / 2, Double(gap.upperBound + right + 1) / 2)
    }

    /// The first and last ink column within a range, or nil when it holds none.
    func inkExtent(from x0: Double, to x1: Double) -> (Int, Int)? {
        let a = max(Int(x0.rounded(.down)), 0), b = min(Int(x1.rounded(.up)), inkColumns.count)
        guard b > a, let first = (a..<b).first(where: { inkColumns[$0] }),
              let last = (a..<b).last(where: { inkColumns[$0] }) else { return nil }
        return (first, last + 1)
    }
}

/// Splits a CTC reading into words. The recognizer often runs words together where the print
/// puts a narrow space ("25/12/20188:13:39PM"), so besides the spaces it emits, a word break goes
/// where two letters or digits stand apart by both measures: an ink-free gap of at least
/// `gapRatio` band heights between their glyphs, and centers further apart than the line's usual
/// character pitch (so the wide side bearings of a monospaced "i" do not split "il"). After a
/// comma, full stop or semicolon ("Jul,2007", "Apt.710") a break needs twice that gap: in a
/// monospaced amount ("9.00") the point sits in a cell of its own with blank columns either side,
/// while a space after it leaves a whole cell more. A closing bracket or quote may end a word and an
/// opening one or a currency sign start one, by the same measures ("(Oregon)$44"). Colons, slashes
/// and dashes never end a word here: they join times, dates and ranges ("8:13", "25/12"). On a line of
/// letter-spaced capitals a gap must also be `letterSpacing` times the line's own letter gap.
public enum WordSplitter {
    public static func split(_ characters: [CTCCharacter], stepWidth: Double, ink: InkProfile?,
                             gapRatio: Double, pitchRatio: Double = 1.3, adaptive: Bool = false) -> [[CTCCharacter]] {
        var words: [[CTCCharacter]] = []
        var current: [CTCCharacter] = []
        let pitch = medianPitch(characters, stepWidth: stepWidth)
        let gapRatio = adaptive && ink != nil ? lineGapRatio(characters, stepWidth: stepWidth, ink: ink!, cap: gapRatio) : gapRatio
        let usualLetterGap = ink.map { Self.letterGap(characters, stepWidth: stepWidth, ink: $0) } ?? 0
        for (i, c) in characters.enumerated() {
            if c.isSpace || isSpeck(characters, at: i) {
                if !current.isEmpty { words.append(current) }
                current = []
                continue
            }
            if let previous = current.last, let ink, let pitch, startsWord(c.text) {
                let afterPunctuation = endsClause(previous.text)
                if endsWord(previous.text) || afterPunctuation {
                    let a = center(previous, stepWidth), b = center(c, stepWidth)
                    let gap = ink.widestGap(from: a, to: b)
                    // Letter-spaced capitals ("E R S T E  N E U E") set their letters as far apart as a
                    // book face sets its words: a break there must stand out from the line's own letters.
                    let needed = max((afterPunctuation ? 2 : 1) * gapRatio * ink.bandHeight, letterSpacing * usualLetterGap)
                    // Figures are set in cells of one width, so two digits' own glyphs tell their pitch
                    // better than the recognizer's step-quantized positions: a monospaced "1" stands
                    // alone in its cell and "21:20:48" is no "2 1:20:48".
                    var distance = b - a
                    if isDigit(previous.text), isDigit(c.text), let glyphs = ink.glyphCentres(around: a, b) {
                        distance = glyphs.right - glyphs.left
                    }
                    if Double(gap) >= needed && distance >= pitchRatio * pitch {
                        words.append(current)
                        current = []
                    }
                }
            }
            current.append(c)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// How many times the line's usual letter gap (`letterGap`) a gap the recognizer read no space
    /// in must be to break a word.
    static let letterSpacing = 1.5
    /// Fewest letter pairs that tell a line's letter spacing: in a short reading one wide gap is
    /// half its pairs (at four, a reading on one of the Corpus's lists lost a price).
    static let minimumLetterPairs = 8

    /// The median ink-free gap (crop columns) between neighbouring letters and digits inside the
    /// words the recognizer emitted, or 0 when the line has fewer than `minimumLetterPairs`.
    static func letterGap(_ characters: [CTCCharacter], stepWidth: Double, ink: InkProfile) -> Double {
        let gaps = letterGaps(characters, stepWidth: stepWidth, ink: ink)
        guard gaps.count >= minimumLetterPairs else { return 0 }
        return gaps.sorted()[gaps.count / 2]
    }

    /// The ink-free gaps (crop columns) between neighbouring letters and digits inside the words the
    /// recognizer emitted, in reading order.
    static func letterGaps(_ characters: [CTCCharacter], stepWidth: Double, ink: InkProfile) -> [Double] {
        zip(characters, characters.dropFirst()).compactMap { p, c in
            guard !p.isSpace, !c.isSpace, isAlphanumeric(p.text), isAlphanumeric(c.text) else { return nil }
            return Double(ink.widestGap(from: center(p, stepWidth), to: center(c, stepWidth)))
        }
    }

    /// The word gap this line's own spacing shows, in band heights, at most `cap`: halfway between
    /// its widest letter gaps (the 90th percentile of gaps inside the words the recognizer emitted)
    /// and its narrowest emitted word space, when the two stand clearly apart. A proportional face
    /// sets words closer than a monospaced receipt face does, so one ratio for all either runs a
    /// book face's words together or splits a receipt's cells.
    static func lineGapRatio(_ characters: [CTCCharacter], stepWidth: Double, ink: InkProfile, cap: Double) -> Double {
        guard ink.bandHeight > 0 else { return cap }
        let letters = letterGaps(characters, stepWidth: stepWidth, ink: ink).map { $0 / ink.bandHeight }
        var spaces: [Double] = []
        var previous: CTCCharacter?, spaced = false
        for c in characters {
            if c.isSpace { spaced = true; continue }
            if let p = previous, spaced {
                spaces.append(Double(ink.widestGap(from: center(p, stepWidth), to: center(c, stepWidth))) / ink.bandHeight)
            }
            previous = c
            spaced = false
        }
        guard letters.count >= 4, let narrowestSpace = spaces.min() else { return cap }
        let widestLetters = letters.sorted()[Int(Double(letters.count - 1) * 0.9)]
        guard narrowestSpace >= 1.5 * widestLetters, narrowestSpace > 0 else { return cap }
        return min(cap, max(0.15, (widestLetters + narrowestSpace) / 2))
    }

    static func center(_ c: CTCCharacter, _ stepWidth: Double) -> Double {
        (Double(c.firstStep + c.lastStep) / 2 + 0.5) * stepWidth
    }

    /// Median distance between the centers of neighbouring characters within emitted words.
    static func medianPitch(_ characters: [CTCCharacter], stepWidth: Double) -> Double? {
        var distances: [Double] = []
        for (a, b) in zip(characters, characters.dropFirst()) where !a.isSpace && !b.isSpace {
            distances.append(center(b, stepWidth) - center(a, stepWidth))
        }
        guard !distances.isEmpty else { return nil }
        return distances.sorted()[distances.count / 2]
    }

    /// Marks a space often follows in print and that never sit inside a number's digits but as
    /// its decimal point.
    /// Quote, accent and tilde marks: the small shapes a speck of a background photo, a stain or grain
    /// is read as.
    static let speckMarks: Set<String> = ["'", "`", "´", "‘", "’", "\"", "“", "”", "′", "″", "~", "˜", "¨", "ˆ", "^"]
    /// Below this probability such a mark is taken for a speck.
    static let speckProbability = 0.7

    /// A mark the recognizer was unsure of that no letter or digit follows: a speck read in a word
    /// space or at a line's end ("(Marlborough)'$38/$12" at probability 0.23 on a list printed over a
    /// faded photo, read "(Marlborough)~$38/$12" by another model), so it is dropped and ends the word. Before a letter or digit it may be an
    /// apostrophe, however faint: "Director's", a vintage "'13".
    static func isSpeck(_ characters: [CTCCharacter], at i: Int) -> Bool {
        let c = characters[i]
        guard speckMarks.contains(c.text), c.probability < speckProbability else { return false }
        return !(i + 1 < characters.count && isAlphanumeric(characters[i + 1].text) && !characters[i + 1].isSpace)
    }

    static func isDigit(_ text: String) -> Bool { text.count == 1 && text.allSatisfy(\.isNumber) }

    static func endsClause(_ text: String) -> Bool { text == "," || text == "." || text == ";" }

    /// What a word can end with: a letter or digit, or a closing bracket or quote ("(California)"
    /// before "$32/$9.75" printed a narrow space apart).
    static func endsWord(_ text: String) -> Bool { isAlphanumeric(text) || closers.contains(text) }

    /// What a word can start with: a letter or digit, an opening bracket or quote, or a currency
    /// sign (which stands before its amount, never inside a word).
    static func startsWord(_ text: String) -> Bool {
        isAlphanumeric(text) || openers.contains(text) || text.unicodeScalars.allSatisfy { $0.properties.generalCategory == .currencySymbol }
    }

    static let closers: Set<String> = [")", "]", "}", "\"", "”", "’", "»"]
    static let openers: Set<String> = ["(", "[", "{", "“", "‘", "«"]

    static func isAlphanumeric(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
}
