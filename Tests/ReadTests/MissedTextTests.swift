import Imaging
@testable import Read
import Recognition
import RecognizedText
import Testing

@Suite struct MissedTextTests {
    /// Glyph boxes of a word of `letters` characters starting at `x` on the line at `y`.
    func glyphs(x: Int, y: Int, letters: Int) -> [PixelRect] {
        (0..<letters).map { PixelRect(x: x + $0 * 11, y: y, width: 9, height: 14) }
    }

    func word(x: Int, y: Int, letters: Int) -> PixelRect {
        PixelRect(x: x, y: y, width: letters * 11 - 2, height: 14)
    }

    @Test func aPriceNoWordCoversIsARegionAndReadWordsAreNot() {
        var components: [PixelRect] = []
        var words: [PixelRect] = []
        for row in 0..<6 {
            let y = 20 + row * 30
            components += glyphs(x: 10, y: y, letters: 8) + glyphs(x: 300, y: y, letters: 2)
            words.append(word(x: 10, y: y, letters: 8))
            if row != 2 { words.append(word(x: 300, y: y, letters: 2)) }   // the third price was dropped
        }
        let regions = MissedText.regions(components: components, words: words, width: 400, height: 220)
        #expect(regions.count == 1)
        guard let region = regions.first else { return }
        #expect(region.intersects(PixelRect(x: 300, y: 80, width: 20, height: 14)))
        #expect(region.width < 60 && region.height < 30, "one price, with a small margin: \(region)")
    }

    @Test func specksAndRulesAreNotWords() {
        var components: [PixelRect] = []
        var words: [PixelRect] = []
        for row in 0..<6 {
            let y = 20 + row * 30
            components += glyphs(x: 10, y: y, letters: 8)
            words.append(word(x: 10, y: y, letters: 8))
        }
        components.append(PixelRect(x: 250, y: 50, width: 1, height: 8))     // a speck
        components.append(PixelRect(x: 0, y: 200, width: 400, height: 2))    // a rule
        #expect(MissedText.regions(components: components, words: words, width: 400, height: 220).isEmpty)
    }

    @Test func withoutEnoughWordsToKnowTheTextSizeNothingIsReadAgain() {
        #expect(MissedText.regions(components: glyphs(x: 0, y: 0, letters: 5), words: [], width: 100, height: 20).isEmpty)
    }

    /// A reading of one word at `y` in the price column.
    func read(_ text: String, confidence: Double, y: Int = 0) -> [RecognizedWord] {
        [RecognizedWord(text: text, box: PixelRect(x: 300, y: y, width: 30, height: 14), confidence: confidence)]
    }

    @Test func regionsStackedUnderOneAnotherAreOneColumnAndAStrayIsNot() {
        // Three dropped prices at the right margin (one a little wider), two in the left column's
        // price column, and a dropped word in the middle of a name.
        let regions = [
            PixelRect(x: 300, y: 80, width: 30, height: 20), PixelRect(x: 150, y: 40, width: 50, height: 20),
            PixelRect(x: 296, y: 20, width: 38, height: 20), PixelRect(x: 90, y: 140, width: 30, height: 20),
            PixelRect(x: 301, y: 200, width: 29, height: 20), PixelRect(x: 92, y: 60, width: 28, height: 20),
        ]
        #expect(MissedText.columns(regions) == [[2, 0, 4]], "the right margin's three, top to bottom")
        #expect(MissedText.columns(regions, minimumColumn: 2) == [[5, 3], [2, 0, 4]])
    }

