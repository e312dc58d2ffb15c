import RecognizedText

/// Every line PP-OCR read from a page, kept as characters with their time steps and crops until
/// words are split, so one (costly) reading can be laid out with different word-spacing settings.
public struct PageReading: Sendable {
    struct Line: Sendable {
        var reading: LineReading
    }

    public var width: Int
    public var height: Int
    /// Which way the page's lines run.
    public var turn: PageTurn
    var lines: [Line]
    /// The paper added around the page before it was read (`PagePadding`); `width` and `height`
    /// include it, the pages this reading gives do not.
    var margin = 0

    /// Each detected line's characters as the recognizer decoded them (detection order), for
    /// measuring: the probabilities behind a reading.
    public var decodedLines: [[CTCCharacter]] { lines.map(\.reading.characters) }

    /// The page's lines in reading order, split into words (also at glyph gaps of at least
    /// `gapRatio` text-band heights when `splitWords`).
    public func page(splitWords: Bool, gapRatio: Double, adaptiveGaps: Bool = false) -> RecognizedPage {
        let read = lines.compactMap { $0.reading.line(splitWords: splitWords, gapRatio: gapRatio, adaptiveGaps: adaptiveGaps) }
        let upright = RecognizedPage(width: width, height: height, lines: read).rotated(quarterTurnsClockwise: turn.quarterTurnsToUpright)
        let page = RecognizedPage(width: width, height: height, lines: ReadingOrder.arrange(read, upright: upright.lines.map(\.box)))
        return margin == 0 ? page : page.moved(dx: -margin, dy: -margin, width: width - 2 * margin, height: height - 2 * margin)
    }
}
