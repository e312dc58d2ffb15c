/// Bounds that keep one hostile or broken PDF from taking a nightly batch's memory or time.
///
/// A PDF is small on disk and can still declare a hundred thousand pages or a page a kilometre wide (a "PDF
/// bomb"); every bound is checked from what the file declares, before anything is rendered.
public struct PDFLimits: Sendable, Equatable {
    /// A restaurant's list runs to a few dozen pages (the longest real one here has 45); 500 leaves room for
    /// a cellar book and stops a generated bomb.
    public var maxPages: Int
    /// The largest image one page may render to. An A4 page at 300 ppi is 8.7 MP and an A3 one 17.4 MP;
    /// a render that would be larger is made at a lower resolution instead (the resolution is reported).
    public var maxPixels: Int
    /// The longest side a page may have, in points. PDF 1.7 (Annex C) caps a page at 14,400 units (200 in);
    /// anything larger is a malformed or hostile file, not a menu.
    public var maxPageSide: Double
    /// The largest file that is opened at all.
    public var maxFileBytes: Int

    public init(maxPages: Int = 500, maxPixels: Int = 40_000_000, maxPageSide: Double = 14_400,
                maxFileBytes: Int = 200 << 20) {
        self.maxPages = maxPages
        self.maxPixels = maxPixels
        self.maxPageSide = maxPageSide
        self.maxFileBytes = maxFileBytes
    }

    public static let `default` = PDFLimits()
}
