internal import CLeptonica

/// Operations that make and measure 1-bpp images: the ink of a page as blobs a geometry step can
/// count, without a caller ever walking the bits.
extension Pix {
    /// A 1-bpp image in which every pixel darker than `threshold` is ink (`pixThresholdToBinary`).
    /// Nil when leptonica fails (e.g. the pix is not 8-bit gray).
    public func thresholded(below threshold: Int) -> Pix? {
        Pix(taking: pixThresholdToBinary(pointer, Int32(threshold)))
    }

    /// Morphological closing of a 1-bpp image with a `brickWidth`×`brickHeight` brick
    /// (`pixCloseSafeBrick`): joins the dots of dotted print and cuts narrow white bridges. "Safe"
    /// because leptonica pads the image first, so ink at the border is not eaten by the erosion.
    public func closed(brickWidth: Int, brickHeight: Int) -> Pix? {
        Pix(taking: pixCloseSafeBrick(nil, pointer, Int32(brickWidth), Int32(brickHeight)))
    }

    /// A 1-bpp image halved once per entry of `thresholds` (`pixReduceRankBinaryCascade`, at most
    /// four): a reduced pixel is ink when at least that many (1…4) of its four source pixels are.
    /// With 1 ("any ink makes ink") a speckled background turns solid while paper between text
    /// lines stays white. Nil for more than four reductions or when leptonica fails.
    public func rankReduced(_ thresholds: [Int]) -> Pix? {
        guard !thresholds.isEmpty, thresholds.count <= 4 else { return nil }
        let levels = (thresholds + [0, 0, 0]).prefix(4).map { Int32($0) }
        return Pix(taking: pixReduceRankBinaryCascade(pointer, levels[0], levels[1], levels[2], levels[3]))
    }

    /// Bounding boxes of the connected ink components of a 1-bpp image (`pixConnCompBB`), each
    /// pixel joined to its 8 (or 4) neighbours: the letters and specks a page's geometry is
    /// measured from. Empty when leptonica fails.
    public func connectedComponents(connectivity: Int = 8) -> [PixelRect] {
        BoxArray(taking: pixConnCompBB(pointer, Int32(connectivity)))?.rects ?? []
    }
}
