
/// The container a photo came in, by content.
public enum PhotoContainer: String, Sendable, Codable {
    case heic, avif, heif, jpeg, png, tiff, webp, bmp, pnm, gif
}

/// A phone photo as Decant reads it: upright pixels, what the file said about its camera, and the
/// depth map it carried, aligned with the pixels.
public struct PhonePhoto: Sendable {
    /// Upright: EXIF orientation (JPEG) or irot/imir (HEIF) already applied.
    public var raster: Raster
    public var container: PhotoContainer
    /// EXIF as stored. Its orientation is informational: the raster is upright already, and a HEIF's
    /// EXIF orientation is not applied at all (irot/imir rule there, per the HEIF specification).
    public var exif: ExifInfo?
    /// The orientation that was applied to the stored pixels.
    public var orientation: Raster.Orientation
    /// What set it, in words ("EXIF Orientation 6", "irot 270° anticlockwise", "none").
    public var orientationSource: String
    /// Top-level images in the file (HEIF); 1 for others.
    public var topLevelImages: Int
    public var depth: EmbeddedDepth?
    public var intrinsics: PhotoIntrinsics?
    /// Problems that did not stop the reading, each naming the file.
    public var warnings: [String]
    /// Resolution the file declares (pixels per inch), when plausible (ImageLoader's reading).
    public var declaredPPI: Int?
    /// The photo's colour, reduced, when it was asked for (`PhonePhotoReader.ChromaWanted`).
    public var chroma: Chroma?

    public init(raster: Raster, container: PhotoContainer, exif: ExifInfo?, orientation: Raster.Orientation,
                orientationSource: String, topLevelImages: Int, depth: EmbeddedDepth?, intrinsics: PhotoIntrinsics?,
                warnings: [String]) {
        self.raster = raster; self.container = container; self.exif = exif; self.orientation = orientation
        self.orientationSource = orientationSource; self.topLevelImages = topLevelImages; self.depth = depth
        self.intrinsics = intrinsics; self.warnings = warnings
    }
}

extension PhonePhoto {
    /// The format as Imaging names it (a HEIF container is its own format there too).
    public var format: ImageFormat { ImageFormat(rawValue: container.rawValue) ?? .jpeg }

    /// The photo as ImageLoader gives it, every warning included: what the pipeline's stages take.
    public var loadedImage: LoadedImage {
        LoadedImage(raster: raster, format: format, exif: exif, declaredPPI: declaredPPI, warnings: warnings, chroma: chroma)
    }
}
