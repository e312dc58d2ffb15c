import Imaging
import Testing
@testable import Recognition

/// Word spacing from CTC time steps and glyph gaps, on made-up readings and ink.
struct WordSplitterTests {
    /// Characters one per time step at the given steps.
    static func chars(_ text: String, steps: [Int]) -> [CTCCharacter] {
        zip(text, steps).map { CTCCharacter(text: String($0), firstStep: $1, lastStep: $1, probability: 0.9) }
    }

    /// Ink everywhere except the given column ranges; band height 20.
    static func ink(width: Int, gaps: [Range<Int>]) -> InkProfile {
        var columns = [Bool](repeating: true, count: width)
        for gap in gaps { for x in gap { columns[x] = false } }
        return InkProfile(inkColumns: columns, bandHeight: 20)
    }

    @Test func digitsRunTogetherAreSplitAtAWideGlyphGap() {
        // "20188" with the last 8 two pitches along and 10 blank columns (0.5 band) before it.
        let c = Self.chars("20188", steps: [0, 1, 2, 3, 5])
        let words = WordSplitter.split(c, stepWidth: 8, ink: Self.ink(width: 48, gaps: [30..<40]), gapRatio: 0.3)
        #expect(words.map { $0.map(\.text).joined() } == ["2018", "8"])
    }

    @Test func twoDigitsOneCellApartStayOneWordWhereverTheRecognizerPlacedThem() {
        // A monospaced "21:20" in 16 px cells: the "1" stands narrow in the middle of its cell, with
        // 7 blank columns before it, and the recognizer placed it a step late (centres 24 px apart).
        let c = Self.chars("21:20", steps: [0, 3, 4, 6, 8])
        let ink = Self.ink(width: 80, gaps: [15..<22, 26..<33, 39..<46, 59..<62])
        #expect(WordSplitter.split(c, stepWidth: 8, ink: ink, gapRatio: 0.3).map { $0.map(\.text).joined() } == ["21:20"])
        // The glyphs' own centres: the "2" over columns 0…14, the "1" over 22…25.
        let centres = ink.glyphCentres(around: 4, 28)
        #expect(centres?.left == 7.5 && centres?.right == 24)
    }

    /// Blank runs of `width` columns between neighbouring characters at `steps` (step width 8),
    /// each starting 5 columns past the left character's centre; `wide` maps a pair's index to its own width.
    static func letterGaps(_ steps: [Int], width: Int, wide: [Int: Int] = [:]) -> [Range<Int>] {
        zip(steps, steps.indices).dropLast().map { step, i in
            let start = step * 8 + 4 + 5
            return start..<(start + (wide[i] ?? width))
        }
    }

    @Test func letterSpacedCapitalsStayWholeWords() {
        // "CHARDONNAY" letter-spaced: 9 blank columns (0.45 band) between its letters, 10 after the
        // "C", whose neighbour the recognizer placed a step late. A gap that only matches the line's
        // own letter gaps breaks nothing.
        let steps = [0, 3, 5, 7, 9, 11, 13, 15, 17, 19]
        let spaced = Self.ink(width: 164, gaps: Self.letterGaps(steps, width: 9, wide: [0: 10]))
        let word = Self.chars("CHARDONNAY", steps: steps)
        #expect(WordSplitter.split(word, stepWidth: 8, ink: spaced, gapRatio: 0.4).map { $0.map(\.text).joined() } == ["CHARDONNAY"])
        // Twice the letters' gap, a pitch and a half on, is a word space the recognizer ran together.
        let runSteps = [0, 2, 4, 6, 8, 11, 13, 15, 17, 19]
        let run = Self.chars("ABCDEFGHIJ", steps: runSteps)
        let words = Self.ink(width: 164, gaps: Self.letterGaps(runSteps, width: 9, wide: [4: 18]))
        #expect(WordSplitter.split(run, stepWidth: 8, ink: words, gapRatio: 0.4).map { $0.map(\.text).joined() } == ["ABCDE", "FGHIJ"])
    }

    @Test func aNarrowGapIsNoSpace() {
        let c = Self.chars("20188", steps: [0, 1, 2, 3, 5])
        let words = WordSplitter.split(c, stepWidth: 8, ink: Self.ink(width: 48, gaps: [32..<35]), gapRatio: 0.3)
        #expect(words.count == 1)
    }

    @Test func aWideGapAtTheUsualPitchIsNoSpace() {
        // A monospaced "il": wide side bearings, but the centers are one pitch apart.
        let c = Self.chars("mil", steps: [0, 2, 4])
        let words = WordSplitter.split(c, stepWidth: 8, ink: Self.ink(width: 48, gaps: [20..<28]), gapRatio: 0.3)
        #expect(words.count == 1)
    }

    @Test func punctuationIsNotSplitOff() {
        // "8:13" with wide gaps either side of the colon.
        let c = Self.chars("8:13", steps: [0, 3, 6, 7])
        let words = WordSplitter.split(c, stepWidth: 8, ink: Self.ink(width: 64, gaps: [8..<22, 30..<46]), gapRatio: 0.3)
        #expect(words.count == 1)
    }

