/// A flattened page with how it was made.
public struct FlattenOutcome: Sendable {
    public var page: FlattenedPage
    /// The depth path's unwarp, before the orientation turns; nil when the depth was not used.
    public var depth: DepthFlattener.Flattening?
    /// Clockwise quarter turns applied to the unwarped page.
    public var quarterTurns: Int
}
