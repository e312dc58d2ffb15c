/// The layout facts that decided one wine entry: the column it was read in, how the page's rows were
/// straightened, which rows make it up and why, and where each price came from and what gave it its
/// meaning. Recorded by the parser as it decides, never worked out again afterwards, so a reviewer
/// sees the choices that were made rather than a second opinion that could disagree with them.
///
/// Positions are in the page's upright frame (the page's skew rotated out), in pixels; rows are
/// numbered as the lines the entry's `firstLine` / `lastLine` index.
public struct EntryLayout: Sendable, Equatable, Codable {
    /// The column of the page the entry was read in; nil for rows across the columns.
    public var column: Column?
    public var straightening: Straightening
    /// The entry's rows, top to bottom as read.
    public var rows: [Row]
    /// Why rows above the price row were taken as the wine's name; nil when the name is the price
    /// row's own.
    public var nameJoin: NameJoin?
    /// One per price of the entry, in its order.
    public var prices: [PriceSource]

    public init(column: Column?, straightening: Straightening, rows: [Row], nameJoin: NameJoin?, prices: [PriceSource]) {
        self.column = column
        self.straightening = straightening
        self.rows = rows
        self.nameJoin = nameJoin
        self.prices = prices
    }

    public struct Column: Sendable, Equatable, Codable {
        /// Counted from 0, left to right.
        public var index: Int
        public var count: Int
        /// The column's bounds: the gutters beside it, or the page's outermost text at its edges.
        public var left: Int
        public var right: Int

        public init(index: Int, count: Int, left: Int, right: Int) {
            self.index = index
            self.count = count
            self.left = left
            self.right = right
        }
    }

    /// How the recognized words were put upright before rows were joined.
    public struct Straightening: Sendable, Equatable, Codable {
        /// The one rotation every word was turned by, degrees (positive: lines descend to the right).
        public var skewDegrees: Double
        /// The unit every row tolerance is measured in, pixels.
        public var lineHeight: Double
        /// The lines' course the rows followed after the rotation; nil when one rotation was enough.
        public var field: Field?

        public init(skewDegrees: Double, lineHeight: Double, field: Field? = nil) {
            self.skewDegrees = skewDegrees
            self.lineHeight = lineHeight
            self.field = field
        }
    }

    /// The lines' course (`LineField`): residual tilt, convergence and bend in page-sized units,
    /// and how far the long lines' words stood off their lines before and after following it.
    public struct Field: Sendable, Equatable, Codable {
        public var tilt: Double
        public var convergence: Double
        public var bend: Double
        public var residualBefore: Double
        public var residualAfter: Double
        /// Where the lines turn past the names (a fold), as the short lines right of them show it.
        public var turn: Turn?

        public init(tilt: Double, convergence: Double, bend: Double, residualBefore: Double, residualAfter: Double, turn: Turn? = nil) {
            self.tilt = tilt
            self.convergence = convergence
            self.bend = bend
            self.residualBefore = residualBefore
            self.residualAfter = residualAfter
            self.turn = turn
        }
    }

    /// The lines' turn past the names (`LineField.Turn`): from `knot` (upright-page x, pixels)
    /// on, lines run straight at `slope` at the page's centre height, changing by `convergence`
    /// per page size down.
    public struct Turn: Sendable, Equatable, Codable {
        public var knot: Double
        public var slope: Double
        public var convergence: Double

        public init(knot: Double, slope: Double, convergence: Double) {
            self.knot = knot
            self.slope = slope
            self.convergence = convergence
        }
    }

    /// What a row is to its entry.
    public enum Role: String, Sendable, Codable {
        /// A row of the name above the price row (a wrapped name, a producer over its wine).
        case name
        /// The row ending in the prices.
        case price
        /// A line under the wine read as part of what names it (region and country).
        case detail
        /// A tasting note or description under the wine.
        case note
    }

