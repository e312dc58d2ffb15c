import Documents

/// How photos are flattened: a preset per kind of page, each the image-only rectifier's and the
/// depth path's options. Receipts differ from lists in their photometric steps only (tone curve,
/// paper background, sharpening); everything about geometry is shared. A tuning run changes one
/// field of one preset (`decant-bench run --set flatten.receipts.rectifier.toneCurve=2`).
public struct FlattenSettings: Sendable, Equatable, Codable {
    public struct Preset: Sendable, Equatable, Codable {
        public var rectifier: ImageRectifier.Options
        public var depth: DepthFlattener.Options

        public init(rectifier: ImageRectifier.Options, depth: DepthFlattener.Options) {
            self.rectifier = rectifier
            self.depth = depth
        }

        /// Wine lists and every page not taken for a receipt: the measured defaults, with level pages'
        /// orientation left to the first reading, which the pipeline checks (`UprightEvidence`).
        public static let lists: Preset = {
            var rectifier = ImageRectifier.Options()
            rectifier.deferLevelOrientation = true
            return Preset(rectifier: rectifier, depth: DepthFlattener.Options())
        }()

        /// Pages taken for receipts: the lists' preset with the receipts' photometry (`forReceipts`).
        public static let receipts = Preset(rectifier: lists.rectifier.forReceipts(), depth: lists.depth.forReceipts())
    }

    public var lists: Preset
    public var receipts: Preset

    public init(lists: Preset = .lists, receipts: Preset = .receipts) {
        self.lists = lists
        self.receipts = receipts
    }

    public func preset(for kind: DocumentKind) -> Preset { kind == .receipt ? receipts : lists }

    /// Whether every flattener reads gray, so photos can be decoded to gray at once; a preset that
    /// takes each pixel's darkest channel needs them in colour.
    public var readsGray: Bool { !lists.rectifier.darkestChannel && !receipts.rectifier.darkestChannel }
}
