import Imaging
import Testing

@Suite struct BitmapFontTests {
    @Test func onlyLeptonicasSizesExist() {
        #expect(BitmapFont(size: 10) != nil)
        #expect(BitmapFont(size: 20) != nil)
        #expect(BitmapFont(size: 5) == nil)
        #expect(BitmapFont(size: 22) == nil)
    }

    @Test func textIsDrawnInBlackOnItsLineOnly() throws {
        let font = try #require(BitmapFont(size: 10))
        let page = Raster(width: 400, height: 200, channels: 1, fill: 255)
        let drawn = font.drawing([BitmapFont.Line("Chablis 2019 Tegy", x: 40, baseline: 100)], on: page)
        #expect((drawn.width, drawn.height, drawn.channels) == (400, 200, 1))
        var inkRows = Set<Int>(), inkColumns = Set<Int>()
        for y in 0..<drawn.height {
            for x in 0..<drawn.width where drawn[x, y] != 255 {
                #expect(drawn[x, y] == 0, "only black ink at (\(x), \(y))")
                inkRows.insert(y); inkColumns.insert(x)
            }
        }
        let top = try #require(inkRows.min()), bottom = try #require(inkRows.max())
        #expect(top > 60 && top < 100, "letters stand on the baseline, top row \(top)")
        #expect(bottom > 100 && bottom < 120, "descenders only just below it, bottom row \(bottom)")
        #expect((inkColumns.min() ?? 0) >= 40)
        #expect(drawn != page)
    }

    @Test func textPastTheEdgeIsCutNotAnError() throws {
        let font = try #require(BitmapFont(size: 20))
        let page = Raster(width: 60, height: 40, channels: 1, fill: 255)
        let drawn = font.drawing([BitmapFont.Line("Gewurztraminer Vendange Tardive", x: 5, baseline: 30)], on: page)
        #expect((drawn.width, drawn.height) == (60, 40))
        #expect(drawn.pixels.contains(0))
    }
}
