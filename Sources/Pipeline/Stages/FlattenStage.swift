import Documents
import Flattening
import Read
import Recognition
import StepTrace

/// The flatten stage: the photo made flat and upright (by its depth map, else by the image
/// alone), prepared as its plan says: the receipt's own tone curve when the page is taken for a
/// receipt, and the photograph's own grey levels when PP-OCR will read it.
struct FlattenStage {
    let flattener: Flattener
    /// The receipts' preset, for pages taken for receipts.
    let receiptFlattener: Flattener
    /// Both for pages PP-OCR will read (`ImageRectifier.Options.forPPOCR`).
    let ppocrFlattener: Flattener
    let ppocrReceiptFlattener: Flattener
    let degradation: Degradation
    /// The worker's orientation detector, shared with Read.
    let orientation: PageOrientation

    /// Whether the flatteners read gray (the loader then decodes to gray at once) or keep colour to
    /// take each pixel's darkest channel.
    let readsGray: Bool

    init(settings: FlattenSettings, degradation: Degradation, orientation: PageOrientation) {
        self.orientation = orientation
        self.degradation = degradation
        readsGray = settings.readsGray
        func flattener(_ preset: FlattenSettings.Preset, ppocr: Bool) -> Flattener {
            Flattener(rectifier: ImageRectifier(options: ppocr ? preset.rectifier.forPPOCR() : preset.rectifier),
                      depth: DepthFlattener(options: preset.depth))
        }
        self.flattener = flattener(settings.lists, ppocr: false)
        receiptFlattener = flattener(settings.receipts, ppocr: false)
        ppocrFlattener = flattener(settings.lists, ppocr: true)
        ppocrReceiptFlattener = flattener(settings.receipts, ppocr: true)
    }

    /// `kind` and `engine`: what the page's plan takes it for and reads it with.
    func flatten(_ photo: PagePhoto, kind: DocumentKind, engine: RecognitionEngine) -> FlattenedPage {
        let chosen = switch (engine, kind == .receipt) {
        case (.tesseract, false): flattener
        case (.tesseract, true): receiptFlattener
        case (.ppocr, false): ppocrFlattener
        case (.ppocr, true): ppocrReceiptFlattener
        }
        var flat = degradation.disableFlattening
            ? FlattenedPage(raster: photo.image.raster, ppi: photo.image.declaredPPI,
                            report: FlattenReport(method: .none, reason: "flattening disabled (degraded run)"))
            : chosen.flatten(photo, orientation: orientation.detector)
        if let problem = orientation.problem { flat.report.assumptions.append(problem) }
        if degradation.downscale > 1 {
            flat.raster = flat.raster.scaled(by: 1 / degradation.downscale)
            flat.ppi = flat.ppi.map { max(1, Int(Double($0) / degradation.downscale)) }
        }
        return flat
    }
}
