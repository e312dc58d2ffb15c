import Flattening
import Imaging
import Recognition
import RecognizedText

extension ReceiptRereading {
    /// Heights (pixels) a date line is brought to before it is read alone: larger than the page's
    /// preferred text height, because a digit misread on the page ("2016" for 2018, "18/02" for
    /// 16/02) is usually a stroke too thin at that size. Two sizes, and both must agree to overturn
    /// the page: enlarged digits are misread too, the same way at every size ("27/05" read 27/06 at
    /// three sizes on a SROIE scan), and a third, larger size lost as many dates as it won there.
    static var dateLineHeights: [Double] { [36, 52] }

    /// Reads the line holding the receipt's date (or, when none was read, the lines that should
    /// hold one) again on its own, as a single text line at two larger sizes, and lets the
    /// parser choose between the page's date and these readings (`withRereadDate`). A line
    /// read alone is not crowded by its neighbours' layout, and enlarged its digits keep their
    /// strokes apart.
    func withDateReading(_ result: Result, flat: FlattenedPage) -> Result {
        guard readDate else { return result }
        let page = result.page
        let indices = parser.dateLines(of: page, receipt: result.receipt).filter(page.lines.indices.contains)
        guard !indices.isEmpty else { return result }
        // A date the page did not read at all (its shape damaged) is looked at by the other reader
        // too: it damages other strokes. A date the page read is overturned by the first reader's
        // closer look only: with both readers voting on every date line, SROIE lost a date it had
        // read ("09 MAY 2018" voted to 8 May) and won none.
        let readers = result.receipt.date == nil ? [recognize] + (otherReader.map { [$0] } ?? []) : [recognize]
        let texts = linesReadAlone(indices, of: page, raster: flat.raster, heights: Self.dateLineHeights, readers: readers).map(\.text)
        guard !texts.isEmpty else { return result }
        var out = result
        out.receipt = parser.withRereadDate(result.receipt, page: page, rereadings: texts)
        out.dateLineReadings = texts.count
        return out
    }
}

extension ReceiptRereading {
    /// Lines of `page` read again alone: each cropped from the raster with a margin, brought to
    /// each of `heights`, and read as one text line by each of `readers`, in that order.
    func linesReadAlone(_ indices: [Int], of page: RecognizedPage, raster: Raster, heights: [Double],
                        readers: [(Raster, Int?, PageSegmentation) throws -> RecognizedPage]) -> [(line: Int, text: String)] {
        var texts: [(line: Int, text: String)] = []
        for index in indices where page.lines.indices.contains(index) {
            let box = page.lines[index].box
            guard let crop = ReceiptScale.lineCrop(box, width: raster.width, height: raster.height) else { continue }
            let line = raster.cropped(to: crop)
            for target in heights {
                let factor = ReceiptScale.lineFactor(box, target: target)
                for reader in readers {
                    guard let reading = try? reader(line.scaled(by: factor), nil, .singleLine) else { continue }
                    texts.append((index, reading.lines.map(\.text).joined(separator: " ")))
                }
            }
        }
        return texts
    }
}

extension ReceiptScale {
    /// The region a line is read alone from: its box with a margin of about half a line above and
    /// below (Tesseract drops glyphs that touch the image edge) and a letter's width at the ends,
    /// within the page. Nil for a box too small to hold a date.
    public static func lineCrop(_ box: PixelRect, width: Int, height: Int) -> PixelRect? {
        guard box.height >= 4, box.width >= 8 else { return nil }
        let padY = max(2, box.height * 2 / 5), padX = max(4, box.height)
        let crop = box.padded(x: padX, y: padY, within: width, height)
        return crop.width > 0 && crop.height > 0 ? crop : nil
    }

    /// The scale that brings a line's box to `target` pixels high, kept between 0.3 and 4 so that a
    /// misjudged box cannot blow a crop up or shrink it to nothing.
    public static func lineFactor(_ box: PixelRect, target: Double) -> Double {
        min(max(target / Double(max(box.height, 1)), 0.3), 4)
    }
}
