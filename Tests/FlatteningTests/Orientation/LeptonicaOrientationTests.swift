import Imaging
import StepTrace
import Testing
@testable import Flattening

@Suite struct LeptonicaOrientationTests {
    static let page = SyntheticPage.text(fontSize: 10, lines: 30)

    @Test func theQuickCallFindsEachTurnOfAPageOfText() throws {
        for turn in 0..<4 {
            let turned = turn == 0 ? Self.page : Self.page.rotated(quarterTurnsClockwise: turn)
            let guess = try #require(LeptonicaOrientation.quarterTurns(of: turned, reduction: 1), "turn \(turn): undecided")
            #expect(guess.quarterTurnsClockwise == (4 - turn) % 4, "turned \(turn) quarter(s)")
        }
    }

    @Test func aPageWithoutTextGetsNoCall() {
        let blank = Raster(width: 800, height: 1000, channels: 1, pixels: [UInt8](repeating: 235, count: 800 * 1000))
        #expect(LeptonicaOrientation.quarterTurns(of: blank) == nil)
    }

    @Test func theStrongerAxisDecidesOnlyWhenItDominates() {
        func turns(_ up: Double, _ left: Double) -> Int? {
            LeptonicaOrientation.decision(up: up, left: left, minimumConfidence: 5, minimumRatio: 2)?.quarterTurnsClockwise
        }
        #expect(turns(9, 1) == 0)
        #expect(turns(-9, 1) == 2)
        #expect(turns(1, 9) == 1)
        #expect(turns(-1, -9) == 3)
        #expect(turns(4, 0.5) == nil)     // too weak
        #expect(turns(9, -6) == nil)      // neither axis dominates
        #expect(turns(0, 9) == nil)       // too few counts upright: leptonica says 0
    }

    @Test func anUpsideDownUnwarpedPageIsTurnedBeforeItsFirstReading() {
        var options = ImageRectifier.Options()
        options.deferLevelOrientation = true
        let rectifier = ImageRectifier(options: options)
        // At the size the depth path unwarps a list to (the call looks at half of it).
        let large = SyntheticPage.text(width: 2000, height: 2600, fontSize: 20, lines: 30)
        let upsideDown = FlattenedPage(raster: large.rotated(quarterTurnsClockwise: 2), ppi: 300, report: FlattenReport(method: .plane))
        let finished = rectifier.finishFlattened(upsideDown)
        #expect(finished.quarterTurns == 2, "\(finished.page.report.steps[.orientationCheck] ?? "")")
        // The reading still checks it.
        #expect(finished.page.pendingOrientation == .unwarped)
        #expect(finished.page.report.steps[.orientationCheck]?.contains("turned before the first reading") == true)

        // Upright as it stands and called so surely: a weak reading will not ask the detector.
        let upright = rectifier.finishFlattened(FlattenedPage(raster: large, ppi: 300, report: FlattenReport(method: .plane)))
        #expect(upright.quarterTurns == 0)
        #expect(upright.page.pendingOrientation == .unwarpedUpright, "\(upright.page.report.steps[.orientationCheck] ?? "")")

        options.unwarpedOrientationCheck = false
        let unchecked = ImageRectifier(options: options).finishFlattened(upsideDown)
        #expect(unchecked.quarterTurns == 0)
        #expect(unchecked.page.report.steps[.orientationCheck] == nil)
    }
}
