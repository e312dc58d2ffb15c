import CPoppler
import DecantTestSupport
import Foundation
import Testing
@testable import Documents

/// The text layer of PDFs made here, with known words at known places.
@Suite struct TextLayerTests {
    let folder = TemporaryFolder("pdf-text")

    func read(_ draw: @escaping (OpaquePointer) -> Void) throws -> PDFPageReading {
        let path = folder.file("page.pdf")
        CairoPDF.write(to: path, pages: [draw])
        return try PDFDocument(path: path).page(1).read()
    }

    @Test func wordsComeBackWithTheirBoxesFontsAndLines() throws {
        let path = folder.file("list.pdf")
        var widths: [String: Double] = [:]
        CairoPDF.write(to: path, pages: [{ cairo in
            CairoPDF.show(cairo, "WHITE WINES", x: 72, y: 80, size: 16, bold: true)
            CairoPDF.show(cairo, "Chablis Premier Cru", x: 72, y: 120, size: 10)
            CairoPDF.show(cairo, "2019", x: 300, y: 120, size: 10)
            CairoPDF.show(cairo, "58", x: 480, y: 120, size: 10)
            for word in ["WHITE", "Chablis", "2019", "58"] {
                widths[word] = CairoPDF.advance(cairo, word, size: word == "WHITE" ? 16 : 10, bold: word == "WHITE")
            }
        }])
        let reading = try PDFDocument(path: path).page(1).read()
        #expect(reading.verdict.kind == .usable)
        let words = reading.textLayer.words
        #expect(words.map(\.text) == ["WHITE", "WINES", "Chablis", "Premier", "Cru", "2019", "58"])

        let heading = try #require(words.first)
        #expect(heading.isBold && !heading.isItalic)
        #expect(heading.fontName.contains("Bold") && !heading.fontName.contains("+"))
        #expect(abs(heading.fontSize - 16) < 0.01)
        #expect(abs(heading.box.x - 72) < 0.5)
        #expect(abs(heading.box.width - widths["WHITE"]!) < 1)
        // The box spans the baseline: the cap height above it, the descent below.
        #expect(heading.box.y < 80 - 0.6 * 16 && heading.box.maxY > 80 && heading.box.maxY < 80 + 0.5 * 16)

        for word in words.dropFirst(2) {
            #expect(!word.isBold)
            #expect(abs(word.fontSize - 10) < 0.01)
            #expect(word.box.y < 120 && word.box.maxY > 120)
        }
        let vintage = try #require(words.first { $0.text == "2019" })
        #expect(abs(vintage.box.x - 300) < 0.5 && abs(vintage.box.width - widths["2019"]!) < 1)
        let price = try #require(words.first { $0.text == "58" })
        #expect(abs(price.box.x - 480) < 0.5 && abs(price.box.width - widths["58"]!) < 1)
        #expect(reading.textLayer.lines.count >= 2)
        #expect(reading.textLayer.lines.first?.words.map(\.text) == ["WHITE", "WINES"])
    }

