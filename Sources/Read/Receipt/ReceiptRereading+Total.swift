import Flattening
import Imaging
import Recognition

extension ReceiptRereading {
    /// Heights (pixels) a total's line is brought to before it is read alone: the date line's,
    /// for the same reason (a digit's strokes kept apart).
    static var totalLineHeights: [Double] { dateLineHeights }

    /// Reads the total's lines of a receipt that does not add up (or whose strongest total line gave
    /// no amount) again on their own, at two larger sizes, by both readers: the other misreads
    /// other digits than the first, and the first, given the line alone, often reads past what
    /// crowded it on the page (a pen stroke through "94.19" read "194.19"). The parser keeps a
    /// reading only when the bill's arithmetic agrees with it (`withRereadTotal`). Switched off with
    /// the date's line reading (`readDate`): both are the closer looks at a line.
    func withTotalReading(_ result: Result, flat: FlattenedPage) -> Result {
        guard readDate else { return result }
        let page = result.page
        let indices = parser.totalLines(of: page, receipt: result.receipt)
        guard !indices.isEmpty else { return result }
        let readers = (otherReader.map { [$0] } ?? []) + [recognize]
        let texts = linesReadAlone(indices, of: page, raster: flat.raster, heights: Self.totalLineHeights, readers: readers)
        guard !texts.isEmpty else { return result }
        var out = result
        out.receipt = parser.withRereadTotal(result.receipt, page: page, rereadings: texts)
        out.totalLineReadings = texts.count
        out.totalFromLineReading = out.receipt.total != result.receipt.total
        return out
    }
}