    @Test func aBracketEndsAWordAndACurrencySignStartsOne() {
        // "(Oregon)$44": 14 blank columns (0.7 band) between ")" and "$", two pitches apart.
        let c = Self.chars("(Oregon)$44", steps: [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11])
        let gaps = [62..<76]
        let words = WordSplitter.split(c, stepWidth: 8, ink: Self.ink(width: 96, gaps: gaps), gapRatio: 0.4)
        #expect(words.map { $0.map(\.text).joined() } == ["(Oregon)", "$44"])
        // The same glyphs at the usual pitch, or with a narrow gap, stay one word.
        let tight = Self.chars("(Oregon)$44", steps: Array(0...10))
        #expect(WordSplitter.split(tight, stepWidth: 8, ink: Self.ink(width: 96, gaps: [62..<66]), gapRatio: 0.4).count == 1)
        // A slash between amounts joins them, however wide the gap.
        let pair = Self.chars("$38/$12", steps: [0, 1, 2, 5, 8, 9, 10])
        #expect(WordSplitter.split(pair, stepWidth: 8, ink: Self.ink(width: 96, gaps: [26..<38, 46..<62]), gapRatio: 0.4).count == 1)
    }

    @Test func aSpaceAfterACommaOrPointSplitsButAMonospacedDecimalPointDoesNot() {
        // "Jul,2007": the comma at step 3, "2" three pitches on, 24 blank columns (1.2 bands) between.
        let date = Self.chars("Jul,2007", steps: [0, 1, 2, 3, 6, 7, 8, 9])
        let split = WordSplitter.split(date, stepWidth: 8, ink: Self.ink(width: 80, gaps: [28..<52]), gapRatio: 0.4)
        #expect(split.map { $0.map(\.text).joined() } == ["Jul,", "2007"])
        // "9.00" in a monospaced face: the point in its own cell, 12 blank columns (0.6 band) either side.
        let amount = Self.chars("9.00", steps: [0, 2, 4, 6])
        let kept = WordSplitter.split(amount, stepWidth: 8, ink: Self.ink(width: 64, gaps: [4..<16, 20..<32]), gapRatio: 0.4)
        #expect(kept.count == 1)
    }

    @Test func anUnsureMarkOutsideAWordIsASpeckAndASpace() {
        func read(_ text: String, unsure: Set<Int>) -> [String] {
            let c = text.enumerated().map { i, ch in
                CTCCharacter(text: String(ch), firstStep: i, lastStep: i, probability: unsure.contains(i) ? 0.3 : 0.95)
            }
            return WordSplitter.split(c, stepWidth: 8, ink: nil, gapRatio: 0.4).map { $0.map(\.text).joined() }
        }
        // A faint mark between a bracket and a price, or two of them, end the word and go.
        #expect(read("(Napa)'$38", unsure: [6]) == ["(Napa)", "$38"])
        #expect(read("(Napa)''$38", unsure: [6, 7]) == ["(Napa)", "$38"])
        #expect(read("Meiomi'", unsure: [6]) == ["Meiomi"])
        #expect(read("(Napa)~$38", unsure: [6]) == ["(Napa)", "$38"])
        #expect(read("Brut¨ 56", unsure: [4]) == ["Brut", "56"])
        // A faint apostrophe before a letter or digit stays; a sure mark anywhere stays.
        #expect(read("Director's", unsure: [8]) == ["Director's"])
        #expect(read("Merlot '13", unsure: [7]) == ["Merlot", "'13"])
        #expect(read("(Napa)'$38", unsure: []) == ["(Napa)'$38"])
        // Other unsure characters are not specks.
        #expect(read("(Napa)-$38", unsure: [6]) == ["(Napa)-$38"])
    }

    @Test func emittedSpacesAlwaysSplitAndAreDropped() {
        let c = Self.chars("RM 9.00", steps: [0, 1, 2, 3, 4, 5, 6])
        let words = WordSplitter.split(c, stepWidth: 8, ink: nil, gapRatio: 0.3)
        #expect(words.map { $0.map(\.text).joined() } == ["RM", "9.00"])
    }

    @Test func inkProfileFindsTheGlyphColumnsAndTheTextBand() {
        // Two dark blocks (rows 14…33) with a blank gap at columns 20…29.
        var gray = Raster(width: 50, height: 48, channels: 1, fill: 250)
        for y in 14..<34 { for x in 0..<50 where !(20..<30).contains(x) { gray[x, y] = 10 } }
        let ink = InkProfile(gray: gray)
        #expect(ink?.bandHeight == 20)
        #expect(ink?.widestGap(from: 0, to: 50) == 10)
        #expect(ink.map { $0.inkExtent(from: 18, to: 35)! == (18, 35) } == true)
    }

    @Test func aBlankCropHasNoInkProfile() {
        #expect(InkProfile(gray: Raster(width: 30, height: 48, channels: 1, fill: 200)) == nil)
    }
}
