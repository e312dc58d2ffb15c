import Flattening

/// Tuning runs set the image-only rectifier's options by name (`--set name=value`); the shipped
/// `decant` has no such setter, so a user's run always uses the measured defaults.
extension ImageRectifier.Options {
    /// Sets one option by name (`--set name=value` in the bench commands), for tuning runs.
    mutating func set(_ name: String, _ value: String) throws(RectifierOptionError) {
        func bool() throws(RectifierOptionError) -> Bool {
            switch value.lowercased() {
            case "1", "true", "yes", "on": return true
            case "0", "false", "no", "off": return false
            default: throw RectifierOptionError("\(name)=\(value): expected true or false")
            }
        }
        func number() throws(RectifierOptionError) -> Double {
            guard let v = Double(value) else { throw RectifierOptionError("\(name)=\(value): expected a number") }
            return v
        }
        switch name {
        case "analysisLongSide": analysisLongSide = Int(try number())
        case "targetBlobHeight": targetBlobHeight = try number()
        case "minimumRotation": minimumRotation = try number()
        case "minimumAngleConfidence": minimumAngleConfidence = try number()
        case "dewarp": dewarp = try bool()
        case "lineDewarp": lineDewarp = try bool()
        case "lineDewarpMinLines": lineDewarpMinLines = Int(try number())
        case "lineDewarpMinShift": lineDewarpMinShift = try number()
        case "normalizeBackground": normalizeBackground = try bool()
        case "stretchTones": stretchTones = try bool()
        case "reversePrint": reversePrint = try bool()
        case "linePerspective": linePerspective = try bool()
        case "linePerspective.minSpread": linePerspectiveLimits.minSpreadDegrees = try number()
        case "linePerspective.maxResidualShare": linePerspectiveLimits.maxResidualShare = try number()
        case "binarize": binarize = try bool()
        case "adaptiveThreshold": adaptiveThreshold = try bool()
        case "toneCurve": toneCurve = try number()
        case "receiptToneCurve": receiptToneCurve = try number()
        case "darkestChannel": darkestChannel = try bool()
        case "morphologicalBackground": morphologicalBackground = try bool()
        case "backgroundThreshold": backgroundThreshold = Int32(try number())
        case "paperBackground": paperBackground = try bool()
        case "paperBackground.tile": paperBackgroundTile = try number()
        case "paperBackground.rank": paperBackgroundRank = try number()
        case "receiptPaperBackground": receiptPaperBackground = try bool()
        case "paintSurroundings": paintSurroundings = try bool()
        case "inkRank": inkRank = try number()
        case "unwarpedOrientationCheck": unwarpedOrientationCheck = try bool()
        case "unwarpedUprightTrust": unwarpedUprightTrust = try number()
        case "cropToText": cropToText = try bool()
        case "detectPage": detectPage = try bool()
        case "cropMargin": cropMargin = try number()
        case "maxUpscale": maxUpscale = try number()
        case "minimumScale": minimumScale = try number()
        case "minLines": dewarpLimits.minLines = Int32(try number())
        case "sampling": dewarpLimits.sampling = Int32(try number())
        case "maxLineCurvature": dewarpLimits.maxLineCurvature = Int32(try number())
        case "maxDiffLineCurvature": dewarpLimits.maxDiffLineCurvature = Int32(try number())
        case "maxEdgeCurvature": dewarpLimits.maxEdgeCurvature = Int32(try number())
        case "maxDiffEdgeCurvature": dewarpLimits.maxDiffEdgeCurvature = Int32(try number())
        case "maxEdgeSlope": dewarpLimits.maxEdgeSlope = Int32(try number())
        case "useBoth": dewarpLimits.useBoth = try bool()
        case "deferLevelOrientation": deferLevelOrientation = try bool()
        case "deferredOrientationMaxAngle": deferredOrientationMaxAngle = try number()
        case "keepFlatScans": keepFlatScans = try bool()
        case "flatScanMaxAngle": flatScanMaxAngle = try number()
        case "flatScanMaxBlobHeight": flatScanMaxBlobHeight = try number()
        default: throw RectifierOptionError("unknown rectifier option '\(name)'")
        }
    }
}

/// A `--set` pair that names no option or gives a value of the wrong kind.
struct RectifierOptionError: Error, Sendable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
