import Imaging

/// What the load stage gives for a page: a picture to flatten and read, or text that needs no OCR.
public enum PageContent: Sendable {
    /// A photo or scan, or a PDF page rendered for OCR.
    case photo(PagePhoto)
    /// A PDF page read from its text layer.
    case text(TextLayerPage)
}

/// A PDF page's words from its text layer, laid on a pixel grid as if the page had been rendered at `ppi`:
/// the row building and parsing downstream measure in pixels, and at this resolution the print has the
/// x-height a render for OCR would give it, so a text-layer page and an OCR'd one look alike to them.
public struct TextLayerPage: Sendable {
    public var layer: PDFTextLayer
    public var ppi: Double
    /// The page's size in pixels at `ppi`.
    public var width: Int
    public var height: Int
    /// The page drawn small for the review page, when previews are wanted.
    public var preview: Raster?

    public init(layer: PDFTextLayer, ppi: Double, width: Int, height: Int, preview: Raster? = nil) {
        self.layer = layer
        self.ppi = ppi
        self.width = width
        self.height = height
        self.preview = preview
    }
}

/// How a PDF page was read, for pages.json.
public struct PDFPageFacts: Sendable, Equatable, Codable {
    public var read: ReadMethod
    /// The verdict on the text layer: `usable`, `none`, `unmapped glyphs`, `hidden text`, `covered text`,
    /// `misaligned` — why a page was read by OCR, or that its layer was used.
    public var textLayer: TextLayerVerdict.Kind
    /// What the verdict rests on or what was mended ("3 ligatures written out", "12 % of glyphs unmapped").
    public var textLayerDetail: String?
    /// The resolution the page was rendered at for OCR, or the grid its text layer was laid on.
    public var ppi: Double

    public init(read: ReadMethod, textLayer: TextLayerVerdict.Kind, textLayerDetail: String?, ppi: Double) {
        self.read = read
        self.textLayer = textLayer
        self.textLayerDetail = textLayerDetail
        self.ppi = ppi
    }
}

/// When a PDF page is read from its text layer (`--pdf-text`).
public enum PDFTextMode: String, Sendable, Codable, CaseIterable {
    /// The text layer when it can be trusted, else OCR of the rendered page.
    case auto
    /// The text layer whatever it looks like (OCR only when the page has no text at all).
    case always
    /// OCR of the rendered page, even when the text layer is sound.
    case never
}
