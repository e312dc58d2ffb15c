import CLeptonica
import Imaging

/// Renders lines of text with leptonica's built-in bitmap font: enough for Tesseract to read,
/// without depending on the synthesis module.
public enum TextImage {
    public static func render(_ lines: [String], fontSize: Int32 = 10, width: Int = 1000, lineSpacing: Int = 40) -> Raster {
        Leptonica.configure()
        let height = lineSpacing * (lines.count + 1)
        let pix = Pix(Raster(width: width, height: height, channels: 1, fill: 255))
        let bmf = bmfCreate(nil, fontSize)
        defer { var b = bmf; bmfDestroy(&b) }
        for (i, line) in lines.enumerated() {
            var w: Int32 = 0, overflow: Int32 = 0
            pixSetTextline(pix.pointer, bmf, line, 0, 30, Int32(lineSpacing * (i + 1)), &w, &overflow)
        }
        return pix.raster()
    }
}
