extension RecognizedPage {
    /// The page with the lines of each printed row joined into one line, left to right: what
    /// Tesseract's single-block mode gives, and what a receipt's parser needs to see a description
    /// and its amount on one line. A recognizer that returns each text box as a line (PP-OCR boxes a
    /// receipt's description and its amount apart, even the words of one address line) reads a
    /// receipt as lines of description and lines of bare amounts otherwise.
    ///
    /// Lines in reading order belong to one row when each lies to the right of the one before and
    /// its vertical center is within half a line height of the row's first line's.
    public func joiningRows() -> RecognizedPage {
        var rows: [[RecognizedLine]] = []
        for line in lines {
            if let row = rows.last, let first = row.first, let previous = row.last,
               first.block == line.block, first.paragraph == line.paragraph,
               line.box.x >= previous.box.x + previous.box.width / 2,
               abs(Double(2 * line.box.y + line.box.height) - Double(2 * first.box.y + first.box.height)) / 2
                   < 0.5 * Double(min(line.box.height, first.box.height)) {
                rows[rows.count - 1].append(line)
            } else {
                rows.append([line])
            }
        }
        let joined = rows.map { row -> RecognizedLine in
            guard row.count > 1 else { return row[0] }
            let words = row.flatMap(\.words)
            guard !words.isEmpty else { return row[0] }
            return RecognizedLine(words: words, block: row[0].block, paragraph: row[0].paragraph)
        }
        return RecognizedPage(width: width, height: height, lines: joined)
    }
}
