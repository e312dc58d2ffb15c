/// Tunables of leptonica's dewarp model (`DewarpModel`).
public struct DewarpLimits: Sendable, Equatable, Codable {
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