    public struct Row: Sendable, Equatable, Codable {
        /// The line of the page's rows (as `firstLine` / `lastLine` count them).
        public var line: Int
        public var role: Role
        /// The row's words as read.
        public var text: String
        /// Starts at the column's margin; false when indented.
        public var flush: Bool

        public init(line: Int, role: Role, text: String, flush: Bool) {
            self.line = line
            self.role = role
            self.text = text
            self.flush = flush
        }
    }

    /// Why rows above the price row are the wine's.
    public enum NameJoin: String, Sendable, Codable {
        /// The price row is indented under a row at the margin: a wrapped name, or a producer line
        /// over a wine line.
        case indentedUnderFlushRow
        /// The row above breaks after a comma and the price row at the margin finishes it.
        case continuesAfterComma
        /// The price row holds prices alone: the wine is what stands above it.
        case pricesAloneOnRow
        /// The price is printed at the end of a note's first line: the name is the row above.
        case priceEndsNoteLine
        /// The rows are set tight onto the price row, after a clearly wider blank above them.
        case setAboveAfterWidestGap
        /// The prices follow the wine's note (at the end of its last line, or alone under it): the
        /// name is the row above the note.
        case pricesAfterNote
    }

    /// Where one price was found and what gave it its meaning.
    public struct PriceSource: Sendable, Equatable, Codable {
        /// The price's words as read.
        public var text: String
        /// The row the price was read on (its line).
        public var line: Int
        public var placement: Placement
        /// Left edge of the piece the price was read in, pixels (upright frame).
        public var x: Int
        /// How far the price's piece stood below (+) or above (−) the name's piece on the row, in
        /// line heights, as the rows were joined; nil when they were read together or the row holds
        /// no name.
        public var offset: Double?
        /// The same distance after the rotation alone: present when the lines' course placed the
        /// price, to show what a straight band would have compared.
        public var straightOffset: Double?
        public var meaning: Meaning
        /// The column meaning the price was given.
        public var column: PriceColumn
        /// The header row the meaning was read from, as printed ("Glass Bottle").
        public var header: String?
        /// A dot leader (dots glued to a word, or letters Tesseract made of dots) was dropped
        /// between the name and the prices.
        public var dotLeader: Bool

        public init(text: String, line: Int, placement: Placement, x: Int, offset: Double? = nil, straightOffset: Double? = nil,
                    meaning: Meaning, column: PriceColumn, header: String? = nil, dotLeader: Bool = false) {
            self.text = text
            self.line = line
            self.placement = placement
            self.x = x
            self.offset = offset
            self.straightOffset = straightOffset
            self.meaning = meaning
            self.column = column
            self.header = header
            self.dotLeader = dotLeader
        }
    }

    /// How a price came to stand on its wine's row.
    public enum Placement: String, Sendable, Codable {
        /// Read with the name, in one run of words.
        case withName
        /// On the name's recognized line, across a wide gap (a leader, a price column).
        case acrossGap
        /// Read as a line of its own (a price column read apart) and put on the name's row by geometry.
        case separateLine
        /// Prices alone on their row, under or beside the name.
        case ownRow
        /// Its price column stood a row off its wines (a fold moved it), as two or more sections of
        /// the page showed, and was put back: the price stood on the next (or previous) wine's row.
        case movedWithColumn
    }

    /// What gave a price its column meaning.
    public enum Meaning: String, Sendable, Codable {
        /// The header label standing above the price.
        case headerLabelAbove
        /// A header's labels, filled from the right (the header stands elsewhere or has no positions).
        case headerFromRight
        /// The row names the measure at the price ("125ml £4.00").
        case labelledOnRow
        /// A lone price is the bottle's.
        case lonePrice
        /// A lone price in a by-the-glass section is the glass's.
        case glassSection
        /// Two prices: the smaller is the glass's, the larger the bottle's.
        case pair
        /// More prices than a list without a header gives meanings to.
        case unknown
    }
}
