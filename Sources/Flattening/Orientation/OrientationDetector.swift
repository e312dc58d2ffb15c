import Imaging

/// What an orientation detector concluded about a page whose lines already run horizontally.
public struct OrientationGuess: Sendable, Equatable {
    /// Quarter turns clockwise that make the text upright (0…3).
    public var quarterTurnsClockwise: Int
    /// Detector's own confidence scale; compare only against that detector's threshold.
    public var confidence: Double
    /// Whether the confidence is high enough for the detector to act on.
    public var isConfident: Bool
    /// Which detector spoke, for pages.json.
    public var source: String

    public init(quarterTurnsClockwise: Int, confidence: Double, isConfident: Bool, source: String) {
        self.quarterTurnsClockwise = ((quarterTurnsClockwise % 4) + 4) % 4
        self.confidence = confidence
        self.isConfident = isConfident
        self.source = source
    }
}

/// Decides the 0/90/180/270° turn of a page. Tesseract's OSD lives in Recognition, which this
/// stage must not depend on, so the pipeline hands one in; without one, leptonica's up/down test
/// is used (see `LeptonicaOrientation`).
public protocol OrientationDetector {
    /// nil when the detector cannot say (too little text). `expectUpright` is set when the photo
    /// already had level lines, as scans and most photos do: a turn then needs stronger evidence.
    func detect(_ page: Raster, expectUpright: Bool) -> OrientationGuess?
}
