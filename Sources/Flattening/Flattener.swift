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

/// Chooses and applies the flattening for a photo. Without a usable depth map the photo goes
/// through image-only rectification; depth-based flattening is added behind the same entry point
/// and falls back to the same rectifier.
public struct Flattener: Sendable {
    public var rectifier: ImageRectifier

    public init(rectifier: ImageRectifier = ImageRectifier()) { self.rectifier = rectifier }

    /// `orientation` decides 0/90/180/270° turns; the pipeline passes its worker's Tesseract OSD.
    public func flatten(_ input: FlattenInput, orientation: (any OrientationDetector)? = nil) -> FlattenedPage {
        var page = rectifier.rectify(input.image.raster, orientation: orientation)
        if !input.sidecarProblems.isEmpty {
            let problems = input.sidecarProblems.joined(separator: "; ")
            page.report.reason = page.report.reason.map { "\($0); \(problems)" } ?? problems
        }
        if page.ppi == nil { page.ppi = input.image.declaredPPI }
        return page
    }
}
