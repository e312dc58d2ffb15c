import Flattening
import Imaging
import Recognition
import RecognizedText
import StepTrace

/// The orientation step for pages whose flattening left it to the first reading
/// (`ImageRectifier.Options.deferLevelOrientation`): a reading that comes out well (`UprightEvidence`)
/// settles it for free; a weak one is shown to the detector as it would have been before the
/// reading, and the page is turned when the detector is sure.
public enum OrientationByReading {
    public struct Decision: Sendable, Equatable {
        /// Clockwise quarter turns applied to the page; the caller reads it again when not 0.
        public var quarterTurns: Int
        /// Wall-clock time of the detector, when it was asked.
        public var detectorTime: Duration?
        /// The decision as pages.json records it (`orientation`, and `ms.orient` when the detector ran).
        public var steps: StepLog
    }

    /// nil when the page's orientation was settled before the reading. Otherwise turns the page's
    /// raster when the detector says so and returns the decision.
    public static func settle(_ flat: inout FlattenedPage, firstReading page: RecognizedPage,
                              detector: (any OrientationDetector)?) -> Decision? {
        guard let pending = flat.pendingOrientation else { return nil }
        flat.pendingOrientation = nil
        var steps = StepLog()
        let check = UprightEvidence(page)
        if check.looksUpright {
            steps[.orientation] = "upright by the first reading (\(check.summary))"
            return Decision(quarterTurns: 0, detectorTime: nil, steps: steps)
        }
        if pending == .unwarpedUpright {
            steps[.orientation] = "first reading weak (\(check.summary)): kept upright, as leptonica's call said"
            return Decision(quarterTurns: 0, detectorTime: nil, steps: steps)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let oriented = ImageRectifier.orientAfterReading(flat.raster, pending: pending, detector: detector)
        let took = start.duration(to: clock.now)
        steps[.orientation] = "first reading weak (\(check.summary)): " + oriented.step
        steps.record(.orient, took: took)
        if oriented.quarterTurns != 0 { flat.raster = oriented.raster }
        return Decision(quarterTurns: oriented.quarterTurns, detectorTime: took, steps: steps)
    }
}
