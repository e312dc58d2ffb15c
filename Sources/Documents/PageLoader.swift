import Foundation
import Imaging

/// The load stage: a page source's file decoded upright, with its depth and camera sidecars.
/// Sidecar problems are warnings, never failures: the photo is still read.
public struct PageLoader: Sendable {
    public var limits: ImageLimits
    /// Decode to gray at once (the flatteners read gray unless told to keep the darkest channel).
    public var grayscale: Bool

    public init(limits: ImageLimits = .default, grayscale: Bool = true) {
        self.limits = limits
        self.grayscale = grayscale
    }

    public func load(_ source: PageSource) throws(ImagingError) -> PagePhoto {
        // The depth path finds the sheet's outline in colour too.
        let image = try ImageLoader.load(path: source.path, limits: limits, grayscale: grayscale, chroma: source.depthPath != nil)
        var photo = PagePhoto(image: image)
        if let depthPath = source.depthPath {
            do {
                let depth = try DepthMap.load(path: depthPath)
                if let problem = depth.alignmentProblem(photoWidth: image.raster.width, photoHeight: image.raster.height) {
                    photo.depthProblem = "\((depthPath as NSString).lastPathComponent): \(problem)"
                } else {
                    photo.depth = depth
                }
            } catch { photo.depthProblem = error.description }
        }
        if let cameraPath = source.cameraPath {
            do { photo.camera = try CameraIntrinsics.load(path: cameraPath) } catch { photo.sidecarProblems.append(error.description) }
        }
        return photo
    }
}
