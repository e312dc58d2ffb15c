import Imaging

/// What the flattening stage is given for one photo.
public struct FlattenInput: Sendable {
    public var image: LoadedImage
    public var depth: DepthMap?
    public var camera: CameraIntrinsics?
    /// Problems with the sidecars that made them unusable (recorded, and the image goes on).
    public var sidecarProblems: [String]
    /// Why a depth sidecar that exists could not be used (unreadable, 8-bit, wrong size): the page
    /// then falls back to image-only rectification, and says so.
    public var depthProblem: String?

    public init(image: LoadedImage, depth: DepthMap? = nil, camera: CameraIntrinsics? = nil, sidecarProblems: [String] = [],
                depthProblem: String? = nil) {
        self.image = image
        self.depth = depth
        self.camera = camera
        self.sidecarProblems = sidecarProblems
        self.depthProblem = depthProblem
    }
}

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
    public func flatten(_ input: FlattenInput, orientation: (any OrientationDetector)? = nil) -> FlattenedPage {
        flattenWithDetails(input, orientation: orientation).page
    }

    /// `flatten`, plus the depth path's map and the turns applied after it, so a benchmark can follow
    /// known points of the photo into the page the OCR reads.
    public func flattenWithDetails(_ input: FlattenInput, orientation: (any OrientationDetector)? = nil) -> FlattenOutcome {
        var fallbackReason = input.depthProblem
        var measured: DepthFlattener.Unusable?
        if input.depth != nil {
            let start = ThreadCPUClock.now
            switch depth.flatten(input) {
            case .success(let flattening):
                let unwarped = ThreadCPUClock.now
                // The unwarped page still needs its text upright and its shadows evened out.
                let finished = rectifier.finishFlattened(flattening.page, orientation: orientation)
                var outcome = FlattenOutcome(page: finish(finished.page, input), depth: flattening, quarterTurns: finished.quarterTurns)
                outcome.unwarpCPUMS = unwarped - start
                outcome.finishCPUMS = ThreadCPUClock.now - unwarped
                outcome.page.report.steps["cpuMS.unwarp"] = String(format: "%.0f", unwarped - start)
                outcome.page.report.steps["cpuMS.orient+photometric"] = String(format: "%.0f", outcome.finishCPUMS ?? 0)
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
            for (step, value) in measured.steps { page.report.steps["depth.\(step)"] = value }
            page.report.assumptions += measured.assumptions
        }
        return FlattenOutcome(page: finish(page, input), depth: nil, quarterTurns: 0)
    }

    private func finish(_ flattened: FlattenedPage, _ input: FlattenInput) -> FlattenedPage {
        var page = flattened
        if !input.sidecarProblems.isEmpty {
            let problems = input.sidecarProblems.joined(separator: "; ")
            page.report.reason = page.report.reason.map { "\($0); \(problems)" } ?? problems
        }
        if page.ppi == nil { page.ppi = input.image.declaredPPI }
        return page
    }
}
