import Imaging

/// The page ready for OCR: upright, flat, cropped, with its resolution when known.
public struct FlattenedPage: Sendable {
    public var raster: Raster
    /// Pixels per inch of the flattened page, passed to Tesseract.
    public var ppi: Int?
    public var report: FlattenReport

    public init(raster: Raster, ppi: Int?, report: FlattenReport) {
        self.raster = raster
        self.ppi = ppi
        self.report = report
    }
}
