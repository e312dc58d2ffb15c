@testable import Flattening
import Imaging
import StepTrace
import Testing

/// A page the deskew turned by more than 45° (its columns out-voted its lines) reaches the
/// orientation step sideways; a detector that is unsure of it must be asked again a quarter turn on.
@Suite struct SidewaysOrientationTests {
    /// Answers `sideways` for anything wider than tall (the page as it arrives) and `turned` for
    /// the copy a quarter turn on (taller than wide).
    struct Detector: OrientationDetector {
        var sideways: OrientationGuess
        var turned: OrientationGuess
        func detect(_ page: Raster, expectUpright: Bool) -> OrientationGuess? {
            page.width > page.height ? sideways : turned
        }
    }

    static func guess(_ quarterTurns: Int, _ confidence: Double, confident: Bool = false) -> OrientationGuess {
        OrientationGuess(quarterTurnsClockwise: quarterTurns, confidence: confidence, isConfident: confident, source: "fake")
    }

    /// Unsure about the sideways page; reads the turned copy with a middling vote for a half turn.
    let unsure = Detector(sideways: Self.guess(0, 0.04), turned: Self.guess(2, 3))
    let page = Raster(width: 300, height: 200, channels: 1, pixels: [UInt8](repeating: 255, count: 300 * 200))

    func orient(suspectSideways: Bool, _ detector: Detector) -> (result: (raster: Raster, quarterTurns: Int), steps: StepLog) {
        var steps = StepLog()
        let result = ImageRectifier.orient(page, level: false, suspectSideways: suspectSideways, detector: detector, steps: &steps)
        return (result, steps)
    }

    @Test func aSidewaysSuspectIsCheckedAQuarterTurnOn() {
        let (result, steps) = orient(suspectSideways: true, unsure)
        #expect(result.quarterTurns == 3, "\(steps)")
        #expect(result.raster.width == 200 && result.raster.height == 300)
        #expect(steps[.orientation]?.contains("after a quarter turn: 270°") == true, "\(steps)")
    }

    @Test func anUnsureCallOnALevelPageStands() {
        let (result, steps) = orient(suspectSideways: false, unsure)
        #expect(result.quarterTurns == 0, "\(steps)")
        #expect(result.raster == page)
    }

    @Test func aConfidentCallIsNotSecondGuessed() {
        let (result, steps) = orient(suspectSideways: true, Detector(sideways: Self.guess(2, 9, confident: true),
                                                                     turned: Self.guess(0, 20, confident: true)))
        #expect(result.quarterTurns == 2, "\(steps)")
        #expect(steps[.orientation]?.contains("quarter turn") == false, "\(steps)")
    }

    @Test func anUnreadableTurnedCopyIsNotTaken() {
        let (result, steps) = orient(suspectSideways: true, Detector(sideways: Self.guess(0, 0.04), turned: Self.guess(2, 0.3)))
        #expect(result.quarterTurns == 0, "\(steps)")
    }
}
