@testable import Flattening
import Imaging
import Testing

/// A page the deskew turned by more than 45° (its columns out-voted its lines) reaches the
/// orientation step sideways; a detector that is unsure of it must be asked again a quarter turn on.
@Suite struct SidewaysOrientationTests {
    /// Unsure about anything wider than tall (the sideways page); reads the turned copy (taller
    /// than wide) with a middling vote for a half turn.
    struct Detector: OrientationDetector {
        func detect(_ page: Raster, expectUpright: Bool) -> OrientationGuess? {
            page.width > page.height
                ? OrientationGuess(quarterTurnsClockwise: 0, confidence: 0.04, isConfident: false, source: "fake")
                : OrientationGuess(quarterTurnsClockwise: 2, confidence: 3, isConfident: false, source: "fake")
        }
    }

    let page = Raster(width: 300, height: 200, channels: 1, pixels: [UInt8](repeating: 255, count: 300 * 200))

    @Test func aSidewaysSuspectIsCheckedAQuarterTurnOn() {
        var steps: [String: String] = [:]
        let result = ImageRectifier().orient(page, level: false, suspectSideways: true, detector: Detector(), steps: &steps)
        #expect(result.quarterTurns == 3, "\(steps)")
        #expect(result.raster.width == 200 && result.raster.height == 300)
        #expect(steps["orientation"]?.contains("after a quarter turn: 270°") == true, "\(steps)")
    }

    @Test func anUnsureCallOnALevelPageStands() {
        var steps: [String: String] = [:]
        let result = ImageRectifier().orient(page, level: false, suspectSideways: false, detector: Detector(), steps: &steps)
        #expect(result.quarterTurns == 0, "\(steps)")
        #expect(result.raster == page)
    }

    @Test func aConfidentCallIsNotSecondGuessed() {
        struct Sure: OrientationDetector {
            func detect(_ page: Raster, expectUpright: Bool) -> OrientationGuess? {
                page.width > page.height ? OrientationGuess(quarterTurnsClockwise: 2, confidence: 9, isConfident: true, source: "fake")
                    : OrientationGuess(quarterTurnsClockwise: 0, confidence: 20, isConfident: true, source: "fake")
            }
        }
        var steps: [String: String] = [:]
        let result = ImageRectifier().orient(page, level: false, suspectSideways: true, detector: Sure(), steps: &steps)
        #expect(result.quarterTurns == 2, "\(steps)")
        #expect(steps["orientation"]?.contains("quarter turn") == false, "\(steps)")
    }

    @Test func anUnreadableTurnedCopyIsNotTaken() {
        struct Faint: OrientationDetector {
            func detect(_ page: Raster, expectUpright: Bool) -> OrientationGuess? {
                page.width > page.height ? OrientationGuess(quarterTurnsClockwise: 0, confidence: 0.04, isConfident: false, source: "fake")
                    : OrientationGuess(quarterTurnsClockwise: 2, confidence: 0.3, isConfident: false, source: "fake")
            }
        }
        var steps: [String: String] = [:]
        let result = ImageRectifier().orient(page, level: false, suspectSideways: true, detector: Faint(), steps: &steps)
        #expect(result.quarterTurns == 0, "\(steps)")
    }
}
