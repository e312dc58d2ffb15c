import Imaging

extension DepthFlattener {
    /// The final resampling of the photo into the page Tesseract reads. `native` and
    /// `pixelsPerMM` are the photo's and the output's pixels per millimetre of page: below 1 the
    /// photo is reduced and is smoothed first against aliasing; above, the lens blur is undone
    /// before the enlargement: deconvolved when `blur` (σ measured across the sheet's edges, photo
    /// pixels) is wide, unsharp-masked (`sharpenAmount`) otherwise, or smoothed (`denoiseSigma`, off
    /// by default: measured worse).
    /// `noise` (σ of the photo's grain, gray levels, `PhotoNoise`) sets how hard the unsharp mask
    /// may be (`sharpening(blur:noise:)`).
    /// Returns the page, and the σ it deconvolved or the amount it sharpened with, if it did.
    func resampleForReading(_ unwarper: Unwarper, gray: Raster, native: Double, pixelsPerMM: Double,
                            blur: Double? = nil, noise: Double? = nil) -> (raster: Raster, deblurred: Double?, sharpened: Double?) {
        let enlargement = pixelsPerMM / max(native, 1e-6)
        // A reduction by f needs about f/2 pixels of smoothing not to alias (and not to blur more).
        let sigma = enlargement < 1 ? max(options.denoiseSigma, 0.5 / enlargement - 0.3) : options.denoiseSigma
        var deblur = 0.0
        if options.deblurSigma > 0.05 {
            deblur = options.deblurSigma
        } else if let blur, options.deblurFrom > 0, blur >= options.deblurFrom {
            deblur = blur * options.deblurScale
        }
        var source = gray, deblurred: Double?, sharpened: Double?
        let reach = max(sigma, options.sharpenSigma, deblur)
        let region = unwarper.photoBounds(width: gray.width, height: gray.height, margin: Int((3 * reach).rounded(.up)) + 2)
        if sigma > 0.05 {
            source = gray.smoothed(sigma: sigma, in: region)
        } else if deblur > 0.05 && enlargement > 1 {
            source = gray.deconvolved(sigma: deblur, iterations: options.deblurIterations, in: region)
            deblurred = deblur
        } else if enlargement > 1, case let amount = sharpening(blur: blur, noise: noise), amount > 0 {
            source = gray.sharpened(amount: amount, sigma: options.sharpenSigma, in: region)
            sharpened = amount
        }
        return (options.cubic ? unwarper.resampleCubic(source) : unwarper.resample(source), deblurred, sharpened)
    }

    /// The unsharp mask's amount for a photo of this blur and noise (σ across the sheet's edges in
    /// photo pixels; grain σ in gray levels). A blurred photo of a clean sheet gets the strong
    /// amount: its print's strokes spread into each other (a digit's counters close, "88" reads as
    /// "RS"), and only a strong mask opens them. On a grainy photo the strong mask would turn the
    /// grain into specks Tesseract reads as ink, so it, like a sharp or unmeasured photo, gets the
    /// ordinary amount (docs/benchmarks/flattening.md).
    func sharpening(blur: Double?, noise: Double?) -> Double {
        if let blur, let noise, blur >= options.strongSharpenFromBlur, noise < options.strongSharpenBelowNoise {
            return options.strongSharpenAmount
        }
        return options.sharpenAmount
    }
}
