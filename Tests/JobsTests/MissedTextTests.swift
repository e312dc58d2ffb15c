import Imaging
@testable import Jobs
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
}
