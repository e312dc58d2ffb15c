internal import CLeptonica

/// Leptonica's text orientation tests on 1-bpp text: ascenders against descenders, counted with
/// hit-miss patterns. They need no OCR model, so they can turn a page before the first reading.
extension Pix {
    /// Confidence that the text stands upright (`pixUpDownDetect`): positive upright, negative
    /// upside down, near 0 undecided (leptonica suggests |value| ≥ 4–5 for a reliable call on a
    /// full page). Nil when leptonica fails (e.g. the pix is not 1-bpp).
    public func upDownConfidence() -> Double? {
        var confidence: Float = 0
        guard pixUpDownDetect(pointer, &confidence, 0, 0, 0) == 0 else { return nil }
        return Double(confidence)
    }

    /// Both of leptonica's orientation measures (`pixOrientDetect`): `up` as `upDownConfidence`,
    /// and `left` for the page a quarter turn on (positive: a quarter turn clockwise makes it
    /// upright; negative: three). Exactly 0 when too few ascenders and descenders were counted.
    /// Nil when leptonica fails.
    public func orientationConfidences() -> (up: Double, left: Double)? {
        var up: Float = 0, left: Float = 0
        guard pixOrientDetect(pointer, &up, &left, 0, 0) == 0 else { return nil }
        return (Double(up), Double(left))
    }
}
