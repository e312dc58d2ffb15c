import Imaging
import Testing
@testable import Documents

/// The ink check, the verdict, the OCR resolution, font styles and file sniffing, on made-up values.
@Suite struct InkCheckTests {
    /// A made-up word: dark strokes on white in a 40 × 12 box.
    func glyphs(ink: UInt8 = 0, paper: UInt8 = 255) -> Raster {
        var raster = Raster(width: 60, height: 20, channels: 1, fill: paper)
        for x in stride(from: 10, to: 50, by: 4) {
            for y in 4..<16 { raster[x, y] = ink; raster[x + 1, y] = ink }
        }
        return raster
    }

    let box = PixelRect(x: 8, y: 3, width: 44, height: 14)

    @Test func wordThatShowsCorrelatesWithItsGlyphs() {
        let measure = InkAgreement.measure(page: glyphs(ink: 40), text: glyphs(), box: box)
        #expect(measure.state == .shown)
        #expect(measure.correlation > 0.99)
    }

    @Test func lightPrintOnDarkCorrelatesNegatively() {
        let measure = InkAgreement.measure(page: glyphs(ink: 230, paper: 30), text: glyphs(), box: box)
        #expect(measure.state == .shown)
        #expect(measure.correlation < -0.99)
    }

    @Test func emptyBoxIsBlank() {
        #expect(InkAgreement.measure(page: Raster(width: 60, height: 20, channels: 1, fill: 255), text: glyphs(), box: box).state == .blank)
    }

    @Test func somethingElseInTheBoxIsCovered() {
        var picture = Raster(width: 60, height: 20, channels: 1, fill: 255)
        for y in 0..<20 { for x in 0..<60 { picture[x, y] = UInt8((y * 37 + x * 11) % 200) } }
        #expect(InkAgreement.measure(page: picture, text: glyphs(), box: box).state == .covered)
    }

    @Test func glyphsThatDrawNothingCountAsCovered() {
        let blankText = Raster(width: 60, height: 20, channels: 1, fill: 255)
        #expect(InkAgreement.measure(page: glyphs(), text: blankText, box: box).state == .covered)
    }

    @Test func boxOffThePageIsBlank() {
        #expect(InkAgreement.measure(page: glyphs(), text: glyphs(), box: PixelRect(x: 100, y: 100, width: 10, height: 10)).state == .blank)
    }
}

@Suite struct TextLayerJudgeTests {
    func layer(words: Int, repairs: TextRepairs = TextRepairs()) -> PDFTextLayer {
        let word = PDFWord(text: "Cava", box: PDFRect(x: 0, y: 0, width: 20, height: 10), fontName: "Helvetica", fontSize: 10)
        return PDFTextLayer(pageSize: PDFSize(width: 595, height: 842),
                            lines: words > 0 ? [PDFTextLine(words: Array(repeating: word, count: words))] : [], repairs: repairs)
    }

    @Test func misalignedComesFirst() {
        #expect(TextLayerJudge.verdict(aligned: false, glyphs: 100, layer: layer(words: 25), ink: .init()).kind == .misaligned)
    }

    @Test func noGlyphsIsNone() {
        #expect(TextLayerJudge.verdict(aligned: true, glyphs: 0, layer: layer(words: 0), ink: .init()).kind == .none)
    }

    @Test func unmappedShareDecides() {
        var repairs = TextRepairs()
        repairs.unmappedGlyphs = 10
        #expect(TextLayerJudge.verdict(aligned: true, glyphs: 100, layer: layer(words: 22, repairs: repairs), ink: .init()).kind == .usable)
        repairs.unmappedGlyphs = 11
        let verdict = TextLayerJudge.verdict(aligned: true, glyphs: 100, layer: layer(words: 22, repairs: repairs), ink: .init())
        #expect(verdict == TextLayerVerdict(.unmappedGlyphs, "11 of 100 glyphs (11 %) have no Unicode mapping"))
    }

    @Test func hiddenShareDecidesAndBlankOutweighsCovered() {
        let usable = TextLayerJudge.verdict(aligned: true, glyphs: 100, layer: layer(words: 25),
                                            ink: InkAgreement.Tally(shown: 70, covered: 20, blank: 10))
        #expect(usable.kind == .usable)
        let hidden = TextLayerJudge.verdict(aligned: true, glyphs: 100, layer: layer(words: 25),
                                            ink: InkAgreement.Tally(shown: 60, covered: 10, blank: 30))
        #expect(hidden.kind == .hiddenText)
        let covered = TextLayerJudge.verdict(aligned: true, glyphs: 100, layer: layer(words: 25),
                                             ink: InkAgreement.Tally(shown: 60, covered: 30, blank: 10))
        #expect(covered.kind == .coveredText)
    }

    @Test func onlyInvisibleGlyphsIsNone() {
        var repairs = TextRepairs()
        repairs.invisibleCharacters = 12
        #expect(TextLayerJudge.verdict(aligned: true, glyphs: 12, layer: layer(words: 0, repairs: repairs), ink: .init()).kind == .none)
    }

    @Test func usableSaysWhatWasMended() {
        var repairs = TextRepairs()
        repairs.ligatures = 2
        repairs.duplicateWords = 14
        let verdict = TextLayerJudge.verdict(aligned: true, glyphs: 100, layer: layer(words: 25, repairs: repairs), ink: .init())
        #expect(verdict.description == "usable: mended: 2 ligatures, 14 duplicate words")
    }
}

