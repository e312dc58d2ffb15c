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
    /// A measuring run's own flattening (`MeasuringAids.flattenOverride`).
    let override: FlattenOverride?
    /// The worker's orientation detector, shared with Read.
    let orientation: PageOrientation

    /// Whether the flatteners read gray (the loader then decodes to gray at once) or keep colour to
    /// take each pixel's darkest channel.
    let readsGray: Bool

    init(settings: FlattenSettings, override: FlattenOverride?, orientation: PageOrientation) {
        self.orientation = orientation
        self.override = override
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
        let detector = orientation.detector
        var flat = override.map { $0.flatten(photo, { chosen.flatten(photo, orientation: detector) }) }
            ?? chosen.flatten(photo, orientation: detector)
        if let problem = orientation.problem { flat.report.assumptions.append(problem) }
        return flat
    }
}
