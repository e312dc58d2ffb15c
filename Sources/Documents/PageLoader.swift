import Foundation
import Imaging

/// The load stage: a page source decoded, with what its sidecars say — a photo upright with its depth
/// and camera, or a PDF page as text from its text layer or rendered for OCR. Sidecar problems are
/// warnings, never failures: the photo is still read.
public struct PageLoader: Sendable {
    /// Size limits and how PDF pages are read.
    public var settings: LoadSettings
    /// Decode to gray at once (the flatteners read gray unless told to keep the darkest channel).
    public var grayscale: Bool
    /// Draw a small picture of text-layer pages for the review page.
    public var previews: Bool

    /// `grayscale` when the flatteners read gray, `previews` when the review page wants pictures of
    /// text-layer pages.
    public init(settings: LoadSettings = LoadSettings(), grayscale: Bool = true, previews: Bool = false) {
        self.settings = settings
        self.grayscale = grayscale
        self.previews = previews
    }

    var limits: ImageLimits { settings.limits }
    var pdfText: PDFTextMode { settings.pdfText }

    public func load(_ source: PageSource) throws(LoadFailure) -> LoadedPage {
        if let page = source.page { return try loadPDF(source, page: page) }
        let photo: PagePhoto
        do { photo = try loadPhoto(source) } catch { throw LoadFailure(kind: error.kind.rawValue, message: error.description) }
        return LoadedPage(content: .photo(photo), width: photo.image.raster.width, height: photo.image.raster.height,
                          format: photo.image.format.rawValue, photo: photo.facts, warnings: photo.warnings)
    }

    /// One page of a PDF: its text layer when it can be trusted (or `--pdf-text` says so), else the page
    /// rendered at the resolution its print needs (a rendered page is a flat scan for the stages after).
    func loadPDF(_ source: PageSource, page number: Int) throws(LoadFailure) -> LoadedPage {
        do {
            let document = try PDFDocument(path: source.path, limits: settings.pdfLimits)
            let page = try document.page(number)
            let reading = try page.read()
            let warnings = (document.repairs + reading.problems).map { "\(source.fileName): page \(number): \($0)" }
            let layerHasText = !reading.textLayer.isEmpty
            let useLayer = reading.isBlank || (pdfText == .auto && reading.verdict.isUsable) || (pdfText == .always && layerHasText)
            if useLayer {
                let ppi = reading.ocrPPI
                let width = max(1, Int((reading.size.width * ppi / 72).rounded()))
                let height = max(1, Int((reading.size.height * ppi / 72).rounded()))
                var text = TextLayerPage(layer: reading.textLayer, ppi: ppi, width: width, height: height)
                if previews {
                    // Small enough for the review page; the entry boxes are drawn on the text grid's coordinates.
                    let scale = min(1, Double(PreviewSize.maxSide) / Double(max(width, height)))
                    text.preview = try? page.render(ppi: ppi * scale).raster
                }
                let facts = PDFPageFacts(read: reading.isBlank ? .blank : .textLayer, textLayer: reading.verdict.kind,
                                         textLayerDetail: reading.verdict.detail.isEmpty ? nil : reading.verdict.detail, ppi: ppi)
                return LoadedPage(content: .text(text), width: width, height: height, format: "pdf", pdf: facts, warnings: warnings)
            }
            let render = try page.render(ppi: reading.ocrPPI)
            let image = LoadedImage(raster: grayscale ? render.raster.grayscale() : render.raster, format: .pdf,
                                    declaredPPI: Int(render.ppi.rounded()), warnings: render.problems.map { "\(source.fileName): page \(number): \($0)" })
            let why = pdfText == .never ? "read by OCR as --pdf-text never asks" : reading.verdict.detail
            let facts = PDFPageFacts(read: .ocr, textLayer: reading.verdict.kind, textLayerDetail: why.isEmpty ? nil : why,
                                     ppi: render.ppi)
            return LoadedPage(content: .photo(PagePhoto(image: image)), width: image.raster.width, height: image.raster.height,
                              format: "pdf", pdf: facts, warnings: warnings + image.warnings)
        } catch {
            throw LoadFailure(kind: error.kind.rawValue, message: Self.describe(error, in: source))
        }
    }

    /// "list.pdf: page 3: is damaged …", naming the file as the job folder shows it.
    static func describe(_ error: PDFError, in source: PageSource) -> String {
        "\(source.fileName): " + (error.page.map { "page \($0): " } ?? "") + error.message
    }
}

/// A page loaded: its content, and what pages.json says of the source.
public struct LoadedPage: Sendable {
    public var content: PageContent
    /// The source's size in pixels (a PDF page: at the resolution it was read at).
    public var width: Int
    public var height: Int
    public var format: String
    /// How a PDF page was read.
    public var pdf: PDFPageFacts?
    /// What a photo's own file gave beside its pixels (HEIF, depth or intrinsics inside).
    public var photo: PhotoFacts?
    /// Problems that did not stop the loading (a damaged JPEG read in part, a sidecar that cannot be used).
    public var warnings: [String]

    public init(content: PageContent, width: Int, height: Int, format: String, pdf: PDFPageFacts? = nil, photo: PhotoFacts? = nil,
                warnings: [String] = []) {
        self.content = content
        self.width = width
        self.height = height
        self.format = format
        self.pdf = pdf
        self.photo = photo
        self.warnings = warnings
    }
}

/// Why a page could not be loaded: the kind (as pages.json names it) and a message naming the file and page.
public struct LoadFailure: Error, Sendable {
    public var kind: String
    public var message: String
}

/// The longest side of the review page's pictures (Reporting's `PagePreview.maxSide`, which Documents
/// cannot see): a text-layer page is drawn no larger.
enum PreviewSize {
    static let maxSide = 1400
}
