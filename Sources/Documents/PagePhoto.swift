import Imaging

/// A page as a photo or scan, loaded with what its sidecars say: what the flattening stage is given.
public struct PagePhoto: Sendable {
    public var image: LoadedImage
    public var depth: DepthMap?
    public var camera: CameraIntrinsics?
    /// Problems with the sidecars that made them unusable (recorded, and the image goes on).
    public var sidecarProblems: [String]
    /// Why a depth sidecar that exists could not be used (unreadable, 8-bit, wrong size): the page
    /// then falls back to image-only rectification, and says so.
    public var depthProblem: String?
    /// Where `camera` came from, as flatten.steps.camera says it; nil for the `camera.json` sidecar.
    public var cameraSource: String?
    /// What the photo's own file gave (container, depth and intrinsics sources), for pages.json.
    public var facts: PhotoFacts?

    public init(image: LoadedImage, depth: DepthMap? = nil, camera: CameraIntrinsics? = nil, sidecarProblems: [String] = [],
                depthProblem: String? = nil) {
        self.image = image
        self.depth = depth
        self.camera = camera
        self.sidecarProblems = sidecarProblems
        self.depthProblem = depthProblem
    }

    /// What the page's report warns about from loading: the decoder's own warnings, then the
    /// sidecars', then why the depth was not used.
    public var warnings: [String] { image.warnings + sidecarProblems + [depthProblem].compactMap { $0 } }
}
