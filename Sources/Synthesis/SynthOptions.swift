/// What `decant synth` makes. Shapes and effect strengths cycle with the image index, so a batch
/// has them in equal shares; everything else is drawn from the image's own random stream.
public struct SynthOptions: Sendable {
    public enum Kind: String, Sendable, CaseIterable { case winelist, receipt, mixed }

    public var kind: Kind = .mixed
    public var shapes: [PageShape] = PageShape.allCases
    public var effects: [EffectStrength] = [.medium]
    /// Photo size in portrait orientation (a page turned by 90° gives a landscape photo).
    public var photoWidth = 3024
    public var photoHeight = 4032
    /// Depth map size in portrait orientation; nil writes no depth.
    public var depthWidth: Int? = 192
    public var depthHeight: Int? = 256
    /// 0: exact depth; 1: typical phone LiDAR noise and holes.
    public var depthNoise = 1.0
    /// Also write depth for flat photos (off: flat photos are the "no depth" case).
    public var depthForFlat = false
    public var withFlat = false
    public var flatDPI = 300.0
    public var fonts: [String] = FontCatalogue.all
    public var columns: Int?
    /// Dot-leader styles lists may use (dense dots make Tesseract read letters into the leader).
    public var leaders: [LeaderStyle] = LeaderStyle.allCases
    public var fakeRate = 0.15
    public var year = 2025
    public var maxTilt = 40.0
    /// Largest in-plane rotation, degrees (flat shots use at most 4°, bent pages 10°).
    public var maxRotation = 15.0
    /// Allow 90° and 180° turns of the page in the photo.
    public var turns = true
    /// Wine lists print exactly these wines instead of a random draw.
    public var selection: WineSelection?

    public init() {}

    public func shape(for index: Int) -> PageShape { shapes[index % shapes.count] }
    public func strength(for index: Int) -> EffectStrength { effects[index % effects.count] }
}
