import Imaging
import StepTrace

/// The end of the depth path: a page the 3-D fit already unwarped, cropped and scaled only needs
/// its tones and its orientation.
extension ImageRectifier {
    /// The steps after geometry for a page the depth path already unwarped, cropped and scaled:
    /// orientation (a photo taken sideways or upside down) and the photometric steps. The scale and
    /// resolution found from the 3-D fit are kept. Returns the clockwise quarter turns applied.
    public func finishFlattened(_ page: FlattenedPage, orientation detector: (any OrientationDetector)? = nil) -> (page: FlattenedPage, quarterTurns: Int) {
        var out = page
        var clock = StepTimer()
        // Photometric first: the normalized page is also what the orientation detector reads, so the
        // full-size page is normalized once. The depth path makes the page upright by where the photo's
        // top was, so a photo taken sideways or upside down is not level in the detector's sense.
        if options.normalizeBackground || options.binarize {
            out.raster = photometric(out.raster, steps: &out.report.steps)
            clock.lap(.photometric, into: &out.report.steps)
        }
        if options.deferLevelOrientation {
            out.report.steps[.orientation] = Self.deferredOrientation
            out.pendingOrientation = .unwarped
            // A photo taken of a list lying upside down or sideways would be read once in vain: a
            // clear call turns it now, and the first reading still checks the page (`UprightEvidence`),
            // so a wrong call costs a second reading, not the page.
            var turns = 0
            if options.unwarpedOrientationCheck {
                let guess = LeptonicaOrientation.quarterTurns(of: out.raster)
                turns = guess?.quarterTurnsClockwise ?? 0
                if turns != 0 {
                    out.raster = out.raster.rotated(quarterTurnsClockwise: turns)
                } else if let guess, guess.confidence >= options.unwarpedUprightTrust {
                    out.pendingOrientation = .unwarpedUpright
                }
                out.report.steps[.orientationCheck] = guess.map {
                    String(format: "%d° by leptonica (confidence %.2f)", turns * 90, $0.confidence)
                        + (turns != 0 ? ": turned before the first reading" : "")
                } ?? "undecided"
                clock.lap(.orientationCheck, into: &out.report.steps)
            }
            return (out, turns)
        }
        let oriented = Self.orient(out.raster, level: false, detector: detector, probe: out.raster, steps: &out.report.steps)
        out.raster = oriented.raster
        clock.lap(.orient, into: &out.report.steps)
        return (out, oriented.quarterTurns)
    }
}
