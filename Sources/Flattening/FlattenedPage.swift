import Imaging

/// The page ready for OCR: flat, cropped, with its resolution when known; upright unless its
/// orientation was left to the first reading (`pendingOrientation`).
public struct FlattenedPage: Sendable {
    public var raster: Raster
    /// Pixels per inch of the flattened page, passed to Tesseract.
    public var ppi: Int?
    public var report: FlattenReport
    /// Set when the orientation step was left to the reader
    /// (`ImageRectifier.Options.deferLevelOrientation`); nil once settled.
    public var pendingOrientation: PendingOrientation?

    public init(raster: Raster, ppi: Int?, report: FlattenReport) {
        self.raster = raster
        self.ppi = ppi
        self.report = report
    }
}

/// Why a page's orientation was left to the first reading; decides how sure the detector must be
/// to turn the page if that reading comes out weak (as it would have before the reading).
public enum PendingOrientation: Sendable, Equatable {
    /// The text lines were level: a scan or a square-on photo, almost always upright.
    case level
    /// The lines were a few degrees off level and have been rotated level.
    case skewed
    /// Unwarped from depth, made upright by where the photo's top was.
    case unwarped

    /// Whether the detector should expect an upright page.
    public var expectUpright: Bool { self == .level }
}
