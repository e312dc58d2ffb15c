import Foundation
import Testing
@testable import Documents

/// The real lists in ../shared/data/winelists: every PDF reads, and the pages that taught a rule keep to it.
@Suite(.enabled(if: SharedWineLists.available, "needs ../shared/data/winelists (real wine lists); absent here"))
struct RealWineListTests {
    func reading(_ relative: String, page: Int) throws -> PDFPageReading {
        try PDFDocument(path: SharedWineLists.path(relative)).page(page).read()
    }

    @Test func everyPDFReadsEveryPage() throws {
        let pdfs = SharedWineLists.pdfs()
        #expect(pdfs.count >= 18)
        for path in pdfs {
            let document = try PDFDocument(path: path)
            #expect(document.repairs.isEmpty, "\(path)")
            for number in 1...document.pageCount {
                let reading = try document.page(number).read(PDFReadOptions(checkInk: false))
                #expect(reading.problems.isEmpty, "\(path) page \(number): \(reading.problems)")
                #expect(reading.ocrPPI >= OCRResolution.minPPI && reading.ocrPPI <= OCRResolution.maxPPI)
            }
        }
    }

    /// Prices and vintages set in tab-stop columns come out as words of their own, not run together.
    @Test func columnsSetWithTabStopsAreSeparateWords() throws {
        let layer = try reading("nogt/birley_annabels_full_wine_list.pdf", page: 1).textLayer
        let line = try #require(layer.lines.first { $0.text.hasPrefix("Champagne Rare,") })
        #expect(line.words.map(\.text) == ["Champagne", "Rare,", "France", "2008", "40", "~", "240"])
        let header = try #require(layer.lines.first { $0.words.contains { $0.text == "125ml" } })
        #expect(header.words.suffix(3).map(\.text) == ["125ml", "375ml", "750ml"])
    }

    /// Cambria's font descriptor declares a descent of 2.464 em; its words would otherwise reach three rows down.
    @Test func wordBoxesStayWithinTheirRow() throws {
        let layer = try reading("nogt/totgoose_winelist.pdf", page: 1).textLayer
        for word in layer.words {
            #expect(word.box.height <= TextLayerRepair.tallestBox * word.fontSize, "\(word.text) \(word.box)")
        }
        let vintages = layer.words.filter { $0.text == "2024" && $0.fontName == "Cambria" }
        #expect(vintages.count >= 2)
    }

    @Test func zeroWidthSpacesOfAWordProcessorAreRemoved() throws {
        let reading = try reading("nogt/maass_beverage_list.pdf", page: 2)
        #expect(reading.verdict.kind == .usable)
        #expect(reading.textLayer.repairs.invisibleCharacters > 50)
        #expect(!reading.textLayer.text.unicodeScalars.contains { $0.value == 0x200B })
    }

    /// Light print on a dark green page reads; the one word printed green on green ("5,5") is dropped.
    @Test func lightOnDarkListKeepsItsWordsAndDropsTheHiddenOne() throws {
        let reading = try reading("docs/weinkarte-pgm.pdf", page: 1)
        #expect(reading.verdict.kind == .usable)
        #expect(reading.textLayer.repairs.hiddenWords == 1)
        #expect(!reading.textLayer.words.contains { $0.text == "5,5" })
        #expect(reading.textLayer.words.contains { $0.text == "Muskateller" })
    }

    /// Every line is a picture of itself over invisible Calibri text (Word's text effects): OCR reads the picture.
    @Test func picturesOfTextOverInvisibleTextAreCovered() throws {
        let reading = try reading("nogt/clos_wijnkaart.pdf", page: 1)
        #expect(reading.verdict.kind == .coveredText)
        #expect(reading.textLayer.words.contains { $0.text == "Blankenhorn" })
    }

    @Test func pageWithoutTextIsNone() throws {
        #expect(try reading("docs/georgeclub.pdf", page: 18).verdict.kind == .none)
        #expect(try reading("nogt/mellow_a-la-carte-og-vinkort.pdf", page: 1).verdict.kind == .none)
    }

    @Test func boldAndItalicComeFromTheFontNames() throws {
        let layer = try reading("nogt/stappato_wijnkaart.pdf", page: 1).textLayer
        let producer = try #require(layer.words.first { $0.text == "Valpolicella" })
        #expect(producer.isBold && producer.fontName == "Verlag-Bold")
        let grapes = try #require(layer.words.first { $0.text == "Corvinone" })
        #expect(grapes.isItalic && !grapes.isBold)
    }
}
