import DecantTestSupport
import Evaluation
import Flattening
import Foundation
import Imaging
@testable import Read
import Recognition
import RecognizedText
import StepTrace
import Testing

/// Orientation through the worker's Tesseract engines, end to end: a page turned by 90, 180 or
/// 270° is rectified and must then read like the page itself.
@Suite struct OSDOrientationTests {
    static let osdInstalled = FileManager.default.fileExists(atPath: "\(OCRConfiguration().resolvedDataPath)/osd.traineddata")

    static let words = ["invoice", "total", "amount", "wine", "price", "bottle", "vintage", "reserve", "estate",
                        "merlot", "quantity", "description", "subtotal", "payment", "number", "date", "glass",
                        "cellar", "chateau", "domaine", "syrah", "riesling", "champagne", "delivery"]

    /// A page of text in leptonica's built-in bitmap font, with the words it holds.
    static func page() -> (raster: Raster, text: String) {
        let lines = (0..<20).map { i in (0..<4).map { words[(i * 7 + $0 * 5) % words.count] }.joined(separator: " ") }
        let raster = TextImage.page(lines, width: 1000, height: 1300, fontSize: 8, left: 80, firstBaseline: 110, pitch: 55)
        return (raster, lines.joined(separator: "\n"))
    }

    @Test(.enabled(if: OSDOrientationTests.osdInstalled, "needs osd.traineddata (apt-get install tesseract-ocr-osd)"),
          arguments: [0, 1, 2, 3])
    func aTurnedPageReadsUprightAfterRectification(quarterTurns: Int) throws {
        let engine = try TesseractEngine()
        let detector = OSDOrientation(osd: try TesseractOSD(), reader: engine)
        let (page, text) = Self.page()
        let flat = ImageRectifier().rectify(page.rotated(quarterTurnsClockwise: quarterTurns), orientation: detector)
        let read = try engine.recognize(flat.raster, ppi: flat.ppi)
        let f1 = WordBag.f1(truth: text, recognized: read.lines.map(\.text).joined(separator: "\n"))
        #expect(f1 > 0.8, "turned \(quarterTurns * 90)°: word-bag F1 \(f1); steps \(flat.report.steps)")
    }

    @Test(.enabled(if: OSDOrientationTests.osdInstalled, "needs osd.traineddata (apt-get install tesseract-ocr-osd)"))
    func osdReportsTheTurnOfALevelPage() throws {
        let osd = try TesseractOSD()
        let (page, _) = Self.page()
        let upsideDown = try #require(osd.detect(page.rotated(quarterTurnsClockwise: 2)))
        #expect(upsideDown.quarterTurnsClockwise == 2, "\(upsideDown)")
    }
}

/// The pipeline's path: level pages leave their orientation to the first reading, and only a
/// weak reading asks the detector.
@Suite struct OrientationByReadingTests {
    @Test(.enabled(if: OSDOrientationTests.osdInstalled, "needs osd.traineddata (apt-get install tesseract-ocr-osd)"),
          arguments: [0, 2])
    func aLevelPageIsTurnedOnlyWhenItsFirstReadingIsWeak(quarterTurns: Int) throws {
        let engine = try TesseractEngine()
        let detector = OSDOrientation(osd: try TesseractOSD(), reader: engine)
        let (page, text) = OSDOrientationTests.page()
        var options = ImageRectifier.Options()
        options.deferLevelOrientation = true
        let rectifier = ImageRectifier(options: options)
        var flat = rectifier.rectify(page.rotated(quarterTurnsClockwise: quarterTurns), orientation: detector)
        #expect(flat.report.steps[.orientation] == ImageRectifier.deferredOrientation)
        var read = try engine.recognize(flat.raster, ppi: flat.ppi)
        let decision = try #require(OrientationByReading.settle(&flat, firstReading: read, detector: detector))
        if quarterTurns == 0 {
            #expect(decision.detectorTime == nil, "an upright page that reads well needs no detector: \(decision.steps)")
        } else {
            #expect(decision.quarterTurns == 2, "\(decision.steps)")
            read = try engine.recognize(flat.raster, ppi: flat.ppi)
        }
        let f1 = WordBag.f1(truth: text, recognized: read.lines.map(\.text).joined(separator: "\n"))
        #expect(f1 > 0.8, "turned \(quarterTurns * 90)°: word-bag F1 \(f1); steps \(decision.steps)")
    }
}

