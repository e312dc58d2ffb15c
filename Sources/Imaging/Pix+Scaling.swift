internal import CLeptonica

extension Pix {
    /// The image scaled by `factor` in both directions (`pixScale`): area-averaged when reducing,
    /// so thin print is not lost between samples, and interpolated when enlarging. Nil when
    /// leptonica fails (a factor that leaves no pixel, or out of memory).
    public func scaled(by factor: Double) -> Pix? {
        Pix(taking: pixScale(pointer, Float(factor), Float(factor)))
    }
}
