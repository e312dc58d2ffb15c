/// A decoded photo, upright, with what the file said about itself.
public struct LoadedImage: Sendable {
    public var raster: Raster
    public var format: ImageFormat
    public var exif: ExifInfo?
    /// Resolution the file declares (pixels per inch), when plausible.
    public var declaredPPI: Int?
    /// Problems that did not stop the decoding (a damaged JPEG read in part).
    public var warnings: [String]
    /// The photo's colour, reduced, when the loader was asked for it and the file has colour.
    public var chroma: Chroma?

    public init(raster: Raster, format: ImageFormat, exif: ExifInfo? = nil, declaredPPI: Int? = nil, warnings: [String] = [],
                chroma: Chroma? = nil) {
        self.warnings = warnings
        self.chroma = chroma
        self.raster = raster
        self.format = format
        self.exif = exif
        self.declaredPPI = declaredPPI
    }
}
