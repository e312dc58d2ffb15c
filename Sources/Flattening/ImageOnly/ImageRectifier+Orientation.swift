import Foundation
import Imaging
import StepTrace

/// Orientation: once the lines are level the text may still be upside down or (when columns
/// out-voted the lines) sideways. Apart from the geometry because the reader may settle it later
/// (`Options.deferLevelOrientation`, `orientAfterReading`).
extension ImageRectifier {
    /// The orientation step's record when the decision is left to the reader; the reader replaces it.
    public static let deferredOrientation = "deferred to the first reading"

    /// The orientation step for a page whose first reading came out weak (`deferLevelOrientation`):
    /// the detector decides as it would have before the reading.
    /// Returns the page, the clockwise quarter turns applied and the step's record.
    public static func orientAfterReading(_ page: Raster, pending: PendingOrientation, detector: (any OrientationDetector)?) -> (raster: Raster, quarterTurns: Int, step: String) {
        var steps = StepLog()
        let oriented = Self.orient(page, level: pending.expectUpright, detector: detector, probe: page, steps: &steps)
        return (oriented.raster, oriented.quarterTurns, steps[.orientation] ?? "undecided")
    }

    /// Turns a page whose lines are level upright (0/90/180/270°) when the detector is confident;
    /// returns the clockwise quarter turns applied.
    /// `probe`: the page as the detector should see it, when the caller has a normalized copy already.
    /// `suspectSideways`: the deskew turned the page by more than 45°, so its columns may have
    /// out-voted its lines; an unsure call is then checked a quarter turn on as well.
    static func orient(_ input: Raster, level: Bool, suspectSideways: Bool = false, detector: (any OrientationDetector)?,
                probe given: Raster? = nil, steps: inout StepLog) -> (raster: Raster, quarterTurns: Int) {
        var gray = input
        let detector: any OrientationDetector = detector ?? LeptonicaOrientation()
        let probe = given ?? Self.detectionCopy(of: gray)
        var guess = detector.detect(probe, expectUpright: level)
        var describe = guess.map { "\($0.quarterTurnsClockwise * 90)° by \($0.source) (confidence \(String(format: "%.2f", $0.confidence)))" }
            ?? "undecided"
        if guess == nil || (suspectSideways && guess?.isConfident != true) {
            // Tesseract's OSD reads nothing when the lines run vertically, so a page whose columns
            // out-voted its lines is only recognized once turned: ask again a quarter turn on.
            let turned = probe.rotated(quarterTurnsClockwise: 1)
            if var second = detector.detect(turned, expectUpright: false) {
                second.quarterTurnsClockwise = (second.quarterTurnsClockwise + 1) % 4
                describe += "; after a quarter turn: \(second.quarterTurnsClockwise * 90)° (confidence \(String(format: "%.2f", second.confidence)))"
                // A detector that could read nothing level but reads the turned copy is itself
                // evidence that the lines run vertically (as is a deskew of more than 45°): accept a
                // weaker call then.
                let readable = (guess == nil || suspectSideways) && second.confidence >= 0.5
                if (second.isConfident || readable) && second.confidence > (guess?.confidence ?? 0) {
                    second.isConfident = true
                    guess = second
                }
            }
        }
        if let guess, guess.isConfident {
            if guess.quarterTurnsClockwise != 0 { gray = gray.rotated(quarterTurnsClockwise: guess.quarterTurnsClockwise) }
            steps[.orientation] = describe + " → turned \(guess.quarterTurnsClockwise * 90)° clockwise"
        } else {
            steps[.orientation] = describe + " → not turned (too little confidence)"
        }
        return (gray, guess.flatMap { $0.isConfident ? $0.quarterTurnsClockwise : nil } ?? 0)
    }

    /// A background-normalized copy for the orientation detector (shadows across the page
    /// otherwise defeat its global threshold), at full resolution so it can read the print.
    static func detectionCopy(of gray: Raster) -> Raster {
        guard let normalized = Pix(gray).backgroundNormalized() else { return gray }
        normalized.mapTones(gamma: 1.0, black: 60, white: 190)
        return normalized.raster()
    }
}
