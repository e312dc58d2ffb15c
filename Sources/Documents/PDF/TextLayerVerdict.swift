/// Whether a page's text layer can be read as it is, or the page must be rendered and read with OCR, and why.
///
/// Problems that can be mended are mended and the layer stays usable (`TextRepairs` counts them): ligatures,
/// invisible characters, overprinted copies, words joined across a gutter, a few unmapped or hidden words.
/// The kinds below are the ones that cannot, because the layer does not hold what the page shows.
public struct TextLayerVerdict: Sendable, Equatable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// Read the text layer.
        case usable
        /// No text to read: a scanned page, text drawn as outlines or as an image, an image mask.
        case none
        /// Too many glyphs without a real Unicode mapping (a font without a ToUnicode map: the layer holds
        /// private-use codes, U+FFFD or control characters instead of letters).
        case unmappedGlyphs = "unmapped glyphs"
        /// Too many words with nothing drawn where they stand (white text on white, invisible text): the
        /// reader sees none of them.
        case hiddenText = "hidden text"
        /// Too many words whose glyphs do not show while a picture does where they stand: invisible text over
        /// an image of the text (a scan's OCR layer, text effects exported as images) or an image over the
        /// text. What the reader sees is the picture, so it is what gets read; the layer may say the same or
        /// may not.
        case coveredText = "covered text"
        /// poppler's text and its boxes did not line up, so no word has a trustworthy box.
        case misaligned
    }

    public var kind: Kind
    /// What was found, with the figures behind the decision ("312 of 1,840 glyphs (17 %) have no Unicode
    /// mapping"); for a usable layer, what was mended.
    public var detail: String

    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    public var isUsable: Bool { kind == .usable }

    public var description: String { detail.isEmpty ? kind.rawValue : "\(kind.rawValue): \(detail)" }
}
