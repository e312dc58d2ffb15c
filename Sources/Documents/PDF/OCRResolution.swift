/// The resolution a page is rendered at for Tesseract, chosen from the page's own print.
///
/// Tesseract reads best when the x-height is a couple of dozen pixels; the photo pipeline scales its pages
/// to 24 px. A PDF says how large its print is: a Latin font's x-height is about half its size, so the body
/// text's size (the median over glyphs, so a large heading does not count for more than its letters) gives
/// the resolution directly. Without a text layer to measure, 300 ppi, the scanning default, which puts a
/// 10 pt x-height at about 21 px.
public enum OCRResolution {
    public static let defaultXHeight = 24.0
    public static let defaultPPI = 300.0
    /// Bounds on the chosen resolution: below 150 ppi Tesseract loses the small print that sits beside the
    /// large (prices, vintages); above 600 the render only grows.
    public static let minPPI = 150.0
    public static let maxPPI = 600.0
    /// x-height as a share of the font size, for Latin text faces.
    static let xHeightShare = 0.5

    /// The glyph-weighted median font size of the words, in points; nil without sized words.
    public static func bodyFontSize(_ words: [PDFWord]) -> Double? {
        let sized = words.filter { $0.fontSize > 0 && $0.fontSize.isFinite }
            .map { ($0.fontSize, $0.text.unicodeScalars.count) }
            .sorted { $0.0 < $1.0 }
        let total = sized.reduce(0) { $0 + $1.1 }
        guard total > 0 else { return nil }
        var seen = 0
        for (size, count) in sized {
            seen += count
            if 2 * seen >= total { return size }
        }
        return sized.last?.0
    }

    /// The resolution that puts the body text at `targetXHeight` pixels, within the bounds.
    public static func ppi(for words: [PDFWord], targetXHeight: Double = defaultXHeight) -> Double {
        guard let size = bodyFontSize(words) else { return defaultPPI }
        let ppi = targetXHeight * 72 / (xHeightShare * size)
        return min(max(ppi.rounded(), minPPI), maxPPI)
    }
}
