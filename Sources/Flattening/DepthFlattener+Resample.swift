import Imaging

extension DepthFlattener {
    /// The final resampling of the photo into the page Tesseract reads. `native` and
    /// `pixelsPerMM` are the photo's and the output's pixels per millimetre of page: below 1 the
    /// photo is reduced and is smoothed first against aliasing; above, it is unsharp-masked
    /// (`sharpenAmount`) against the lens blur before it is enlarged, or smoothed (`denoiseSigma`,
    /// off by default: measured worse).
    func resampleForReading(_ unwarper: Unwarper, gray: Raster, native: Double, pixelsPerMM: Double) -> Raster {
        let enlargement = pixelsPerMM / max(native, 1e-6)
        // A reduction by f needs about f/2 pixels of smoothing not to alias (and not to blur more).
        let sigma = enlargement < 1 ? max(options.denoiseSigma, 0.5 / enlargement - 0.3) : options.denoiseSigma
        var source = gray
        let region = unwarper.photoBounds(width: gray.width, height: gray.height, margin: Int((3 * max(sigma, options.sharpenSigma)).rounded(.up)) + 2)
        if sigma > 0.05 {
            source = gray.smoothed(sigma: sigma, in: region)
        } else if options.sharpenAmount > 0 && enlargement > 1 {
            source = gray.sharpened(amount: options.sharpenAmount, sigma: options.sharpenSigma, in: region)
        }
        return options.cubic ? unwarper.resampleCubic(source) : unwarper.resample(source)
    }
}
