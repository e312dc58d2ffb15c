import Flattening
import Imaging
import Recognition

/// Hands the worker's Tesseract OSD to the flattening stage, which may not depend on Recognition.
public struct OSDOrientation: OrientationDetector {
    let osd: TesseractOSD
    /// Tesseract's orientation confidence below which a turn is not trusted. On the Inv3DReal
    /// photos right calls scored 1.2–11 and wrong ones 0.1–0.4 once the lines were level.
    public var minimumConfidence: Double

    public init(osd: TesseractOSD, minimumConfidence: Double = 1) {
        self.osd = osd
        self.minimumConfidence = minimumConfidence
    }

    public func detect(_ page: Raster) -> OrientationGuess? {
        // OSD works on blob shapes; a copy at most ~1600 px long keeps it fast without losing them.
        let long = max(page.width, page.height)
        let input = long > 1600 ? page.scaled(by: 1600 / Double(long)) : page
        guard let result = osd.detect(input) else { return nil }
        return OrientationGuess(quarterTurnsClockwise: result.quarterTurnsClockwise, confidence: result.confidence,
                                isConfident: result.confidence >= minimumConfidence, source: "tesseract-osd")
    }
}