/// A detector that must not be asked.
private struct RefusingDetector: OrientationDetector {
    func detect(_ page: Raster, expectUpright: Bool) -> OrientationGuess? {
        Issue.record("the detector was asked")
        return nil
    }
}

@Suite struct SurelyUprightUnwarpedPageTests {
    @Test func aWeakReadingOfAPageLeptonicaCalledUprightIsKeptWithoutTheDetector() throws {
        var flat = FlattenedPage(raster: Raster(width: 40, height: 40, channels: 1, pixels: [UInt8](repeating: 255, count: 1600)),
                                 ppi: 300, report: FlattenReport(method: .plane))
        flat.pendingOrientation = .unwarpedUpright
        let weak = UprightCheckTests.page([("Dornumne", 31), ("Vosray", 22), ("Havt", 18)])
        let decision = try #require(OrientationByReading.settle(&flat, firstReading: weak, detector: RefusingDetector()))
        #expect(decision.quarterTurns == 0)
        #expect(decision.detectorTime == nil)
        #expect(flat.pendingOrientation == nil)
        #expect(decision.steps[.orientation]?.contains("kept upright") == true)
    }
}

@Suite struct UprightCheckTests {
    static func page(_ words: [(String, Double)]) -> RecognizedPage {
        let recognized = words.enumerated().map { i, w in
            RecognizedWord(text: w.0, box: PixelRect(x: 70 * i, y: 0, width: 60, height: 14), confidence: w.1)
        }
        return RecognizedPage(width: 1000, height: 100, lines: [
            RecognizedLine(text: words.map(\.0).joined(separator: " "), box: PixelRect(x: 0, y: 0, width: 1000, height: 10),
                           confidence: 80, words: recognized, block: 0, paragraph: 0)])
    }

    @Test func manyConfidentWordsVouchForAnUprightPage() {
        let check = UprightEvidence(Self.page(Array(repeating: ("Merlot", 91.0), count: 12) + Array(repeating: ("xqz", 40.0), count: 10)))
        #expect(check == UprightEvidence(confident: 12, candidates: 22))
        #expect(check.looksUpright)
    }

    @Test func shortWordsAndPunctuationDoNotCount() {
        // Upside-down print reads as short fragments: "a", "1.", "'~" carry no evidence either way.
        let check = UprightEvidence(Self.page(Array(repeating: ("1.", 95.0), count: 30) + Array(repeating: ("a", 95.0), count: 30)))
        #expect(check == UprightEvidence(confident: 0, candidates: 0))
        #expect(!check.looksUpright)
    }

    @Test func aFewConfidentWordsAmongManyWeakOnesAreNotEnough() {
        #expect(!UprightEvidence(confident: 7, candidates: 8).looksUpright)
        #expect(!UprightEvidence(confident: 20, candidates: 100).looksUpright)
        #expect(UprightEvidence(confident: 30, candidates: 100).looksUpright)
        #expect(!UprightEvidence(confident: 0, candidates: 0).looksUpright)
    }
}

extension UprightCheckTests {
    @Test func wordsReadAlongVerticalLinesAreAPageOnItsSide() {
        // Tesseract's automatic layout reads a page lying on its side confidently, word boxes upright.
        let words = (0..<20).map { i in
            RecognizedWord(text: "Merlot", box: PixelRect(x: 10, y: 60 * i, width: 12, height: 50), confidence: 90)
        }
        let page = RecognizedPage(width: 100, height: 1300, lines: [RecognizedLine(words: words)])
        let check = UprightEvidence(page)
        #expect(check == UprightEvidence(confident: 20, candidates: 20, vertical: 20))
        #expect(!check.looksUpright)
    }
}
