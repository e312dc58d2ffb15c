import CLeptonica
import Imaging

/// Pages of text in leptonica's built-in bitmap font: enough for Tesseract to read and for the
/// rectifier to find lines in, without depending on the synthesis module.
public enum TextImage {
    /// Lines `lineSpacing` apart from the top, starting 30 px from the left, on a page just tall
    /// enough for them.
    public static func render(_ lines: [String], fontSize: Int32 = 10, width: Int = 1000, lineSpacing: Int = 40) -> Raster {
        page(lines, width: width, height: lineSpacing * (lines.count + 1), fontSize: fontSize,
             left: 30, firstBaseline: lineSpacing, pitch: lineSpacing)
    }

    /// A white gray page of `width` × `height` with line i's baseline at `firstBaseline + i · pitch`,
    /// starting at `left`. `fontSize` is one of leptonica's sizes (4, 6, 8, 10, … 20).
    public static func page(_ lines: [String], width: Int, height: Int, fontSize: Int32,
                            left: Int, firstBaseline: Int, pitch: Int) -> Raster {
        Leptonica.configure()
        let pix = Pix(Raster(width: width, height: height, channels: 1, fill: 255))
        let bmf = bmfCreate(nil, fontSize)
        defer { var b = bmf; bmfDestroy(&b) }
        for (i, line) in lines.enumerated() {
            var w: Int32 = 0, overflow: Int32 = 0
            pixSetTextline(pix.pointer, bmf, line, 0, Int32(left), Int32(firstBaseline + i * pitch), &w, &overflow)
        }
        return pix.raster()
    }
}
