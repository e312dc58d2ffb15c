import Flattening

/// Tuning runs set the depth flattening's options by name (`--set depth.name=value` in
/// `decant-bench flattening`).
extension DepthFlattener.Options {
    /// Sets one option by name (`--set depth.name=value` in `decant bench flattening`), for tuning runs.
    mutating func set(_ name: String, _ value: String) throws(RectifierOptionError) {
        guard let v = Double(value) else { throw RectifierOptionError("depth.\(name)=\(value): expected a number") }
        switch name {
        case "minimumValidShare": minimumValidShare = v
        case "minimumRegionShare": minimumRegionShare = v
        case "minimumPageCoverage": minimumPageCoverage = v
        case "maximumResidual": maximumResidual = v
        case "targetXHeight": targetXHeight = v
        case "maximumUpscale": maximumUpscale = v
        case "overviewLongSide": overviewLongSide = Int(v)
        case "meshSpacing": meshSpacing = Int(v)
        case "fitPoints": fitPoints = max(200, Int(v))
        case "cubic": cubic = v != 0
        case "denoiseSigma": denoiseSigma = max(0, v)
        case "sharpenAmount": sharpenAmount = max(0, v)
        case "sharpenSigma": sharpenSigma = max(0.3, v)
        case "strongSharpenAmount": strongSharpenAmount = max(0, v)
        case "strongSharpenFromBlur": strongSharpenFromBlur = v
        case "strongSharpenBelowNoise": strongSharpenBelowNoise = v
        case "receiptSharpenAmount": receiptSharpenAmount = max(0, v)
        case "colourOutlineBelow": colourOutlineBelow = v
        case "deblurSigma": deblurSigma = max(0, v)
        case "deblurFrom": deblurFrom = max(0, v)
        case "deblurScale": deblurScale = max(0, v)
        case "receiptDeblurFrom": receiptDeblurFrom = max(0, v)
        case "deblurIterations": deblurIterations = max(0, Int(v))
        case "planarBend": surface.planarBend = max(0, v)
        case "bendGain": surface.bendGain = v
        case "alignedBend": surface.alignedBend = max(0, v)
        case "alignedTolerance": surface.alignedTolerance = max(0, v)
        default: throw RectifierOptionError("unknown depth option '\(name)'")
        }
    }
}
