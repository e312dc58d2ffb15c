import Imaging

extension RecognizedPage {
    /// The same reading on the page turned by `turns` quarter turns clockwise (as
    /// `Raster.rotated(quarterTurnsClockwise:)` turns its pixels): every box moved with its text,
    /// width and height swapped on odd turns.
    public func rotated(quarterTurnsClockwise turns: Int) -> RecognizedPage {
        let t = ((turns % 4) + 4) % 4
        guard t != 0 else { return self }
        let (w, h) = (width, height)
        func turn(_ r: PixelRect) -> PixelRect {
            switch t {
            case 1: PixelRect(x: h - r.y - r.height, y: r.x, width: r.height, height: r.width)
            case 2: PixelRect(x: w - r.x - r.width, y: h - r.y - r.height, width: r.width, height: r.height)
            default: PixelRect(x: r.y, y: w - r.x - r.width, width: r.height, height: r.width)
            }
        }
        let lines = lines.map { line in
            var line = line
            line.box = turn(line.box)
            line.words = line.words.map { RecognizedWord(text: $0.text, box: turn($0.box), confidence: $0.confidence) }
            return line
        }
        return t % 2 == 0 ? RecognizedPage(width: w, height: h, lines: lines) : RecognizedPage(width: h, height: w, lines: lines)
    }
}