@Suite struct OCRResolutionTests {
    func words(_ sizes: [(Double, String)]) -> [PDFWord] {
        sizes.map { PDFWord(text: $0.1, box: PDFRect(x: 0, y: 0, width: 1, height: 1), fontName: "Helvetica", fontSize: $0.0) }
    }

    @Test func bodySizeIsTheMedianOverGlyphs() {
        // One long 9 pt line outweighs two short 24 pt headings.
        #expect(OCRResolution.bodyFontSize(words([(24, "RED"), (24, "WHITE"), (9, "Domaine de la Romanée-Conti")])) == 9)
        #expect(OCRResolution.bodyFontSize([]) == nil)
        #expect(OCRResolution.bodyFontSize(words([(0, "unsized")])) == nil)
    }

    @Test func resolutionPutsTheXHeightAtTheTarget() {
        #expect(OCRResolution.ppi(for: words([(12, "Barolo")])) == 288)
        #expect(OCRResolution.ppi(for: words([(10, "Barolo")]), targetXHeight: 20) == 288)
    }

    @Test func resolutionStaysWithinBounds() {
        #expect(OCRResolution.ppi(for: words([(2, "fine print")])) == OCRResolution.maxPPI)
        #expect(OCRResolution.ppi(for: words([(72, "HUGE")])) == OCRResolution.minPPI)
        #expect(OCRResolution.ppi(for: []) == OCRResolution.defaultPPI)
    }
}

@Suite struct FontStyleTests {
    @Test(arguments: [
        ("Garamond-Bold", true, false), ("TimesNewRomanPS-BoldItalicMT", true, true), ("BellMTBold", true, false),
        ("TheSeasons-BdIt", true, true), ("Gilroy-ExtraBold", true, false), ("Montserrat-SemiBold", true, false),
        ("Aileron-ThinItalic", false, true), ("Verlag-LightItalic", false, true), ("Calibri", false, false),
        ("Gotham-Book", false, false), ("Boldonse-Regular", false, false), ("Italiana", false, false),
        ("Garamond,Bold", true, false), ("Helvetica-Oblique", false, true),
    ])
    func styleComesFromTheName(name: String, bold: Bool, italic: Bool) {
        let style = FontStyle.style(of: name)
        #expect(style.bold == bold)
        #expect(style.italic == italic)
    }

    @Test func nameIsCutAtCaseChangesAndPunctuation() {
        #expect(FontStyle.nameWords("TimesNewRomanPS-BoldItalicMT") == ["Times", "New", "Roman", "PS", "Bold", "Italic", "MT"])
    }
}

@Suite struct PDFFileCheckTests {
    @Test func headerMayFollowJunkWithinTheFirstKilobyte() {
        #expect(PDFFileTriage.containsHeader(Array("%PDF-1.4".utf8)))
        #expect(PDFFileTriage.containsHeader(Array(repeating: 0x20, count: 1000) + Array("%PDF-1.4".utf8)))
        #expect(!PDFFileTriage.containsHeader(Array("%PD".utf8)))
        #expect(!PDFFileTriage.containsHeader(Array("%!PS-Adobe-3.0".utf8)))
    }

    @Test(arguments: [
        ([0xFF, 0xD8, 0xFF, 0xE0] as [UInt8], "a JPEG image"), (Array("RIFF\0\0\0\0WEBPVP8 ".utf8), "a WebP image"),
        ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive, such as a Word or OpenDocument file"), ([0x49, 0x49, 0x2A, 0x00], "a TIFF image"),
    ])
    func commonMistakesAreNamed(head: [UInt8], kind: String) {
        #expect(PDFFileTriage.guessKind(head) == kind)
    }
}

@Suite struct AgreementTests {
    func layer(_ words: [String]) -> PDFTextLayer {
        PDFTextLayer(pageSize: PDFSize(width: 595, height: 842), lines: [PDFTextLine(words: words.map {
            PDFWord(text: $0, box: PDFRect(x: 0, y: 0, width: 10, height: 10), fontName: "Calibri", fontSize: 11)
        })])
    }

    @Test func ocrOfAFaithfulPictureAgreesWithTheLayer() {
        let covered = layer(["Blankenhorn", "Crémant", "|", "Auxerrois,", "Chardonnay", "10", "60"])
        // What OCR read: a misread letter, a lost accent, a bar taken for an I, punctuation at the ends.
        let read = ["Blankenhorn", "Cremant", "I", "Auxerrois", "Chardonnay,", "10", "6O"]
        #expect(abs(covered.agreement(with: read) - 4.0 / 7) < 1e-9)
        #expect(covered.agreement(with: read) >= PDFTextLayer.faithfulAgreement)
    }

    @Test func ocrOfAnUnrelatedPictureDoesNot() {
        let covered = layer(["Brunello", "di", "Montalcino", "2015", "180"])
        #expect(covered.agreement(with: ["SUMMER", "TERRACE", "OPEN", "DAILY"]) == 0)
        #expect(covered.agreement(with: []) == 0)
    }

    @Test func eachLayerWordCountsOnce() {
        #expect(layer(["2019"]).agreement(with: ["2019", "2019"]) == 0.5)
    }
}
