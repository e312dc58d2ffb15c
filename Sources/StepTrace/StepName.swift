/// The steps a page goes through on its way to text, as pages.json names them. A name is an enum
/// case rather than a string so that a step cannot be recorded under one spelling and looked up
/// under another; the raw values are the names pages.json has always used.
public enum StepName: String, Sendable, Codable, CaseIterable {
    // Image-only rectification, in the order it runs.
    case gray, flatScan, blobs, reversedPage, page, surroundings, angle, perspective, rotate, crop, orientation, orient
    case scale, linePerspective, dewarp, lineDewarp, threshold, photometric, reversePrint
    // Depth flattening.
    case camera, depth, region, points, fit, bend, heightField, outline, refit, refine, coverage, mesh
    case blur, noise, sharpen, deblur, resample, unwarp, orientationCheck
    case fitAndOutline = "fit+outline", refitAndOutline = "refit+outline", orientAndPhotometric = "orient+photometric"
    // Reading.
    case leaders, reread, recovered
    /// `--lang auto`'s second reading with the page's own language model.
    case language
    /// The page read again from the start by the engine its kind calls for.
    case engine
}
