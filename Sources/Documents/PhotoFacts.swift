import Imaging

/// What a photo's own file gave the page beside its pixels, for pages.json's `photo`: a user whose
/// page flattened badly can see whether the depth and camera came from the file, from a sidecar or
/// from nowhere, and whether the depth's scale is known. Recorded for a HEIF photo and for any photo
/// whose file holds depth or intrinsics; a plain photo has none (its depth, if any, is the sidecar's,
/// and flatten.steps.camera says where the intrinsics came from).
public struct PhotoFacts: Sendable, Equatable, Codable {
    /// `heic`, `avif`, `heif`, `jpeg` …
    public var container: String
    /// The transformations applied to make the photo upright (HEIF `irot`/`imir`), when there were any.
    public var orientation: String?
    /// How many top-level images the file holds, when more than one (the primary was read).
    public var topLevelImages: Int?
    /// `sidecar`, or the place in the file (`heifAuxiliaryImage`, `appleMPFImage`, `dynamicDepthItem`,
    /// `googleDepthXMP`); nil when the page has no depth.
    public var depthSource: String?
    /// Where in the file, in words (item number, MPF index, container item).
    public var depthLocation: String?
    /// `8-bit appleDisparity`, `16-bit rangeInverse` … as stored in the file.
    public var depthEncoding: String?
    /// `metres`; `relativeMetres` (the file says its metres are only relatively accurate); `relative`
    /// (units of the file's own: only the shape is known, and the map was scaled to a nominal distance).
    public var depthScale: String?
    /// How the file's values became millimetres (a nominal scale, rays turned into axis distances).
    public var depthNotes: [String]?
    /// `camera.json`, the file's own (`appleIntrinsicMatrix`, `dynamicDepthImagingModel`), else
    /// `exifFocalLength35mm` or `assumed` (a typical phone lens), as flatten.steps.camera details.
    public var intrinsics: String?

    public init(container: String, orientation: String? = nil, topLevelImages: Int? = nil, depthSource: String? = nil,
                depthLocation: String? = nil, depthEncoding: String? = nil, depthScale: String? = nil, depthNotes: [String]? = nil,
                intrinsics: String? = nil) {
        self.container = container
        self.orientation = orientation
        self.topLevelImages = topLevelImages
        self.depthSource = depthSource
        self.depthLocation = depthLocation
        self.depthEncoding = depthEncoding
        self.depthScale = depthScale
        self.depthNotes = depthNotes
        self.intrinsics = intrinsics
    }

    /// The intrinsics source as pages.json names it, and as flatten.steps.camera says it.
    static func intrinsicsName(_ source: PhotoIntrinsics.Source) -> String { source.rawValue }

    static func cameraStep(_ source: PhotoIntrinsics.Source) -> String {
        switch source {
        case .appleIntrinsicMatrix: "the file's Apple depth intrinsic matrix"
        case .dynamicDepthImagingModel: "the file's Dynamic Depth imaging model"
        case .exifFocalLength35mm: "EXIF 35 mm-equivalent focal length"
        }
    }
}
