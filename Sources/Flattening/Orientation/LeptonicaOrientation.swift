import Imaging

/// Leptonica's text orientation test (ascenders against descenders in 1-bpp text): the fallback
/// when no OSD detector is handed in. Only asked about 0 against 180°, since the line direction
/// is already known from `TextLineAngle`.
public struct LeptonicaOrientation: OrientationDetector, Sendable {
    /// Leptonica suggests |conf| ≥ 4–5 for a reliable call on a full page; weaker calls are left alone.
    public var minimumConfidence: Double = 4

    public init(minimumConfidence: Double = 4) { self.minimumConfidence = minimumConfidence }

    public func detect(_ page: Raster, expectUpright: Bool) -> OrientationGuess? {
        let gray = Pix(page.grayscale())
        let normalized = gray.backgroundNormalized() ?? gray
        guard let binary = InkThreshold.binarize(normalized), let c = binary.upDownConfidence() else { return nil }
        return OrientationGuess(quarterTurnsClockwise: c < 0 ? 2 : 0, confidence: abs(c),
                                isConfident: abs(c) >= minimumConfidence * (expectUpright && c < 0 ? 1.5 : 1), source: "leptonica")
    }
}

extension LeptonicaOrientation {
    /// A quick four-way call on a page whose reading has not started: ascenders against descenders
    /// both as the page stands and a quarter turn on (leptonica's `pixOrientDetect`), on a copy
    /// reduced `reduction` times. nil when either direction has too few counts to say anything
    /// (leptonica then reports exactly 0), or when neither says clearly more than the other
    /// (`minimumRatio`) or enough (`minimumConfidence`). The page must be normalized already (the
    /// depth path's photometric step has run), so it is only reduced and thresholded.
    ///
    /// Why: a depth-unwarped page is made upright by where the photo's top was, and a photo of a
    /// list lying upside down or sideways on the table is read once in vain before the detector is
    /// asked. On 54 unwarped 12 MP pages of the generated benchmark, each turned four ways, the call
    /// at half size was right on 185 of 216 and wrong on none (the rest undecided).
    public static func quarterTurns(of page: Raster, reduction: Int = 2, minimumConfidence: Double = 5,
                                    minimumRatio: Double = 2) -> OrientationGuess? {
        guard let binary = InkThreshold.binarize(Pix(page.grayscale().boxReduced(by: reduction))),
              let measured = binary.orientationConfidences() else { return nil }
        return decision(up: measured.up, left: measured.left, minimumConfidence: minimumConfidence, minimumRatio: minimumRatio)
    }

    /// Leptonica's table (`pixOrientDetect`): up ≫ 1 upright, up ≪ −1 upside down, left ≫ 1 a
    /// quarter turn clockwise needed, left ≪ −1 three. Both must have been measured (not 0), and
    /// the stronger must dominate.
    static func decision(up: Double, left: Double, minimumConfidence: Double, minimumRatio: Double) -> OrientationGuess? {
        guard up != 0, left != 0 else { return nil }
        if abs(up) >= minimumConfidence && abs(up) >= minimumRatio * abs(left) {
            return OrientationGuess(quarterTurnsClockwise: up > 0 ? 0 : 2, confidence: abs(up), isConfident: true, source: "leptonica")
        }
        if abs(left) >= minimumConfidence && abs(left) >= minimumRatio * abs(up) {
            return OrientationGuess(quarterTurnsClockwise: left > 0 ? 1 : 3, confidence: abs(left), isConfident: true, source: "leptonica")
        }
        return nil
    }
}
