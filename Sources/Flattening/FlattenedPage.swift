import Imaging
import StepTrace

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
    /// What the reader should be told about the page that is not a failure: print measured to be
    /// too blurred to read. The pipeline adds them to the page's warnings, naming the file.
    public var warnings: [String] = []
    /// The print's blur (σ across the sheet's edges) as a share of its x-height, where the depth
    /// path measured both; nil where it was not measured.
    public var blurShare: Double?

    /// Print blurred by this share of its own x-height or more is rarely read. Over the committed
    /// corpus and the seed-7 generated lists (45 depth photos with both measured, 37 of them lists),
    /// lists up to 0.17 were read (winelist-0105, σ 1.02 px on 6 px: 101 of 106 entries), one at 0.18
    /// half, and those from 0.23 on were not (winelist-0104, σ 2.04 px on 6 px: 2 of 43; eight seed-7
    /// pages: 0–3 entries each), whatever the sharpening or deconvolution (docs/benchmarks/entries.md).
    /// PP-OCR reads such print into whole rows of plausible words of which few are right
    /// (winelist-0104: 43 entries, 13 right; winelist-0203, σ 0.40 of its x-height: 7 entries, none).
    public static let illegibleBlurShare = 0.2

    /// Print measured to be blurred past what can be read: what is read from it is guessed.
    public var isIllegible: Bool { (blurShare ?? 0) >= Self.illegibleBlurShare }

    /// Most pixels a flattened page may have, on every path. Tesseract needs about 90 MB more for a
    /// 24 MP page than for a 12 MP one: over the 12 MP generated set (with the x-height fixes of
    /// `TextSize`), workers peaked at 249–275 MiB with pages up to 24 MP and 238–241 MiB with 20 MP,
    /// against the 250 MB a worker may use. At 16 MP the smallest print of that set (a 7 pt list on
    /// a 16 × 26 cm page, generated list 2016) comes out with an x-height of 15 px; the committed
    /// corpus's largest page was 16.5 MP.
    public static let maximumPixels = 16_000_000

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
    /// Unwarped from depth, and leptonica's four-way call (`LeptonicaOrientation.quarterTurns`) found
    /// it upright as it stands, surely (`ImageRectifier.Options.unwarpedUprightTrust`): a weak first
    /// reading is then a blurred page, not a turned one, and the detector is not asked.
    case unwarpedUpright

    /// Whether the detector should expect an upright page.
    public var expectUpright: Bool { self == .level }
}
