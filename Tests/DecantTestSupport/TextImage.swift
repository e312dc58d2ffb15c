import Imaging

/// Pages of text in leptonica's built-in bitmap font: enough for Tesseract to read and for the
/// rectifier to find lines in, without depending on the synthesis module.
public enum TextImage {
    /// Lines `lineSpacing` apart from the top, starting 30 px from the left, on a page just tall
    /// enough for them.
    public static func render(_ lines: [String], fontSize: Int = 10, width: Int = 1000, lineSpacing: Int = 40) -> Raster {
        page(lines, width: width, height: lineSpacing * (lines.count + 1), fontSize: fontSize,
             left: 30, firstBaseline: lineSpacing, pitch: lineSpacing)
    }

    /// A white gray page of `width` × `height` with line i's baseline at `firstBaseline + i · pitch`,
    /// starting at `left`. `fontSize` is one of leptonica's sizes (4, 6, 8, 10, … 20).
    public static func page(_ lines: [String], width: Int, height: Int, fontSize: Int,
                            left: Int, firstBaseline: Int, pitch: Int) -> Raster {
        guard let font = BitmapFont(size: fontSize) else { fatalError("leptonica has no bitmap font of size \(fontSize)") }
        let placed = lines.enumerated().map { i, line in BitmapFont.Line(line, x: left, baseline: firstBaseline + i * pitch) }
        return font.drawing(placed, on: Raster(width: width, height: height, channels: 1, fill: 255))
    }
}
