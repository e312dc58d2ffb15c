import Flattening
import Foundation
import Imaging
import Recognition

/// The orientation step for pages whose flattening left it to the first reading
/// (`ImageRectifier.Options.deferLevelOrientation`): a reading that comes out well (`UprightCheck`)
/// settles it for free; a weak one is shown to the detector as it would have been before the
/// reading, and the page is turned when the detector is sure. Shared by the pipeline and the bench
/// commands, so both measure the same path.
public enum ReadFirstOrientation {
    public struct Decision: Sendable, Equatable {
        /// Clockwise quarter turns applied to the page; the caller reads it again when not 0.
        public var quarterTurns: Int
        /// Wall-clock time of the detector, when it was asked.
        public var detectorMS: Double?
    }

    /// nil when the page's orientation was settled before the reading. Otherwise records the
    /// decision in the page's report (`orientation`, `ms.orient`) and turns its raster.
    public static func settle(_ flat: inout FlattenedPage, firstReading page: RecognizedPage, rectifier: ImageRectifier,
                              detector: (any OrientationDetector)?) -> Decision? {
        guard let pending = flat.pendingOrientation else { return nil }
        flat.pendingOrientation = nil
        let check = UprightCheck(page)
        if check.looksUpright {
            flat.report.steps["orientation"] = "upright by the first reading (\(check.summary))"
            return Decision(quarterTurns: 0, detectorMS: nil)
        }
        if pending == .unwarpedUpright {
            flat.report.steps["orientation"] = "first reading weak (\(check.summary)): kept upright, as leptonica's call said"
            return Decision(quarterTurns: 0, detectorMS: nil)
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let oriented = rectifier.orientAfterReading(flat.raster, pending: pending, detector: detector)
        let ms = (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e4).rounded() / 100
        flat.report.steps["orientation"] = "first reading weak (\(check.summary)): " + oriented.step
        flat.report.steps["ms.orient"] = String(format: "%.0f", ms)
        if oriented.quarterTurns != 0 { flat.raster = oriented.raster }
        return Decision(quarterTurns: oriented.quarterTurns, detectorMS: ms)
    }
}
