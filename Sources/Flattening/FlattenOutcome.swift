/// A flattened page with how it was made.
public struct FlattenOutcome: Sendable {
    public var page: FlattenedPage
    /// The depth path's unwarp, before the orientation turns; nil when the depth was not used.
    public var depth: DepthFlattener.Unwarped?
    /// Clockwise quarter turns applied to the unwarped page.
    public var quarterTurns: Int
    /// Thread CPU time of the depth path's geometry (points → fit → outline → resampling), and of the
    /// orientation and photometric steps after it; nil when the depth was not used.
    public var unwarpCPU: Duration?
    public var finishCPU: Duration?

    public init(page: FlattenedPage, depth: DepthFlattener.Unwarped?, quarterTurns: Int) {
        self.page = page
        self.depth = depth
        self.quarterTurns = quarterTurns
    }
}
