import Documents
import Entries
import Evaluation

/// A composed page before it is photographed: what to print where, and what that print says.
/// Composition and truth are produced together so the truth cannot drift from the print.
public struct FlatDocument: Sendable {
    public var kind: DocumentKind
    public var widthMM: Double
    public var heightMM: Double
    public var paper: RGB
    public var pieces: [PlacedText]
    public var rules: [PrintedRule]
    /// The page's text lines in reading order, words separated by single spaces.
    public var lines: [String]
    public var entries: [GroundTruth.Entry]
    public var receipt: GroundTruth.ReceiptTruth?
    /// one-column, two-column, receipt-80mm …
    public var layout: String
    /// Everything chosen while composing (fonts, styles, currency), for the ground truth's generator block.
    public var parameters: [String: String]

    public init(kind: DocumentKind, widthMM: Double, heightMM: Double, paper: RGB, pieces: [PlacedText],
                rules: [PrintedRule], lines: [String], entries: [GroundTruth.Entry], receipt: GroundTruth.ReceiptTruth?,
                layout: String, parameters: [String: String]) {
        self.kind = kind
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.paper = paper
        self.pieces = pieces
        self.rules = rules
        self.lines = lines
        self.entries = entries
        self.receipt = receipt
        self.layout = layout
        self.parameters = parameters
    }

    /// Font families the page prints with, sorted (each must be installed).
    public var families: [String] { Array(Set(pieces.map(\.font.family))).sorted() }
}
