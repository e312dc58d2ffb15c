import Testing
@testable import Documents

/// Each repair rule on made-up glyphs: one case that mends, one that must be left alone.
@Suite struct TextLayerRepairTests {
    static let style = RawTextLayer.Style(fontName: "Garamond-Bold", fontSize: 10, isUnderlined: false, color: .black)

    /// A word's glyphs set left to right from `x`, `advance` apart, each `width` wide, on a 10 pt line at `y`.
    func glyphs(_ text: String, x: Double = 100, y: Double = 200, advance: Double = 6, width: Double = 5.5) -> [RawTextLayer.Glyph] {
        text.unicodeScalars.enumerated().map { i, scalar in
            RawTextLayer.Glyph(scalar: scalar, box: PDFRect(x: x + Double(i) * advance, y: y, width: width, height: 12), style: 0)
        }
    }

    func repair(_ lines: [[[RawTextLayer.Glyph]]]) -> PDFTextLayer {
        let raw = RawTextLayer(lines: lines, styles: [Self.style], aligned: true)
        return TextLayerRepair.repair(raw, pageSize: PDFSize(width: 595, height: 842)).layer
    }

    @Test func ligaturesBecomeLettersWithTheirShareOfTheBox() {
        let layer = repair([[glyphs("Souf\u{FB02}é"), glyphs("\u{FB03}ne", x: 200)]])
        #expect(layer.words.map(\.text) == ["Soufflé", "ffine"])
        #expect(layer.repairs.ligatures == 2)
        #expect(abs(layer.words[0].box.maxX - (100 + 5 * 6 + 5.5)) < 1e-9)
    }

    @Test func letterDigraphsAreWrittenOut() {
        #expect(repair([[glyphs("\u{0133}s")]]).words.map(\.text) == ["ijs"])
    }

    @Test func fractionsAndSuperscriptsStayAsPrinted() {
        #expect(repair([[glyphs("½"), glyphs("1er", x: 200), glyphs("m²", x: 300)]]).words.map(\.text) == ["½", "1er", "m²"])
    }

    @Test func invisibleCharactersAreRemoved() {
        let layer = repair([[glyphs("\u{FEFF}Rosé\u{200B}"), glyphs("\u{200D}\u{2060}", x: 200), glyphs("Brut", x: 300)]])
        #expect(layer.words.map(\.text) == ["Rosé", "Brut"])
        #expect(layer.repairs.invisibleCharacters == 4)
    }

    @Test func drawnSoftHyphenIsAHyphenAndAnUndrawnOneGoes() {
        var broken = glyphs("Caber\u{00AD}")
        broken[5].box.width = 3
        var undrawn = glyphs("Sauvi\u{00AD}", x: 200)
        undrawn[5].box.width = 0
        undrawn += glyphs("gnon", x: 230)
        let layer = repair([[broken], [undrawn]])
        #expect(layer.words.map(\.text) == ["Caber-", "Sauvignon"])
        #expect(layer.repairs.invisibleCharacters == 1)
    }

    @Test func privateUseReplacementAndControlCharactersAreUnmapped() {
        let layer = repair([[glyphs("\u{E001}Syrah\u{FFFD}"), glyphs("\u{0003}\u{0007}", x: 200), glyphs("\u{F0B7}", x: 300)]])
        #expect(layer.words.map(\.text) == ["Syrah"])
        #expect(layer.repairs.unmappedGlyphs == 5)
    }

    /// Letters overprinted for bold: each drawn twice a fraction of its width apart.
    @Test func overprintedLettersAreKeptOnce() {
        var doubled: [RawTextLayer.Glyph] = []
        for glyph in glyphs("Wine") {
            doubled.append(glyph)
            var copy = glyph
            copy.box.x += 0.3
            doubled.append(copy)
        }
        let layer = repair([[doubled]])
        #expect(layer.words.map(\.text) == ["Wine"])
        #expect(layer.repairs.duplicateLetters == 4)
    }

    /// Real double letters and a row of leader dots stand a whole advance apart.
    @Test func realDoubleLettersAndLeaderDotsStay() {
        let layer = repair([[glyphs("Moselle"), glyphs("........", x: 200, advance: 2.8, width: 2.8)]])
        #expect(layer.words.map(\.text) == ["Moselle", "........"])
        #expect(layer.repairs.duplicateLetters == 0)
    }

