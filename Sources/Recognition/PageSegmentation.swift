/// Tesseract's page segmentation modes that make sense for whole pages.
public enum PageSegmentation: Int, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Full automatic layout analysis: finds columns, so wine lists with two columns read correctly.
    case auto = 3
    /// One column of text of varying sizes: narrow receipts, whose right-aligned amounts belong to the line.
    case singleColumn = 4
    /// One uniform block of text.
    case singleBlock = 6
    /// One line of text: a small region read again on its own.
    case singleLine = 7
    /// As much text as possible in no particular order.
    case sparse = 11

    public var description: String { "\(rawValue)" }
}
