import Imaging
import Testing

/// The leptonica operations other modules reach through `Pix`, each on a small made-up image
/// whose answer is known from its construction.
@Suite struct PixOperationsTests {
    /// White paper with dark rectangles drawn on it.
    static func page(width: Int, height: Int, paper: UInt8 = 255, ink: UInt8 = 0, boxes: [PixelRect]) -> Raster {
        var raster = Raster(width: width, height: height, channels: 1, fill: paper)
        for box in boxes {
            for y in box.y..<box.maxY { for x in box.x..<box.maxX { raster[x, y] = ink } }
        }
        return raster
    }

    @Test func scalingChangesTheSizeByTheFactor() throws {
        let pix = Pix(Raster(width: 120, height: 60, channels: 1, fill: 128))
        let half = try #require(pix.scaled(by: 0.5))
        #expect((half.width, half.height) == (60, 30))
        let double = try #require(pix.scaled(by: 2))
        #expect((double.width, double.height) == (240, 120))
        // Area averaging keeps a uniform gray what it was.
        #expect(half.raster().pixels.allSatisfy { $0 == 128 })
    }

    @Test func thresholdingMakesDarkerPixelsInk() throws {
        var raster = Raster(width: 8, height: 2, channels: 1, fill: 200)
        for x in 0..<4 { raster[x, 0] = 149; raster[x, 1] = 149 }
        raster[7, 1] = 150   // at the threshold: not darker, so paper
        let binary = try #require(Pix(raster).thresholded(below: 150))
        #expect(binary.depth == 1)
        // A 1-bpp image reads back as black ink on white.
        let back = binary.raster()
        for y in 0..<2 { for x in 0..<8 { #expect(back[x, y] == (x < 4 ? 0 : 255), "(\(x), \(y))") } }
    }

    @Test func componentsAreTheBoxesOfTheInk() throws {
        let boxes = [PixelRect(x: 3, y: 4, width: 5, height: 2), PixelRect(x: 20, y: 2, width: 1, height: 9),
                     PixelRect(x: 12, y: 14, width: 7, height: 4)]
        let binary = try #require(Pix(Self.page(width: 32, height: 24, boxes: boxes)).thresholded(below: 128))
        let found = binary.connectedComponents().sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        #expect(found == boxes.sorted { ($0.x, $0.y) < ($1.x, $1.y) })
    }

    @Test func diagonalNeighboursJoinOnlyWithEightConnectivity() throws {
        let binary = try #require(Pix(Self.page(width: 10, height: 10, boxes: [PixelRect(x: 2, y: 2, width: 1, height: 1),
                                                                                   PixelRect(x: 3, y: 3, width: 1, height: 1)]))
                                    .thresholded(below: 128))
        #expect(binary.connectedComponents().count == 1)
        #expect(binary.connectedComponents(connectivity: 4).count == 2)
    }

    @Test func closingJoinsDotsAGapApart() throws {
        // A dotted stroke: 1-pixel dots with 1-pixel gaps.
        let dots = (0..<6).map { PixelRect(x: 4 + 2 * $0, y: 8, width: 1, height: 1) }
        let binary = try #require(Pix(Self.page(width: 24, height: 16, boxes: dots)).thresholded(below: 128))
        #expect(binary.connectedComponents(connectivity: 4).count == 6)
        let closed = try #require(binary.closed(brickWidth: 3, brickHeight: 3))
        #expect(closed.connectedComponents(connectivity: 4).count == 1)
        #expect((closed.width, closed.height) == (24, 16))
    }

    @Test func rankReductionHalvesPerLevelAndAnyInkSurvivesAtRankOne() throws {
        let binary = try #require(Pix(Self.page(width: 64, height: 32, boxes: [PixelRect(x: 37, y: 9, width: 1, height: 1)]))
                                    .thresholded(below: 128))
        let anyInk = try #require(binary.rankReduced([1, 1]))
        #expect((anyInk.width, anyInk.height) == (16, 8))
        #expect(anyInk.connectedComponents() == [PixelRect(x: 37 / 4, y: 9 / 4, width: 1, height: 1)])
        // At rank 4 all four pixels must be ink: a lone pixel vanishes.
        let allInk = try #require(binary.rankReduced([4]))
        #expect((allInk.width, allInk.height) == (32, 16))
        #expect(allInk.connectedComponents().isEmpty)
        #expect(binary.rankReduced([]) == nil)
        #expect(binary.rankReduced([1, 1, 1, 1, 1]) == nil)
    }

    @Test func rankValueIsTheLevelBelowWhichThatShareLies() {
        // A tenth of the pixels at 30 (ink), the rest at 220 (paper).
        let ink = Self.page(width: 100, height: 100, paper: 220, ink: 30, boxes: [PixelRect(x: 0, y: 0, width: 100, height: 10)])
        let pix = Pix(ink)
        #expect(pix.rankValue(0.02) == 30)
        #expect(pix.rankValue(0.5) == 220)
    }

    @Test func backgroundNormalizationEvensOutTheLight() throws {
        // Paper lit from the left: 230 at the left edge falling to 110 at the right; a dark stroke
        // every 40 columns.
        let w = 600, h = 400
        var raster = Raster(width: w, height: h, channels: 1, fill: 0)
        for y in 0..<h {
            for x in 0..<w {
                let paper = 230 - 120 * x / (w - 1)
                raster[x, y] = x % 40 < 3 && y % 100 > 20 ? UInt8(paper / 4) : UInt8(paper)
            }
        }
        let normalized = try #require(Pix(raster).backgroundNormalized()).raster()
        let left = Int(normalized[20, 50]), right = Int(normalized[w - 20, 50])
        #expect(abs(left - 200) <= 15 && abs(right - 200) <= 15, "paper left \(left), right \(right)")
        #expect(Int(normalized[w - 40, 50]) < right - 80, "the stroke stays dark")
    }

    @Test func everyNormalizationMethodBringsThePaperToTheTarget() throws {
        // Paper in a deep shadow (90, below leptonica's default foreground threshold of 100) with
        // thin dark rules (8, below the threshold given).
        var raster = Raster(width: 300, height: 300, channels: 1, fill: 90)
        for y in stride(from: 20, to: 280, by: 30) { for x in 20..<280 { raster[x, y] = 8; raster[x, y + 1] = 8 } }
        let pix = Pix(raster)
        let tiles = try #require(pix.backgroundNormalized(tileWidth: 10, tileHeight: 15, foregroundThreshold: 12, minimumCount: 40,
                                                          target: 200, smoothingX: 2, smoothingY: 1)).raster()
        let closing = try #require(pix.backgroundNormalizedByClosing(reduction: 4, brickSize: 11, target: 200)).raster()
        for (name, out) in [("tiles", tiles), ("closing", closing)] {
            #expect(abs(Int(out[150, 35]) - 200) <= 15, "\(name): paper at \(out[150, 35])")
            #expect(out[150, 50] < out[150, 35], "\(name): ink stays darker than paper")
        }
    }

    @Test func toneMappingClipsAtItsEndsAndIsLinearAtGammaOne() {
        let raster = Raster(width: 5, height: 1, channels: 1, pixels: [10, 60, 125, 190, 250])
        let pix = Pix(raster)
        pix.mapTones(gamma: 1, black: 60, white: 190)
        let out = pix.raster().pixels
        #expect(out[0] == 0 && out[1] == 0)
        #expect(out[3] == 255 && out[4] == 255)
        #expect(abs(Int(out[2]) - 128) <= 1, "midpoint \(out[2])")
    }

    @Test func operationsThatNeedABinaryImageRefuseGray() {
        let gray = Pix(Raster(width: 50, height: 50, channels: 1, fill: 128))
        #expect(gray.upDownConfidence() == nil)
        #expect(gray.orientationConfidences() == nil)
        #expect(gray.rankReduced([1]) == nil)
    }
}
