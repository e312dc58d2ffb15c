import Imaging

/// What the flattening stage is given for one photo.
public struct FlattenInput: Sendable {
    public var image: LoadedImage
    public var depth: DepthMap?
    public var camera: CameraIntrinsics?
    /// Problems with the sidecars that made them unusable (recorded, and the image goes on).
    public var sidecarProblems: [String]

    public init(image: LoadedImage, depth: DepthMap? = nil, camera: CameraIntrinsics? = nil, sidecarProblems: [String] = []) {
        self.image = image
        self.depth = depth
        self.camera = camera
        self.sidecarProblems = sidecarProblems
    }
}

/// Chooses and applies the flattening for a photo. This stage passes the photo through; depth and
/// image-only rectification are added behind the same entry point.
public struct Flattener: Sendable {
    public init() {}

    public func flatten(_ input: FlattenInput) -> FlattenedPage {
        var report = FlattenReport(method: .none)
        if !input.sidecarProblems.isEmpty { report.reason = input.sidecarProblems.joined(separator: "; ") }
        return FlattenedPage(raster: input.image.raster, ppi: input.image.declaredPPI, report: report)
    }
}
