import DecantTestSupport
import Imaging
@testable import Read
import Recognition
import RecognizedText
import Testing

@Suite struct UnsureNumbersTests {
    func word(_ text: String, _ confidence: Double, x: Int = 0) -> RecognizedWord {
        RecognizedWord(text: text, box: PixelRect(x: x, y: 10, width: 40, height: 20), confidence: confidence)
    }

    @Test func numbersAreWordsWithADigitAndNoLetter() {
        for text in ["$70", "#412", "16/64", "1%", "’18", "104,00", "2024"] { #expect(UnsureNumbers.isNumber(text), "\(text)") }
        for text in ["Pinot", "2024G", "ler", "—", "$", "123456789"] { #expect(!UnsureNumbers.isNumber(text), "\(text)") }
    }

    @Test func onlyUnsureNumbersAreReadAgain() {
        let line = RecognizedLine(words: [word("Margaux", 40), word("2015", 96, x: 100), word("$70", 58, x: 200), word("19", 80, x: 300)])
        let page = RecognizedPage(width: 400, height: 40, lines: [line])
        let found = UnsureNumbers.candidates(page)
        #expect(found.count == 1)
        #expect(found.first?.word == 2)
    }

    @Test func aSureSingleNumberReplacesTheUnsureOne() {
        let unsure = word("$70", 58)
        #expect(UnsureNumbers.replacement(for: unsure, readings: [[word("$730", 53)], [word("$750", 93)]])?.text == "$750")
        // Not sure enough, not enough surer than the page, more than one word, or not a number.
        #expect(UnsureNumbers.replacement(for: unsure, readings: [[word("$750", 80)]]) == nil)
        #expect(UnsureNumbers.replacement(for: word("$70", 70), readings: [[word("$750", 86)]]) == nil)
        #expect(UnsureNumbers.replacement(for: unsure, readings: [[word("$7", 95), word("50", 95)]]) == nil)
        #expect(UnsureNumbers.replacement(for: unsure, readings: [[word("$7S0", 95)]]) == nil)
        #expect(UnsureNumbers.replacement(for: word("22", 68), readings: [[word("2", 84)], [word("202", 91)]])?.text == "202")
    }

    @Test func aReReadingMustKeepTheSignsAroundTheDigits() {
        #expect(UnsureNumbers.keepsSigns(of: "$70", in: "$750"))
        #expect(UnsureNumbers.keepsSigns(of: "22", in: "202"))
        #expect(!UnsureNumbers.keepsSigns(of: "'19", in: "19"))
        #expect(!UnsureNumbers.keepsSigns(of: "14/56", in: "1456"))
        #expect(UnsureNumbers.replacement(for: word("'19", 50), readings: [[word("19", 95)]]) == nil)
    }

    @Test func theRegionGrowsAroundTheWordWithinThePage() {
        let box = PixelRect(x: 5, y: 100, width: 60, height: 20)
        #expect(UnsureNumbers.region(of: box, width: 80, height: 400) == PixelRect(x: 0, y: 90, width: 80, height: 40))
    }

    @Test func otherWordsInTheCropArePaintedOut() {
        let page = Raster(width: 100, height: 40, channels: 1, fill: 0)
        let region = PixelRect(x: 10, y: 0, width: 80, height: 40)
        let mine = PixelRect(x: 50, y: 10, width: 20, height: 20), neighbour = PixelRect(x: 0, y: 10, width: 30, height: 20)
        let crop = UnsureNumbers.crop(page, region: region, keeping: mine, others: [mine, neighbour])
        #expect(crop.width == 80 && crop.height == 40)
        #expect(crop.pixels[15 * 80 + 5] == 255, "the neighbour's part of the crop is white")
        #expect(crop.pixels[15 * 80 + 45] == 0, "the word itself is kept")
        #expect(crop.pixels[5 * 80 + 5] == 0, "outside every word nothing changes")
    }

    /// The page's reading garbled where a real page's context garbles it (a digit lost at low
    /// confidence): read alone, the price is read as printed, and nothing else changes.
    @Test func aGarbledPriceIsReadAgainAsPrinted() throws {
        let engine = try TesseractEngine()
        let raster = TextImage.render(["Chateau Margaux 2015 $750"])
        let read = try engine.recognize(raster, ppi: 300, segmentation: .singleLine)
        let words = try #require(read.lines.first?.words)
        try #require(words.last?.text == "$750", "the font reads: \(read.text)")
        var garbled = words
        garbled[garbled.count - 1].text = "$70"
        garbled[garbled.count - 1].confidence = 50
        var page = RecognizedPage(width: raster.width, height: raster.height, lines: [RecognizedLine(words: garbled)])
        let changed = UnsureNumbers.reread(&page, raster: raster, ppi: 300, engine: engine)
        #expect(changed == 1)
        #expect(page.lines.first?.text == read.lines.first?.text)
        #expect((page.lines.first?.words.last?.confidence ?? 0) >= UnsureNumbers.sure)
    }
}