    @Test func aNumberBeatsLettersThenMoreDigitsThenTheSurerReading() {
        // What winelist-0105's strip and crops read for the same prices.
        #expect(MissedText.likelier(read("ot", confidence: 60), read("64", confidence: 61)).first?.text == "64")
        #expect(MissedText.likelier(read("98", confidence: 94), read("OR", confidence: 40)).first?.text == "98")
        #expect(MissedText.likelier(read("6", confidence: 64), read("60", confidence: 84)).first?.text == "60")
        #expect(MissedText.likelier(read("$46", confidence: 91), []).first?.text == "$46")
        #expect(MissedText.likelier([], read("$46", confidence: 91)).first?.text == "$46")
        #expect(MissedText.likelier(read("$42", confidence: 67), read("$2", confidence: 74)).first?.text == "$42",
                "a dropped digit is likelier than an added one")
        #expect(MissedText.likelier(read("$60", confidence: 75), read("$60", confidence: 85)).first?.confidence == 85)
        #expect(MissedText.likelier(read("Austria", confidence: 95), read("Austri", confidence: 70)).first?.text == "Austria")
    }

    @Test func inAPriceColumnAReadingWithoutDigitsIsDroppedElsewhereItStays() {
        // Six of nine read as numbers: a price column.
        let prices = [read("66", confidence: 90), read("M", confidence: 83), read("48", confidence: 95),
                      read("S34", confidence: 89), read("72", confidence: 92), read("at", confidence: 71),
                      read("78", confidence: 95), read("96", confidence: 93), read("60", confidence: 84)]
        let cleaned = MissedText.withoutMisreadPrices(prices, columns: [Array(prices.indices)])
        #expect(cleaned.map { $0.first?.text } == ["66", nil, "48", "S34", "72", nil, "78", "96", "60"],
                "S34 keeps its digits for the price-sign repair")
        // A column of dropped words is not a price column: its words stay.
        let words = [read("Kracher,", confidence: 91), read("Cuvée,", confidence: 91), read("2008", confidence: 92)]
        #expect(MissedText.withoutMisreadPrices(words, columns: [[0, 1, 2]]) == words)
        // Outside any column nothing is dropped.
        #expect(MissedText.withoutMisreadPrices(prices, columns: []) == prices)
    }

    /// A capital the layout left out right before a word ("M" + "ontepulciano") is found beside that
    /// word, and goes back in front of it; a region apart from any word, or a reading that does not
    /// end with the word, changes nothing.
    @Test func aCapitalSplitFromItsWordGoesBackInFront() {
        var components = glyphs(x: 10, y: 20, letters: 1) + glyphs(x: 21, y: 20, letters: 11)   // M + ontepulciano
        components += glyphs(x: 10, y: 50, letters: 6)
        let lineWords = [word(x: 21, y: 20, letters: 11), word(x: 10, y: 50, letters: 6), word(x: 10, y: 80, letters: 6),
                         word(x: 10, y: 110, letters: 6), word(x: 10, y: 140, letters: 6)]
        let regions = MissedText.regions(components: components, words: lineWords, width: 400, height: 200)
        #expect(regions.count == 1)
        let lines = lineWords.map { RecognizedLine(words: [RecognizedWord(text: "ontepulciano", box: $0, confidence: 90)]) }
        guard let region = regions.first else { return }
        let found = MissedText.wordAfter(region, in: lines, textHeight: 14)
        #expect(found?.line == 0 && found?.word == 0)
        // Far from any word: nothing.
        #expect(MissedText.wordAfter(PixelRect(x: 200, y: 14, width: 20, height: 26), in: lines, textHeight: 14) == nil)

        #expect(MissedText.joinedWordStart(readAgain: "Montepulciano,", alone: "M", word: "ontepulciano,") == "Montepulciano,")
        #expect(MissedText.joinedWordStart(readAgain: "", alone: "M", word: "ontrose") == "Montrose")
        #expect(MissedText.joinedWordStart(readAgain: "M.ontepulciano", alone: "M.", word: "ontepulciano") == "Montepulciano")
        #expect(MissedText.joinedWordStart(readAgain: "", alone: "M.", word: "ontrose") == "Montrose")
        #expect(MissedText.joinedWordStart(readAgain: "", alone: "M..", word: "ontrose") == nil)
        #expect(MissedText.joinedWordStart(readAgain: "Chardonnay", alone: "M", word: "ontrose") == nil)
        #expect(MissedText.joinedWordStart(readAgain: "", alone: "m", word: "ontrose") == nil)
        #expect(MissedText.joinedWordStart(readAgain: "", alone: "46", word: "Barolo") == nil)
        #expect(MissedText.joinedWordStart(readAgain: "", alone: "M", word: "Barolo") == nil)
    }
}
