/// How an image was flattened, recorded per image in pages.json.
public enum FlattenMethod: String, Sendable, Codable {
    /// Depth fit a plane: a perspective correction measured in 3-D.
    case plane
    /// Depth fit a curved surface, unrolled isometrically.
    case surface
    /// Depth was present but unusable; image-only rectification was used instead.
    case fallback
    /// No depth; image-only rectification.
    case imageOnly = "image-only"
    /// Passed through unchanged.
    case none
}

public struct FlattenReport: Sendable, Equatable, Codable {
    public var method: FlattenMethod
    /// Why a cheaper or fallback method was chosen, when it was.
    public var reason: String?
    /// RMS distance of the depth points from the fitted surface, millimetres.
    public var residualMM: Double?
    /// Physical page size from the 3-D fit, millimetres (width, height).
    public var pageSizeMM: [Double]?
    /// Assumptions made for lack of data (e.g. a default field of view).
    public var assumptions: [String]
    /// Step-by-step diagnostics (angle found, quad, dewarp model status …) and step times.
    public var steps: StepLog

    public init(method: FlattenMethod, reason: String? = nil, residualMM: Double? = nil, pageSizeMM: [Double]? = nil,
                assumptions: [String] = [], steps: StepLog = StepLog()) {
        self.method = method
        self.reason = reason
        self.residualMM = residualMM
        self.pageSizeMM = pageSizeMM
        self.assumptions = assumptions
        self.steps = steps
    }
}
