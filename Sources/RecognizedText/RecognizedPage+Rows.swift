extension RecognizedPage {
    /// The page with the lines of each printed row joined into one line, left to right
    /// (`PrintedRows`): what Tesseract's single-block mode gives, and what a receipt's parser needs
    /// to see a description and its amount on one line. A recognizer that returns each text box as a
    /// line (PP-OCR boxes a receipt's description and its amount apart, even the words of one
    /// address line) reads a receipt as lines of description and lines of bare amounts otherwise.
    /// Lines the reader put in different blocks or paragraphs stay apart.
    public func joiningRows() -> RecognizedPage {
        let rows = PrintedRows.group(lines.map(\.box)) { a, b in
            lines[a].block == lines[b].block && lines[a].paragraph == lines[b].paragraph
        }
        let joined = rows.map { row -> RecognizedLine in
            guard row.count > 1 else { return lines[row[0]] }
            let words = row.flatMap { lines[$0].words }
            guard !words.isEmpty else { return lines[row[0]] }
            return RecognizedLine(words: words, block: lines[row[0]].block, paragraph: lines[row[0]].paragraph)
        }
        return RecognizedPage(width: width, height: height, lines: joined)
    }
}
