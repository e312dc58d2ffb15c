import CLeptonica
import Imaging

/// Leptonica's text-line dewarping for one page, owning its `L_DEWARPA` (which owns the page's
/// `L_DEWARP` once inserted). The model is built from the text lines of a 1-bpp image: vertical
/// disparity from each line's curvature, horizontal disparity from the left and right line ends.
final class DewarpModel {
    private var dewa: UnsafeMutablePointer<L_DEWARPA>?
    /// Whether the vertical and horizontal disparity models were built.
    let vertical: Bool
    let horizontal: Bool
    /// Long text lines leptonica found (it needs `minLines`).
    let lineCount: Int

    /// Builds the model; nil when leptonica cannot create the containers.
    init?(binary: OwnedPix, limits: DewarpLimits) {
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

    /// Applies the model to an image of the binary's size (any depth); nil when there is no model.
    func apply(to pix: OwnedPix) -> OwnedPix? {
        guard vertical, let dewa else { return nil }
        var out: UnsafeMutablePointer<PIX>?
        guard dewarpaApplyDisparity(dewa, 0, pix.pointer, 255, 0, 0, &out, nil) == 0 else {
            var o = out
            pixDestroy(&o)
            return nil
        }
        return OwnedPix(taking: out)
    }
}

/// Tunables of leptonica's dewarp model.
public struct DewarpLimits: Sendable, Equatable {
    /// Fewer long lines than this and no model is built; receipts and short menus have few.
    public var minLines: Int32 = 8
    /// Sampling of the disparity grid in pixels.
    public var sampling: Int32 = 30
    /// Line curvature limits in micro-units: a folded or crumpled page curves more than a book
    /// page, so the maxima are above leptonica's defaults (180, 400).
    public var maxLineCurvature: Int32 = 400
    public var minDiffLineCurvature: Int32 = 0
    public var maxDiffLineCurvature: Int32 = 600
    public var maxEdgeCurvature: Int32 = 100
    public var maxDiffEdgeCurvature: Int32 = 100
    public var maxEdgeSlope: Int32 = 150
    /// Also correct horizontally (keystone from perspective) when the line ends allow it.
    public var useBoth = true

    public init() {}
}
