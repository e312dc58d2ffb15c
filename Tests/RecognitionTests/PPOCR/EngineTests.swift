import DecantTestSupport
import Foundation
import Imaging
import Recognition
import Testing
@testable import Recognition

/// The engine with the real models; skipped with a message when scripts/setup/ppocr.sh has not run.
@Suite(.enabled(if: PPOCRModels.installed() != nil, "needs PP-OCR: run scripts/setup/ppocr.sh"))
struct EngineTests {
    static func engine() throws -> PPOCREngine {
        try PPOCREngine(models: #require(PPOCRModels.installed()))
    }

    /// Leptonica's bitmap font at about 30 px a line, lines well apart.
    static func render(_ lines: [String], width: Int) -> Raster {
        TextImage.render(lines, fontSize: 10, width: width, lineSpacing: 60)
    }

    @Test func printedLinesAreReadInOrderWithWordBoxesAndConfidences() throws {
        let page = Self.render(["TOTAL 18.20", "CASH 9.00"], width: 500)
        let read = try Self.engine().recognize(page)
        #expect(read.lines.map(\.text) == ["TOTAL 18.20", "CASH 9.00"])
        for word in read.lines.flatMap(\.words) {
            #expect(word.confidence > 50 && word.confidence <= 100)
            #expect(word.box.x >= 0 && word.box.maxX <= page.width + 1 && word.box.width > 0)
        }
        // Words in a line stand left to right.
        let total = read.lines.first?.words
        #expect(total.map { $0.count == 2 && $0[0].box.maxX <= $0[1].box.x + 2 } == true)
    }

    /// A character list that does not belong to the recognizer raises no error: every class still
    /// decodes to some character, and a list shifted by one reads "UPUBM" for "TOTAL". So the engine
    /// reads text that spans the classes a list is read by (capitals, small letters, digits,
    /// punctuation, currency signs) and must give it back letter for letter.
    @Test func knownTextIsReadLetterForLetter() throws {
        let engine = try Self.engine()
        let lines = ["ABCDEFGHIJKLM NOPQRSTUVWXYZ", "abcdefghijklm nopqrstuvwxyz", "0123456789 $12.50 (3/4) 45%"]
        let read = try engine.recognize(Self.render(lines, width: 900))
        #expect(read.lines.map(\.text) == lines)
    }

    @Test func aCharacterListNotTheRecognizersReadsGarbageThatTheKnownTextCatches() throws {
        // The decoder with the model's list shifted by one class: what a wrong list would give.
        let engine = try Self.engine()
        let shifted = Array(engine.dictionary.characters.dropFirst()) + [" "]
        let reading = try engine.readLine(Self.render(["TOTAL 18.20"], width: 400), quad: LineQuad([
            Point2(x: 0, y: 0), Point2(x: 400, y: 0), Point2(x: 400, y: 60), Point2(x: 0, y: 60)]))
        let right = reading.text
        let wrong = try reading.characters.map { character in
            shifted[try #require(engine.dictionary.characters.firstIndex(of: character.text))]
        }.joined()
        #expect(right.contains("TOTAL 18.20"))
        #expect(!wrong.contains("TOTAL"))
    }

    /// SROIE receipt 000 prints "25/12/2018 8:13:39 PM" with narrow spaces, which PP-OCR reads as one word.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: SharedData.sroieReceipt000), "needs ../shared/data/sroie"))
    func aReceiptsDateTimeAndMeridiemAreSeparateWords() throws {
        let image = try ImageLoader.load(path: SharedData.sroieReceipt000)
        let read = try Self.engine().recognize(image.raster)
        let words = read.lines.flatMap(\.words).map(\.text)
        #expect(words.contains("25/12/2018"))
        #expect(words.contains("8:13:39"))
        #expect(words.contains("PM"))
    }

    @Test func aPageTurnedUpsideDownIsReadUpright() throws {
        let page = Self.render(["INVOICE NUMBER 4083", "Subtotal 18.20"], width: 700)
        let read = try Self.engine().recognize(page.rotated(quarterTurnsClockwise: 2))
        #expect(read.text.contains("INVOICE"))
        #expect(read.text.contains("18.20"))
    }

    @Test func aPageTurnedAQuarterIsReadWithBoxesOnTheUprightPage() throws {
        let page = Self.render(["INVOICE NUMBER 4083", "Subtotal 18.20"], width: 700)
        for turns in [1, 3] {
            let read = try Self.engine().recognizeUpright(page.rotated(quarterTurnsClockwise: turns))
            #expect((read.quarterTurnsClockwise + turns) % 4 == 0)
            #expect(read.page.width == page.width && read.page.height == page.height)
            #expect(read.page.lines.map(\.text) == ["INVOICE NUMBER 4083", "Subtotal 18.20"])
            // The boxes stand where the text is on the upright page: wide lines, the first above the second.
            let boxes = read.page.lines.map(\.box)
            #expect(boxes.allSatisfy { $0.width > 3 * $0.height })
            #expect(boxes.count == 2 && boxes[0].maxY <= boxes[1].y + 2)
        }
    }

    @Test func aRegionIsReadAsOneLineWithoutDetection() throws {
        let line = Self.render(["45.00"], width: 160)
        let read = try Self.engine().recognize(line, ppi: nil, segmentation: .singleLine)
        #expect(read.lines.count == 1)
        #expect(read.lines.first?.text == "45.00")
    }

    @Test func pagesOfDifferentSizesReadTheSameWhateverCameBefore() throws {
        // A runtime that planned memory for the first size must not misread the next.
        let engine = try Self.engine()
        let a = Self.render(["Chablis 2019 45.00"], width: 600)
        let b = Self.render(["Barolo", "Rioja Reserva 2015"], width: 900)
        let first = try engine.recognize(a)
        _ = try engine.recognize(b)
        #expect(try engine.recognize(a) == first)
        #expect(!first.lines.isEmpty)
    }

    @Test func aBlankPageHasNoLinesAndATinyOneIsAnError() throws {
        let engine = try Self.engine()
        #expect(try engine.recognize(Raster(width: 300, height: 200, channels: 3, fill: 255)).lines.isEmpty)
        #expect(throws: PPOCRError.self) { try engine.recognize(Raster(width: 4, height: 4)) }
    }
}

/// ../shared beside the repository root, else /work/shared.
enum SharedData {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let beside = url.deletingLastPathComponent().appendingPathComponent("shared").path
        return FileManager.default.fileExists(atPath: beside) ? beside : "/work/shared"
    }()
    static var sroieReceipt000: String { "\(root)/data/sroie/img/000.jpg" }
}

/// The detection size follows the print: a large page of small print is read, not lost.
@Suite(.enabled(if: PPOCRModels.installed() != nil, "needs PP-OCR: run scripts/setup/ppocr.sh"))
struct PrintSizedDetectionTests {
    @Test func smallPrintOnALargePageIsRead() throws {
        // Lines about 11 px tall on a 7200 px page: at 960 px they would be under 2 px.
        let text = TextImage.render(["TOTAL 18.20 CASH 9.00", "INVOICE NUMBER 4083"], fontSize: 4, width: 400, lineSpacing: 24)
        var page = Raster(width: 7200, height: 5400, channels: 1, fill: 255)
        for y in 0..<text.height { for x in 0..<text.width { page.pixels[(3000 + y) * page.width + 3000 + x] = text.pixels[y * text.width + x] } }
        // Enough other print for its size to be measured: the same lines again across the page.
        for k in 0..<12 {
            let (ox, oy) = (300 + (k % 3) * 2200, 400 + (k / 3) * 1200)
            for y in 0..<text.height { for x in 0..<text.width { page.pixels[(oy + y) * page.width + ox + x] = text.pixels[y * text.width + x] } }
        }
        let blob = try #require(PrintSize.blobHeight(of: page))
        #expect(blob >= 5 && blob <= 14)
        let engine = try PPOCREngine(models: #require(PPOCRModels.installed()))
        let read = try engine.recognize(page)
        #expect(read.text.contains("INVOICE NUMBER 4083"))
        #expect(engine.lastDetection.width > 960)
        // Turned off, the page is detected at 960 px and its print is lost.
        var options = PPOCROptions()
        options.detectionBlobHeight = 0
        let small = try PPOCREngine(models: #require(PPOCRModels.installed()), options: options)
        #expect(!(try small.recognize(page)).text.contains("INVOICE NUMBER 4083"))
    }
}
