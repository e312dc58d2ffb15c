import Documents
import Imaging
import StepTrace

/// Chooses and applies the flattening for a photo: with a usable depth map, the depth path
/// (`DepthFlattener`: 3-D fit, isometric unwarp); otherwise image-only rectification
/// (`ImageRectifier`), recording why the depth was not used.
public struct Flattener: Sendable {
    public var rectifier: ImageRectifier
    public var depth: DepthFlattener

    public init(rectifier: ImageRectifier = ImageRectifier(), depth: DepthFlattener = DepthFlattener()) {
        self.rectifier = rectifier
        self.depth = depth
    }

    /// `orientation` decides 0/90/180/270° turns; the pipeline passes its worker's Tesseract OSD.
    public func flatten(_ input: PagePhoto, orientation: (any OrientationDetector)? = nil) -> FlattenedPage {
        flattenWithDetails(input, orientation: orientation).page
    }

    /// `flatten`, plus the depth path's map and the turns applied after it, so a benchmark can follow
    /// known points of the photo into the page the OCR reads.
    public func flattenWithDetails(_ input: PagePhoto, orientation: (any OrientationDetector)? = nil) -> FlattenOutcome {
        var fallbackReason = input.depthProblem
        var measured: DepthFlattener.Unusable?
        if input.depth != nil {
            let cpu = ThreadCPUClock()
            let start = cpu.now
            switch depth.flatten(input) {
            case .success(let flattening):
                let unwarped = cpu.now
                // The unwarped page still needs its text upright and its shadows evened out.
                let finished = rectifier.finishFlattened(flattening.page, orientation: orientation)
                var outcome = FlattenOutcome(page: finish(finished.page, input), depth: flattening, quarterTurns: finished.quarterTurns)
                outcome.unwarpCPU = start.duration(to: unwarped)
                outcome.finishCPU = unwarped.duration(to: cpu.now)
                outcome.page.report.steps.record(.unwarp, took: start.duration(to: unwarped), on: .threadCPU)
                outcome.page.report.steps.record(.orientAndPhotometric, took: outcome.finishCPU ?? .zero, on: .threadCPU)
                return outcome
            case .failure(let unusable):
                fallbackReason = unusable.reason
                measured = unusable
            }
        }
        var page = rectifier.rectify(input.image.raster, orientation: orientation)
        if let fallbackReason {
            page.report.method = .fallback
            page.report.reason = "depth not used: \(fallbackReason)"
        }
        // What the depth path measured before giving up stays in the report, so the reason can be checked.
        if let measured {
            page.report.steps.keep(measured.steps, as: .depthAttempt)
            page.report.assumptions += measured.assumptions
        }
        return FlattenOutcome(page: finish(page, input), depth: nil, quarterTurns: 0)
    }

    private func finish(_ flattened: FlattenedPage, _ input: PagePhoto) -> FlattenedPage {
        var page = flattened
        if !input.sidecarProblems.isEmpty {
            let problems = input.sidecarProblems.joined(separator: "; ")
            page.report.reason = page.report.reason.map { "\($0); \(problems)" } ?? problems
        }
        if page.ppi == nil { page.ppi = input.image.declaredPPI }
        return page
    }
}
