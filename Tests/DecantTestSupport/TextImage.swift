import Imaging

/// Renders lines of text with leptonica's built-in bitmap font: enough for Tesseract to read,
/// without depending on the synthesis module.
public enum TextImage {
    public static func render(_ lines: [String], fontSize: Int = 10, width: Int = 1000, lineSpacing: Int = 40) -> Raster {
        let height = lineSpacing * (lines.count + 1)
        guard let font = BitmapFont(size: fontSize) else { fatalError("leptonica has no bitmap font of size \(fontSize)") }
        let placed = lines.enumerated().map { i, line in BitmapFont.Line(line, x: 30, baseline: lineSpacing * (i + 1)) }
        return font.drawing(placed, on: Raster(width: width, height: height, channels: 1, fill: 255))
    }
}
