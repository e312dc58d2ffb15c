import DecantTestSupport
import Foundation
import Testing
@testable import Recognition
import Imaging

@Suite struct TesseractEngineTests {
    @Test func readsRenderedLinesWithBoxesAndConfidences() throws {
        let engine = try TesseractEngine()
        let raster = TextImage.render(["Chateau Margaux 2015 450", "Penfolds Grange 2010 900"])
        let page = try engine.recognize(raster, ppi: 300, segmentation: .singleBlock)
        #expect(page.lines.count == 2)
        let text = page.text
        #expect(text.contains("Margaux 2015 450"))
        #expect(text.contains("Grange 2010 900"))
        let first = try #require(page.lines.first)
        #expect(first.words.count == 4)
        #expect(first.box.y < page.lines[1].box.y)
        for word in first.words {
            #expect(word.confidence > 50 && word.confidence <= 100)
            #expect(word.box.width > 0 && word.box.height > 0)
            #expect(first.box.x <= word.box.x && word.box.maxX <= first.box.maxX)
        }
    }

    @Test func oneEngineServesManyImages() throws {
        let engine = try TesseractEngine()
        for n in 0..<3 {
            let page = try engine.recognize(TextImage.render(["Vintage \(2010 + n)"]), ppi: 300, segmentation: .singleBlock)
            #expect(page.text.contains("\(2010 + n)"))
        }
    }

    @Test func blankPageHasNoLines() throws {
        let page = try TesseractEngine().recognize(Raster(width: 400, height: 300), ppi: 300)
        #expect(page.lines.isEmpty)
        #expect(page.meanConfidence == nil)
    }

    @Test func missingLanguageNamesTheDebianPackage() throws {
        let error = try #require(throws: RecognitionError.self) {
            try TesseractEngine(configuration: OCRConfiguration(languages: "eng+zzz_test"))
        }
        #expect(error.kind == .missingLanguage)
        #expect(error.message.contains("zzz_test.traineddata"))
        #expect(error.message.contains("apt-get install tesseract-ocr-zzz-test"))
    }

    @Test func anUnknownVariableIsAnErrorNamingIt() throws {
        var config = OCRConfiguration()
        config.variables["tessedit_do_invertt"] = "1"
        let error = try #require(throws: RecognitionError.self) { try TesseractEngine(configuration: config) }
        #expect(error.kind == .initFailed)
        #expect(error.message.contains("tessedit_do_invertt"))
    }

    @Test func debianPackageNames() {
        #expect(OCRConfiguration.debianPackage(for: "fra") == "tesseract-ocr-fra")
        #expect(OCRConfiguration.debianPackage(for: "chi_sim") == "tesseract-ocr-chi-sim")
        // Script models: capitalized names, packaged by ISO 15924 code (not tesseract-ocr-latin).
        #expect(OCRConfiguration.debianPackage(for: "Latin") == "tesseract-ocr-script-latn")
        #expect(OCRConfiguration.debianPackage(for: "script/Cyrillic") == "tesseract-ocr-script-cyrl")
        #expect(OCRConfiguration.debianPackage(for: "HanS_vert") == "tesseract-ocr-script-hans-vert")
        #expect(OCRConfiguration.debianPackage(for: "Canadian_Aboriginal") == "tesseract-ocr-script-cans")
        // The language Latin (lat) is a different package from the script.
        #expect(OCRConfiguration.debianPackage(for: "lat") == "tesseract-ocr-lat")
    }

    @Test func emptyLanguageListIsRejected() {
        #expect(throws: RecognitionError.self) { try OCRConfiguration(languages: "+").validate() }
    }
}
