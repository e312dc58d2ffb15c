import Imaging
@testable import Read
import Recognition
import RecognizedText
import Testing

/// Made-up pages: a list whose rows print a bottle and a glass price, larger first.
@Suite struct PriceOrderTests {
    /// A reader that reads every crop as the same words, counting its calls.
    final class FixedReader: TextRecognizer {
        let engine = RecognitionEngine.tesseract
        let readingKey = "fixed"
        let words: [(String, Double)]
        var calls = 0
        init(_ words: [(String, Double)]) { self.words = words }
        func recognize(_ raster: Raster, ppi: Int?, segmentation: PageSegmentation) throws(RecognitionError) -> RecognizedPage {
            calls += 1
            let read = words.map { RecognizedWord(text: $0.0, box: PixelRect(x: 0, y: 0, width: 10, height: 10), confidence: $0.1) }
            return RecognizedPage(width: raster.width, height: raster.height, lines: [RecognizedLine(words: read)])
        }
    }

    func line(_ texts: [String], row: Int) -> RecognizedLine {
        RecognizedLine(words: texts.enumerated().map { i, text in
            RecognizedWord(text: text, box: PixelRect(x: 20 + 120 * i, y: 10 + 40 * row, width: 100, height: 24), confidence: 99)
        })
    }

    /// Seven wines, bottle price before glass price, one of them read with a digit lost.
    func page(misread: String = "$2/$8") -> RecognizedPage {
        let prices = ["$47/$15", "$35/$11", "$38/$12", misread, "$28/8.50", "$23/$7.50", "$41/$13"]
        let lines = prices.enumerated().map { i, price in line(["Wine", "\(i)", price], row: i) }
        return RecognizedPage(width: 400, height: 300, lines: lines)
    }

    @Test func amountsAreThePricesOfAWord() {
        #expect(PriceOrder.amounts("$26/$8") == [26, 8])
        #expect(PriceOrder.amounts("$28/8.50") == [28, 8.5])
        #expect(PriceOrder.amounts("350,-") == [350])
        #expect(PriceOrder.amounts("£12") == [12])
        #expect(PriceOrder.amounts("2024G") == nil)
        #expect(PriceOrder.amounts("kr/89") == nil)
        #expect(PriceOrder.amounts("Napa") == nil)
    }

    @Test func pairsAreAWordOfTwoPricesOrTheLinesLastTwo() {
        let p = RecognizedPage(width: 400, height: 100, lines: [
            line(["Barolo", "$90/$22"], row: 0), line(["Chablis", "55", "14"], row: 1), line(["Rioja", "2019", "48"], row: 2),
            line(["Sancerre", "62"], row: 3),
        ])
        let pairs = PriceOrder.pairs(p)
        #expect(pairs.map(\.line) == [0, 1, 2])
        #expect(pairs[0].words == [1] && pairs[0].first == 90 && pairs[0].second == 22)
        #expect(pairs[1].words == [1, 2] && pairs[1].first == 55 && pairs[1].second == 14)
    }

    @Test func thePagesOrderNeedsEnoughRowsThatAgree() {
        func pairs(_ values: [(Double, Double)]) -> [PriceOrder.Pair] {
            values.enumerated().map { PriceOrder.Pair(line: $0.offset, words: [0], first: $0.element.0, second: $0.element.1) }
        }
        #expect(PriceOrder.order(of: pairs(Array(repeating: (40, 10), count: 9) + [(2, 8)])) == true)
        #expect(PriceOrder.order(of: pairs(Array(repeating: (10, 40), count: 9) + [(8, 2)])) == false)
        #expect(PriceOrder.order(of: pairs(Array(repeating: (40, 10), count: 5))) == nil, "too few rows")
        #expect(PriceOrder.order(of: pairs(Array(repeating: (40, 10), count: 6) + Array(repeating: (10, 40), count: 3))) == nil)
    }

    @Test func aPairOutOfOrderIsReadAgainAndASureReadingInOrderReplacesIt() {
        var p = page()
        let reader = FixedReader([("$26/$8", 93)])
        let raster = Raster(width: 400, height: 300, channels: 1, fill: 255)
        #expect(PriceOrder.reread(&p, raster: raster, ppi: 300, engine: reader) == 1)
        #expect(p.lines[3].words[2].text == "$26/$8")
        #expect(reader.calls == 2, "only the pair out of order is read again, at two scales")
    }

    @Test func aReadingThatKeepsThePairOutOfOrderOrIsUnsureChangesNothing() {
        let raster = Raster(width: 400, height: 300, channels: 1, fill: 255)
        let readings: [[(String, Double)]] = [[("$2/$8", 97)], [("$26/$8", 60)], [("$26", 95), ("$8", 95)], [("26/8", 95)]]
        for words in readings {
            var p = page()
            #expect(PriceOrder.reread(&p, raster: raster, ppi: 300, engine: FixedReader(words)) == 0, "\(words)")
            #expect(p.lines[3].words[2].text == "$2/$8")
        }
        // A page whose rows keep no order is not read again at all.
        var mixed = page(misread: "$8/$26")
        mixed.lines += [line(["Wine", "x", "$9/$30"], row: 7), line(["Wine", "y", "$7/$25"], row: 8)]
        let reader = FixedReader([("$26/$8", 95)])
        #expect(PriceOrder.reread(&mixed, raster: raster, ppi: 300, engine: reader) == 0)
        #expect(reader.calls == 0)
    }
}
