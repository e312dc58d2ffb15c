import Foundation
import Imaging
import Recognition
import RecognizedText
import Synthesis
import Testing
@testable import Read

@Suite struct LanguageRereadingTests {
    static func installed(_ codes: String...) -> Bool {
        let folder = OCRConfiguration().resolvedDataPath
        return codes.allSatisfy { FileManager.default.fileExists(atPath: "\(folder)/\($0).traineddata") }
    }

    static func page(_ words: [(String, Double)]) -> RecognizedPage {
        let recognized = words.enumerated().map { i, word in
            RecognizedWord(text: word.0, box: PixelRect(x: i * 60, y: 10, width: 50, height: 20), confidence: word.1)
        }
        return RecognizedPage(width: 1000, height: 100, lines: recognized.isEmpty ? [] : [RecognizedLine(words: recognized)])
    }

    @Test func thePagesLanguageComesFirst() {
        #expect(LanguageRereading.languages(adding: "fra", to: "eng") == "fra+eng")
        #expect(LanguageRereading.languages(adding: "fra", to: "fra+eng") == "fra+eng")
    }

    @Test func aSurerReadingWithEveryWordIsKept() {
        let first = Self.page([("Chateau", 80), ("Cotes", 78), ("45", 95)])
        let second = Self.page([("Château", 91), ("Côtes", 90), ("45", 95)])
        #expect(LanguageRereading.compare(second, to: first).better)
    }

    @Test func aLessSureReadingIsNotKept() {
        let first = Self.page([("Chateau", 90), ("Cotes", 90), ("45", 95)])
        let second = Self.page([("Château", 70), ("Côtes", 80), ("45", 95)])
        let comparison = LanguageRereading.compare(second, to: first)
        #expect(!comparison.better)
        #expect(comparison.summary.hasPrefix("not kept: mean confidence 81.7 vs 91.7"))
    }

    @Test func aReadingThatLosesWordsIsNotKept() {
        // Surer, but of fewer words: the price it dropped matters more than the accents.
        let first = Self.page((0..<20).map { ("word\($0)", 80) })
        let second = Self.page((0..<18).map { ("word\($0)", 95) })
        #expect(!LanguageRereading.compare(second, to: first).better)
    }

    /// A list rendered with Pango in the accents French and German print, read as `--lang auto`
    /// reads it: English alone drops the accents, the page's own model beside English reads them.
    @Test(.enabled(if: installed("fra", "deu"), "needs tesseract-ocr-fra and tesseract-ocr-deu (scripts/setup.sh installs them)"),
          arguments: [
            ("fra", ["Château de la Tour, Côtes du Rhône 2019 45", "Domaine des Pères, Mâcon-Villages avec des notes de fruits 38",
                     "Vin de la maison, pour le fromage et les desserts 29", "Crémant de Loire, une bulle fine et des agrumes 52"],
             ["Château", "Côtes", "Rhône", "Mâcon"]),
            ("deu", ["Weißburgunder vom Löss aus der Pfalz 2021 36", "Grüner Veltliner und Müller-Thurgau mit Säure 32",
                     "Spätburgunder im Holzfass, die Reben am Hang 48", "Riesling Spätlese, süß und frisch für den Käse 41"],
             ["Weißburgunder", "Löss", "Grüner", "Spätburgunder"]),
          ])
    func accentedWordsAreReadWithThePagesModel(code: String, lines: [String], accented: [String]) throws {
        let raster = try Self.render(lines)
        let base = try TesseractEngine()
        let first = try base.recognize(raster, ppi: 300, segmentation: .singleBlock)
        let lost = accented.filter { !first.text.contains($0) }
        #expect(!lost.isEmpty, "English alone read every accent: \(first.text)")

        let pool = EnginePool(base: base)
        let outcome = try LanguageRereading().choose(firstReading: first, base: base, pool: pool) { (engine) throws(RecognitionError) in
            try engine.recognize(raster, ppi: 300, segmentation: .singleBlock)
        }
        guard case .reread(let second, let engine, let choice) = outcome else {
            Issue.record("the page was not read again: \(outcome)")
            return
        }
        #expect(choice.languages == "\(code)+eng")
        #expect(engine.configuration.languages == "\(code)+eng")
        #expect(choice.reason.contains("kept"))
        for word in accented { #expect(second.text.contains(word), "\(word) not in \(second.text)") }
    }

    @Test func anEnglishPageIsNotReadAgain() throws {
        let raster = try Self.render(["Our wines by the glass and by the bottle", "Cabernet Sauvignon from the Napa Valley 2018 65",
                                      "Chardonnay of the Sonoma Coast with oak 14", "Please ask for the vintages in the cellar"])
        let base = try TesseractEngine()
        let first = try base.recognize(raster, ppi: 300, segmentation: .singleBlock)
        var readings = 0
        let outcome = try LanguageRereading().choose(firstReading: first, base: base, pool: EnginePool(base: base)) { (engine) throws(RecognitionError) in
            readings += 1
            return try engine.recognize(raster, ppi: 300, segmentation: .singleBlock)
        }
        guard case .kept(let choice, let readAgain, let warning) = outcome else {
            Issue.record("an English page was read again: \(outcome)")
            return
        }
        #expect(choice.languages == "eng")
        #expect(!readAgain && readings == 0 && warning == nil)
    }

    static func render(_ lines: [String]) throws -> Raster {
        let font = FontSpec(family: "DejaVu Serif", sizePt: 12)
        let pieces = lines.enumerated().map { i, line in PlacedText(text: line, font: font, x: 10, baseline: 20 + Double(i) * 9) }
        let document = FlatDocument(kind: .winelist, widthMM: 190, heightMM: 30 + Double(lines.count) * 9, paper: .white, pieces: pieces,
                                    rules: [], lines: lines, entries: [], receipt: nil, layout: "test", parameters: [:])
        return try TextEngine().render(document, dpi: 300)
    }
}