    @Test func wordDrawnAgainOverItselfIsKeptOnce() {
        let layer = repair([[glyphs("Pomerol"), glyphs("2010", x: 200)], [glyphs("Pomerol", x: 100.8, y: 200.5)]])
        #expect(layer.words.map(\.text) == ["Pomerol", "2010"])
        #expect(layer.lines.count == 1)
        #expect(layer.repairs.duplicateWords == 1)
    }

    @Test func sameWordALineBelowStays() {
        let layer = repair([[glyphs("2019")], [glyphs("2019", y: 211)]])
        #expect(layer.words.map(\.text) == ["2019", "2019"])
    }

    @Test func wordsJoinedAcrossAGutterAreSplit() {
        // "2008" "40" "~" "240" run together by poppler, with column gaps of 20–30 pt between them.
        let run = glyphs("2008") + glyphs("40", x: 150) + glyphs("~", x: 180) + glyphs("240", x: 210)
        let layer = repair([[glyphs("Champagne", x: 20), run]])
        #expect(layer.words.map(\.text) == ["Champagne", "2008", "40", "~", "240"])
        #expect(layer.repairs.splitWords == 3)
    }

    @Test func wordRunOnIntoAnotherColumnIsSplit() {
        let layer = repair([[glyphs("Rondinella", y: 213) + glyphs("Moscato", x: 170, y: 188)]])
        #expect(layer.words.map(\.text) == ["Rondinella", "Moscato"])
    }

    @Test func trackedLettersAreNotSplit() {
        #expect(repair([[glyphs("Riesling", advance: 9)]]).words.map(\.text) == ["Riesling"])
    }

    @Test func verticalWordIsLeftWhole() {
        let vertical = "Vertical".unicodeScalars.enumerated().map { i, scalar in
            RawTextLayer.Glyph(scalar: scalar, box: PDFRect(x: 30, y: 300 + Double(i) * 6, width: 12, height: 5.5), style: 0)
        }
        #expect(repair([[vertical]]).words.map(\.text) == ["Vertical"])
    }

    @Test func absurdlyTallGlyphBoxesAreCutToTheFont() {
        var tall = glyphs("2016")
        for i in tall.indices { tall[i].box.height = 41 }
        let word = repair([[tall]]).words[0]
        #expect(word.box.y == 200)
        #expect(abs(word.box.height - 12.5) < 1e-9)
    }

    @Test func lettersOfALetterSpacedHeadingAreJoined() {
        var letters: [[RawTextLayer.Glyph]] = []
        var x = 100.0
        for word in ["SPARKLING", "WINES"] {
            for letter in word {
                letters.append(glyphs(String(letter), x: x))
                x += 10
            }
            x += 12
        }
        let layer = repair([letters])
        #expect(layer.words.map(\.text) == ["SPARKLING", "WINES"])
        #expect(layer.repairs.letterSpacedWords == 2)
    }

    @Test func oneLetterWordsOfOrdinaryTextStayApart() {
        let line = [glyphs("vino"), glyphs("y", x: 130), glyphs("agua", x: 140), glyphs("à", x: 170), glyphs("la", x: 180)]
        #expect(repair([line]).words.map(\.text) == ["vino", "y", "agua", "à", "la"])
    }

    @Test func wordTakesItsMostCommonStyle() {
        let styles = [Self.style, RawTextLayer.Style(fontName: "Symbol", fontSize: 10, isUnderlined: false, color: .black)]
        var word = glyphs("Brut®")
        word[4].style = 1
        let raw = RawTextLayer(lines: [[word]], styles: styles, aligned: true)
        let layer = TextLayerRepair.repair(raw, pageSize: PDFSize(width: 595, height: 842)).layer
        #expect(layer.words[0].fontName == "Garamond-Bold")
        #expect(layer.words[0].isBold)
    }
}

/// Pairing poppler's text with its character boxes and font runs.
@Suite struct RawTextLayerTests {
    func boxes(_ count: Int) -> [PDFRect] {
        (0..<count).map { PDFRect(x: Double($0) * 5, y: 10, width: 5, height: 10) }
    }

