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

/// Chooses and applies the flattening for a photo: with usable depth, the depth path
/// (`DepthFlattener`); otherwise image-only rectification, recording why depth was not used.
public struct Flattener: Sendable {
    public var depth: DepthFlattener

    public init(depth: DepthFlattener = DepthFlattener()) { self.depth = depth }

    public func flatten(_ input: FlattenInput) -> FlattenedPage {
        var fallbackReason = input.depthProblem
        if input.depth != nil {
            switch depth.flatten(input) {
            case .success(let flattening):
                var page = flattening.page
                if !input.sidecarProblems.isEmpty { page.report.reason = input.sidecarProblems.joined(separator: "; ") }
                return page
            case .failure(let unusable):
                fallbackReason = unusable.reason
            }
        }
        var page = imageOnly(input)
        if let fallbackReason {
            page.report.method = .fallback
            page.report.reason = "depth not used: \(fallbackReason)"
        }
        if !input.sidecarProblems.isEmpty {
            let problems = input.sidecarProblems.joined(separator: "; ")
            page.report.reason = page.report.reason.map { "\($0); \(problems)" } ?? problems
        }
        return page
    }

    /// Image-only rectification; until the rectifier lands the photo passes through.
    private func imageOnly(_ input: FlattenInput) -> FlattenedPage {
        FlattenedPage(raster: input.image.raster, ppi: input.image.declaredPPI, report: FlattenReport(method: .none))
    }
}
