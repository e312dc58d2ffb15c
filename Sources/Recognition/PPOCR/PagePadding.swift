import Imaging
import RecognizedText

/// A margin of paper around the page before PP-OCR reads it. The detector finds a line only where
/// it sees the line's edges, and a page cropped tight to its text (a receipt scanned edge to edge,
/// a page the rectifier cropped around its text) loses its first and last letters or whole lines
/// at the border: on SROIE's scans "Terminal" read "1erminal" and "Date" read "Uate" at the left
/// edge. The margin is filled with the page's border level (its paper), so it adds no ink.
enum PagePadding {
    /// `page` with `margin` pixels of its border's median level on every side.
    static func padded(_ page: Raster, margin: Int) -> Raster {
        guard margin > 0 else { return page }
        let c = page.channels, w = page.width + 2 * margin, h = page.height + 2 * margin
        let fill = borderLevel(page)
        var out = [UInt8](repeating: 0, count: w * h * c)
        for i in 0..<(w * h) { for k in 0..<c { out[i * c + k] = fill[k] } }
        page.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                let row = page.width * c
                for y in 0..<page.height {
                    let from = y * row, to = ((y + margin) * w + margin) * c
                    for k in 0..<row { dst[to + k] = src[from + k] }
                }
            }
        }
        return Raster(width: w, height: h, channels: c, pixels: out)
    }

    /// Per channel, the median of the page's outermost rows and columns.
    static func borderLevel(_ page: Raster) -> [UInt8] {
        (0..<page.channels).map { k in
            var values: [UInt8] = []
            for x in 0..<page.width { values.append(page[x, 0, k]); values.append(page[x, page.height - 1, k]) }
            for y in 0..<page.height { values.append(page[0, y, k]); values.append(page[page.width - 1, y, k]) }
            values.sort()
            return values.isEmpty ? 255 : values[values.count / 2]
        }
    }

    /// The margin for a page: a small share of its longer side, so it scales with the print.
    static func margin(width: Int, height: Int, share: Double) -> Int {
        Int((Double(max(width, height)) * share).rounded())
    }
}

extension RecognizedPage {
    /// The reading with every box moved by (`dx`, `dy`) and clipped to a `width` × `height` page:
    /// a reading of a padded page, put back on the page.
    func moved(dx: Int, dy: Int, width: Int, height: Int) -> RecognizedPage {
        let lines = lines.compactMap { line -> RecognizedLine? in
            let words = line.words.compactMap { word -> RecognizedWord? in
                let r = word.box
                let x0 = max(0, r.x + dx), y0 = max(0, r.y + dy)
                let x1 = min(width, r.x + r.width + dx), y1 = min(height, r.y + r.height + dy)
                guard x1 > x0, y1 > y0 else { return nil }
                return RecognizedWord(text: word.text, box: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0),
                                      confidence: word.confidence)
            }
            return words.isEmpty ? nil : RecognizedLine(words: words, block: line.block, paragraph: line.paragraph)
        }
        return RecognizedPage(width: width, height: height, lines: lines)
    }
}
