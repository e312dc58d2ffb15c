internal import CLeptonica

extension Pix {
    /// The image scaled by `factor` in both directions (`pixScale`): area-averaged when reducing,
    /// so thin print is not lost between samples, and interpolated when enlarging. Nil when
    /// leptonica fails (a factor that leaves no pixel, or out of memory).
    public func scaled(by factor: Double) -> Pix? {
        Pix(taking: pixScale(pointer, Float(factor), Float(factor)))
    }
}

extension Pix {
    /// The part of the image inside `rect` (`pixClipRectangle`): what a step that reads one region
    /// converts to a `Raster`, rather than the whole page. Nil when the rectangle misses the image.
    public func clipped(to rect: PixelRect) -> Pix? {
        guard rect.width > 0, rect.height > 0 else { return nil }
        var box: UnsafeMutablePointer<BOX>? = boxCreate(Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        defer { boxDestroy(&box) }
        return Pix(taking: pixClipRectangle(pointer, box, nil))
    }
}