    @Test func spacesSplitWordsAndNewlinesSplitLines() {
        let text = "Barolo 2016\nBarbaresco"
        let style = RawTextLayer.Style(fontName: "Times-Roman", fontSize: 11, isUnderlined: false, color: .black)
        let raw = RawTextLayer(text: text, boxes: boxes(text.unicodeScalars.count), runs: [(0...21, style)])
        #expect(raw.aligned)
        #expect(raw.lines.map { $0.map { String(String.UnicodeScalarView($0.map(\.scalar))) } } == [["Barolo", "2016"], ["Barbaresco"]])
        #expect(raw.lines[1][0][0].box.x == 60)
        #expect(raw.glyphCount == 20)
    }

    @Test func tabsAndNoBreakSpacesInsideAWordSplitIt() {
        let text = "£\u{00A0}8.50\tGlass"
        let raw = RawTextLayer(text: text, boxes: boxes(text.unicodeScalars.count), runs: [])
        #expect(raw.lines[0].count == 3)
    }

    @Test func fontRunsIndexCharactersSeparatorsIncluded() {
        let bold = RawTextLayer.Style(fontName: "Arial-BoldMT", fontSize: 12, isUnderlined: false, color: .black)
        let plain = RawTextLayer.Style(fontName: "ArialMT", fontSize: 9, isUnderlined: false, color: .black)
        let text = "RED Malbec"
        let raw = RawTextLayer(text: text, boxes: boxes(10), runs: [(0...3, bold), (4...9, plain)])
        #expect(raw.lines[0][0].allSatisfy { $0.style == 0 })
        #expect(raw.lines[0][1].allSatisfy { $0.style == 1 })
    }

    @Test func aLineWhoseWordsJumpRowsIsSplitWhereTheyJump() {
        // poppler ends a vintage column's block with the first price of the next column's block,
        // on one line: "2018 12", the year in the last row, the price in the first.
        let text = "2020 2018 12 15"
        let xs: [Double] = [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70]
        let ys: [Double] = [10, 10, 10, 10, 10, 50, 50, 50, 50, 50, 10, 10, 10, 30, 30]
        let boxes = zip(xs, ys).map { PDFRect(x: $0, y: $1, width: 5, height: 10) }
        let raw = RawTextLayer(text: text, boxes: boxes, runs: [])
        let words = raw.lines.map { $0.map { String(String.UnicodeScalarView($0.map(\.scalar))) } }
        #expect(words == [["2020"], ["2018"], ["12"], ["15"]])
    }

    @Test func aWordRunningIntoAnotherRowIsCutWhereItJumps() {
        let text = "201812"
        let boxes = (0..<6).map { PDFRect(x: Double($0) * 5, y: $0 < 4 ? 50 : 10, width: 5, height: 10) }
        let raw = RawTextLayer(text: text, boxes: boxes, runs: [])
        #expect(raw.lines.map { $0.map { String(String.UnicodeScalarView($0.map(\.scalar))) } } == [["2018"], ["12"]])
    }

    @Test func textSetVerticallyStaysOneWord() {
        let text = "Rotated"
        let boxes = (0..<7).map { PDFRect(x: 100, y: 600 - Double($0) * 14, width: 17, height: 14) }
        let raw = RawTextLayer(text: text, boxes: boxes, runs: [])
        #expect(raw.lines.count == 1)
        #expect(raw.lines.first?.count == 1)
    }

    @Test func aSuperscriptOrASmallerWordStaysOnItsLine() {
        let text = "CHABLIS 1ER CRU"
        var boxes = (0..<15).map { PDFRect(x: Double($0) * 5, y: 10, width: 5, height: 13) }
        for i in 8...10 { boxes[i] = PDFRect(x: Double(i) * 5, y: 10, width: 4, height: 6) }
        let raw = RawTextLayer(text: text, boxes: boxes, runs: [])
        #expect(raw.lines.count == 1)
        #expect(raw.lines[0].count == 3)
    }

    @Test func textShorterThanItsBoxesIsMisaligned() {
        let raw = RawTextLayer(text: "Cava", boxes: boxes(9), runs: [])
        #expect(!raw.aligned)
    }
}
