import Flattening
import Imaging
import Recognition

/// Hands the worker's Tesseract OSD to the flattening stage, which may not depend on Recognition.
public struct OSDOrientation: OrientationDetector {
    let osd: TesseractOSD
    /// Tesseract's orientation confidence below which a turn is not trusted; at 2 it is rarely
    /// wrong on printed text, while sparse or noisy pages fall below it.
    public var minimumConfidence: Double

    public init(osd: TesseractOSD, minimumConfidence: Double = 2) {
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
