import Imaging
import Testing

@Suite struct DewarpModelTests {
    @Test func aModelNeedsABinaryPage() {
        let gray = Pix(Raster(width: 200, height: 200, channels: 1, fill: 255))
        #expect(DewarpModel(binary: gray, limits: DewarpLimits()) == nil)
    }

    @Test func tooFewLinesBuildNoModelAndNothingIsApplied() throws {
        let font = try #require(BitmapFont(size: 10))
        let lines = (0..<3).map { BitmapFont.Line("vintage reserve estate merlot cellar glass", x: 60, baseline: 120 + 60 * $0) }
        let page = font.drawing(lines, on: Raster(width: 900, height: 600, channels: 1, fill: 255))
        let binary = try #require(Pix(page).thresholded(below: 128))
        var limits = DewarpLimits()
        limits.minLines = 8
        let model = try #require(DewarpModel(binary: binary, limits: limits))
        #expect(!model.vertical && !model.horizontal)
        #expect(model.lineCount < 8, "\(model.lineCount) lines")
        #expect(model.apply(to: Pix(page)) == nil)
    }
}
