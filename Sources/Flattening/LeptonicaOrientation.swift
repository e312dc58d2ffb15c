import CLeptonica
import Imaging

/// Leptonica's text orientation test (ascenders against descenders in 1-bpp text): the fallback
/// when no OSD detector is handed in. Only asked about 0 against 180°, since the line direction
/// is already known from `TextLineAngle`.
public struct LeptonicaOrientation: OrientationDetector, Sendable {
    /// Leptonica suggests |conf| ≥ 4–5 for a reliable call on a full page; weaker calls are left alone.
    public var minimumConfidence: Double = 4

    public init(minimumConfidence: Double = 4) { self.minimumConfidence = minimumConfidence }

    public func detect(_ page: Raster, expectUpright: Bool) -> OrientationGuess? {
        let gray = OwnedPix(page.grayscale())
        let normalized = OwnedPix(taking: pixBackgroundNormSimple(gray.pointer, nil, nil)) ?? gray
        guard let binary = InkThreshold.binarize(normalized) else { return nil }
        var conf: Float = 0
        guard pixUpDownDetect(binary.pointer, &conf, 0, 0, 0) == 0 else { return nil }
        let c = Double(conf)
        return OrientationGuess(quarterTurnsClockwise: c < 0 ? 2 : 0, confidence: abs(c),
                                isConfident: abs(c) >= minimumConfidence * (expectUpright && c < 0 ? 1.5 : 1), source: "leptonica")
    }
}
