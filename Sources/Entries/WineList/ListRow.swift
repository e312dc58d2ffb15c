import Foundation
import Imaging
import RecognizedText

/// One printed row of a list: the words on one baseline within one column, left to right, wherever
/// Tesseract put them (a price read as its own block, a bin number, the name between them).
///
/// Positions are in the page's upright frame: the page's skew, estimated from the words' own
/// baselines, is rotated out, so "flush left", "same baseline" and "under this header" mean what
/// they mean on the printed page even on a slightly rotated photo.
public struct ListRow: Sendable, Equatable {
    public var words: [RecognizedWord]
    /// Column the row belongs to, counted from the left; nil for a row across columns (a title, a footer).
    public var column: Int?
    public var left: Double
    public var right: Double
    public var top: Double
    public var bottom: Double
    /// Upright horizontal extent of each word, in `words` order (for price columns under a header).
    public var wordSpans: [ClosedRange<Double>]
    /// Index of the recognized line each word came from, in `words` order.
    public var sourceLines: [Int]
    /// The pieces the row was joined from (runs of words read together), left to right: where each
    /// stood is what decided that a price far from its name is on the name's row.
    public var pieces: [Piece] = []
    /// The piece each word belongs to, in `words` order.
    public var wordPieces: [Int] = []

    /// A run of words Tesseract read together on one line without a wide gap inside, as joined into
    /// the row.
    public struct Piece: Sendable, Equatable {
        /// Index of the recognized line the piece came from.
        public var line: Int
        /// Horizontal extent in the upright frame, pixels.
        public var left: Double
        public var right: Double
        /// Vertical middle in the frame the rows were joined in (along the lines' course when the
        /// page has one), pixels.
        public var middle: Double
        /// Vertical middle after the page's rotation alone: what a straight band would have compared.
        public var straightMiddle: Double
        /// Put on this row with its whole price column, which stood a row off its wines
        /// (`DisplacedPrices`).
        public var movedWithColumn = false
    }

    public var text: String { words.map(\.text).joined(separator: " ") }
    public var height: Double { bottom - top }
    public var middle: Double { (top + bottom) / 2 }

    /// The row as a recognized line (block = column + 1, 0 for rows across columns), for reports and
    /// for callers that read lines.
    public var line: RecognizedLine {
        RecognizedLine(words: words, block: column.map { $0 + 1 } ?? 0, paragraph: 0)
    }
}