    @Test func boxesConvertToPixelsOfARender() throws {
        let path = folder.file("pixels.pdf")
        CairoPDF.write(to: path, width: 300, height: 200, pages: [{ CairoPDF.show($0, "Merlot", x: 36, y: 72, size: 18) }])
        let page = try PDFDocument(path: path).page(1)
        let word = try #require(page.read().textLayer.words.first)
        let render = try page.render(ppi: 144)
        let box = word.box.pixels(ppi: 144)
        #expect(render.raster.width == 600 && render.raster.height == 400)
        #expect(abs(box.x - 72) <= 1)
        // The ink of the word lies inside its pixel box, and none of it outside.
        var inside = 0, outside = 0
        for y in 0..<render.raster.height {
            for x in 0..<render.raster.width where render.raster[x, y] < 128 {
                if x >= box.x && x < box.maxX && y >= box.y && y < box.maxY { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 100)
        #expect(outside == 0)
    }

    @Test func textDrawnAsOutlinesHasNoTextLayer() throws {
        let reading = try read { cairo in
            CairoPDF.outline(cairo, "Sancerre 2021 48", x: 72, y: 100, size: 14)
            CairoPDF.outline(cairo, "Pouilly-Fumé 2020 52", x: 72, y: 130, size: 14)
        }
        #expect(reading.verdict.kind == .none)
        #expect(reading.textLayer.isEmpty)
        #expect(!reading.isBlank)
        #expect(reading.ocrPPI == 300)
    }

    @Test func blankPageNeedsNoOCRAndIsNotDamaged() throws {
        let reading = try read { _ in }
        #expect(reading.verdict == TextLayerVerdict(.none, "a blank page"))
        #expect(reading.isBlank)
        #expect(reading.problems.isEmpty)
    }

    @Test func ligatureGlyphsAreWrittenOutAsLetters() throws {
        let reading = try read { CairoPDF.showShaped($0, "Ba\u{FB04}e Souf\u{FB02}é \u{FB01}no", x: 72, y: 100) }
        #expect(reading.textLayer.text == "Baffle Soufflé fino")
        #expect(reading.textLayer.repairs.ligatures == 3)
        #expect(reading.verdict.kind == .usable)
    }

    @Test func zeroWidthSpacesAndByteOrderMarksAreRemoved() throws {
        let reading = try read { CairoPDF.showShaped($0, "\u{FEFF}Pinot\u{200B}Noir 2020 \u{200B}", x: 72, y: 100) }
        let words = reading.textLayer.words.map(\.text)
        #expect(!words.joined().unicodeScalars.contains { $0.value == 0x200B || $0.value == 0xFEFF })
        #expect(words.joined(separator: " ").contains("2020"))
        #expect(words.first?.hasPrefix("Pinot") == true)
    }

    /// Bold by overprinting: the same line drawn again a third of a point to the right.
    @Test func textDrawnTwiceIsKeptOnce() throws {
        let reading = try read { cairo in
            CairoPDF.show(cairo, "Grand Cru Classé 1990 950", x: 72, y: 100, size: 12)
            CairoPDF.show(cairo, "Grand Cru Classé 1990 950", x: 72.4, y: 100.2, size: 12)
            CairoPDF.show(cairo, "Saint-Julien 2005 210", x: 72, y: 130, size: 12)
        }
        #expect(reading.textLayer.words.map(\.text) == ["Grand", "Cru", "Classé", "1990", "950", "Saint-Julien", "2005", "210"])
        #expect(reading.verdict.kind == .usable)
    }

    /// The same vintage on two rows is two words, however close the rows.
    @Test func sameWordOnTheNextRowIsNotACopy() throws {
        let reading = try read { cairo in
            CairoPDF.show(cairo, "2019", x: 72, y: 100, size: 10)
            CairoPDF.show(cairo, "2019", x: 72, y: 111, size: 10)
        }
        #expect(reading.textLayer.words.map(\.text) == ["2019", "2019"])
    }

    @Test func letterSpacedHeadingIsJoinedIntoWords() throws {
        let reading = try read { cairo in
            var x = 72.0
            for word in ["BY", "THE", "GLASS"] {
                for letter in word {
                    CairoPDF.show(cairo, String(letter), x: x, y: 100, size: 14)
                    x += CairoPDF.advance(cairo, String(letter), size: 14) + 7
                }
                x += 14
            }
        }
        #expect(reading.textLayer.words.map(\.text) == ["BY", "THE", "GLASS"])
        #expect(reading.textLayer.repairs.letterSpacedWords == 3)
    }

    /// White text on a white page shows nothing: dropped, and the page stays readable.
    @Test func aFewWhiteWordsAreDropped() throws {
        let reading = try read { cairo in
            CairoPDF.show(cairo, "Vermentino di Gallura 2022 38", x: 72, y: 100)
            CairoPDF.show(cairo, "Greco di Tufo 2021 42", x: 72, y: 130)
            cairo_set_source_rgb(cairo, 1, 1, 1)
            CairoPDF.show(cairo, "hidden", x: 72, y: 160)
        }
        #expect(reading.verdict.kind == .usable)
        #expect(!reading.textLayer.words.contains { $0.text == "hidden" })
        #expect(reading.textLayer.repairs.hiddenWords == 1)
        #expect(reading.verdict.detail.contains("1 hidden words"))
    }

    @Test func pageOfWhiteTextIsHiddenText() throws {
        let reading = try read { cairo in
            CairoPDF.show(cairo, "Chateau Musar", x: 72, y: 100)
            cairo_set_source_rgb(cairo, 1, 1, 1)
            CairoPDF.show(cairo, "Barolo Riserva Monfortino 2013 650", x: 72, y: 130)
            CairoPDF.show(cairo, "Barbaresco Asili 2016 240", x: 72, y: 160)
        }
        #expect(reading.verdict.kind == .hiddenText)
        #expect(reading.verdict.detail.contains("nothing drawn"))
    }

    /// Text under a flat box of colour shows nothing; under a picture, the picture shows.
    @Test func textUnderABoxOfColourIsHidden() throws {
        let reading = try read { cairo in
            CairoPDF.show(cairo, "Brunello di Montalcino 2015 180", x: 72, y: 100)
            cairo_set_source_rgb(cairo, 0.8, 0.2, 0.2)
            cairo_rectangle(cairo, 60, 80, 400, 40)
            cairo_fill(cairo)
        }
        #expect(reading.verdict.kind == .hiddenText)
    }

    @Test func textUnderAPictureIsCovered() throws {
        let reading = try read { cairo in
            CairoPDF.show(cairo, "Brunello di Montalcino 2015 180", x: 72, y: 100)
            // A picture: stripes of grey across the words, nothing like their glyphs.
            for i in 0..<40 {
                cairo_set_source_rgb(cairo, Double(i % 5) / 5, Double(i % 3) / 3, 0.5)
                cairo_rectangle(cairo, 60 + Double(i) * 10, 80, 10, 40)
                cairo_fill(cairo)
            }
        }
        #expect(reading.verdict.kind == .coveredText)
    }

    @Test func lightGreyPrintStillShows() throws {
        let reading = try read { cairo in
            cairo_set_source_rgb(cairo, 0.82, 0.82, 0.82)
            CairoPDF.show(cairo, "Riesling Kabinett 2021 34", x: 72, y: 100, size: 7)
        }
        #expect(reading.verdict.kind == .usable)
        #expect(reading.textLayer.words.count == 4)
    }

    @Test func lightPrintOnADarkGroundShows() throws {
        let reading = try read { cairo in
            cairo_set_source_rgb(cairo, 0.1, 0.25, 0.15)
            cairo_paint(cairo)
            cairo_set_source_rgb(cairo, 0.95, 0.95, 0.9)
            CairoPDF.show(cairo, "Zweigelt Classic 2023 18", x: 72, y: 100)
        }
        #expect(reading.verdict.kind == .usable)
        #expect(reading.textLayer.words.count == 4)
    }

    @Test func glyphsWithoutUnicodeSendThePageToOCR() throws {
        // Helvetica with its letters renamed to private-use glyph names: poppler maps them to U+E0xx.
        let names = (0..<26).map { String(format: "/uniE%03X", $0) }.joined(separator: " ")
        let widths = Array(repeating: "600", count: 26).joined(separator: " ")
        let font = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 65 /LastChar 90 /Widths [\(widths)] "
            + "/Encoding << /Type /Encoding /Differences [65 \(names)] >> >>"
        let path = folder.file("unmapped.pdf")
        write(HandWrittenPDF.document(pages: ["BT /F1 12 Tf 72 700 Td (MERLOT CABERNET) Tj /F2 12 Tf 0 -20 Td (2019 45) Tj ET"], font: font), to: path)
        let reading = try PDFDocument(path: path).page(1).read()
        #expect(reading.verdict.kind == .unmappedGlyphs)
        #expect(reading.verdict.detail == "14 of 20 glyphs (70 %) have no Unicode mapping")
    }

    @Test func aFewUnmappedGlyphsAreDroppedAndThePageKept() throws {
        // One bullet from a symbol font mapped to private use, among ordinary words. (A glyph must have a
        // width to reach poppler's text at all.)
        let font = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 35 /LastChar 35 /Widths [500] "
            + "/Encoding << /Type /Encoding /Differences [35 /uniF0B7] >> >>"
        let path = folder.file("bullet.pdf")
        let lines = ["Tempranillo Reserva 2018 36", "Garnacha Vieja 2020 29", "Albarino Rias Baixas 2022 31"]
        let content = "BT /F1 12 Tf 72 700 Td (#) Tj /F2 12 Tf 10 0 Td " + lines.map { "(\($0)) Tj 0 -20 Td" }.joined(separator: " ") + " ET"
        write(HandWrittenPDF.document(pages: [content], font: font), to: path)
        let reading = try PDFDocument(path: path).page(1).read(PDFReadOptions(checkInk: false))
        #expect(reading.verdict.kind == .usable)
        #expect(reading.textLayer.repairs.unmappedGlyphs == 1)
        #expect(reading.textLayer.words.first?.text == "Tempranillo")
    }

    @Test func ocrResolutionFollowsTheBodyTextSize() throws {
        let small = try read { cairo in
            for row in 0..<20 { CairoPDF.show(cairo, "Nebbiolo Langhe 2020 28", x: 72, y: 100 + Double(row) * 12, size: 8) }
            CairoPDF.show(cairo, "RED", x: 72, y: 70, size: 30)
        }
        // x-height 24 px at half of 8 pt: 24 × 72 / 4 = 432 ppi.
        #expect(small.ocrPPI == 432)
        let large = try read { CairoPDF.show($0, "Nebbiolo Langhe 2020 28", x: 72, y: 100, size: 16) }
        #expect(large.ocrPPI == 216)
    }
}
