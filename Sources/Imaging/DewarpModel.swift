internal import CLeptonica

/// Leptonica's text-line dewarping for one page, owning its `L_DEWARPA` (which owns the page's
/// `L_DEWARP` once inserted). The model is built from the text lines of a 1-bpp image: vertical
/// disparity from each line's curvature, horizontal disparity from the left and right line ends.
/// Built once and applied to the page it was measured on, so a curled book page or folded list
/// reads with straight lines.
public final class DewarpModel {
    private var dewa: UnsafeMutablePointer<L_DEWARPA>?
    /// Whether the vertical and horizontal disparity models were built.
    public let vertical: Bool
    public let horizontal: Bool
    /// Long text lines leptonica found (it needs `DewarpLimits.minLines`).
    public let lineCount: Int

    /// Builds the model from a 1-bpp page; nil when the pix is not 1-bpp or leptonica cannot
    /// create the containers. A model that could not be built (too few lines, too curved) is not
    /// nil: `vertical` is false and `lineCount` says why.
    public init?(binary: Pix, limits: DewarpLimits) {
        guard binary.depth == 1, let dewa = dewarpaCreate(1, limits.sampling, 1, limits.minLines, 0) else { return nil }
        self.dewa = dewa
        dewarpaUseBothArrays(dewa, limits.useBoth ? 1 : 0)
        dewarpaSetCheckColumns(dewa, 0)
        dewarpaSetCurvatures(dewa, limits.maxLineCurvature, limits.minDiffLineCurvature, limits.maxDiffLineCurvature,
                             limits.maxEdgeCurvature, limits.maxDiffEdgeCurvature, limits.maxEdgeSlope)
        var v: Int32 = 0, h: Int32 = 0, lines: Int32 = 0
        if let dew = dewarpCreate(binary.pointer, 0) {
            dewarpaInsertDewarp(dewa, dew)   // dewa owns dew from here on
            dewarpBuildPageModel(dew, nil)
            lines = dew.pointee.nlines
            dewarpaModelStatus(dewa, 0, &v, &h)
        }
        vertical = v != 0
        horizontal = h != 0
        lineCount = Int(lines)
    }

    deinit { dewarpaDestroy(&dewa) }

    /// Applies the model to an image of the binary's size (any depth); nil when there is no model
    /// or leptonica could not apply it.
    public func apply(to pix: Pix) -> Pix? {
        guard vertical, let dewa else { return nil }
        var out: UnsafeMutablePointer<PIX>?
        guard dewarpaApplyDisparity(dewa, 0, pix.pointer, 255, 0, 0, &out, nil) == 0 else {
            var o = out
            pixDestroy(&o)
            return nil
        }
        return Pix(taking: out)
    }
}
