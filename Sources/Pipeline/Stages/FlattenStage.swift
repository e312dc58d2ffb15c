import Documents
import Flattening
import Read
import Recognition
import StepTrace

/// The flatten stage: the photo made flat and upright (by its depth map, else by the image
/// alone), with the receipt's own tone curve when the page is expected to be a receipt, and the
/// photograph's own grey levels when PP-OCR will read it.
struct FlattenStage: Sendable {
    let flattener: Flattener
    /// The same with the receipt tone curve, for pages expected to be receipts.
    let receiptFlattener: Flattener
    /// Both for pages PP-OCR will read (`ImageRectifier.Options.forPPOCR`).
    let ppocrFlattener: Flattener
    let ppocrReceiptFlattener: Flattener
    let degradation: Degradation

    init(settings: RunSettings) {
        flattener = Flattener(rectifier: ImageRectifier(options: settings.rectifier))
        receiptFlattener = Flattener(rectifier: ImageRectifier(options: settings.rectifier.forReceipts()),
                                     depth: DepthFlattener(options: DepthFlattener.Options().forReceipts()))
        ppocrFlattener = Flattener(rectifier: ImageRectifier(options: settings.rectifier.forPPOCR()))
        ppocrReceiptFlattener = Flattener(rectifier: ImageRectifier(options: settings.rectifier.forReceipts().forPPOCR()),
                                          depth: DepthFlattener(options: DepthFlattener.Options().forReceipts()))
        degradation = settings.degradation
    }

    /// `orientation` is the reader's detector, `orientationProblem` why there is none; `engine` the
    /// recognizer the page is planned for.
    func flatten(_ photo: PagePhoto, expectsReceipt: Bool, engine: RecognitionEngine, orientation: OSDOrientation?,
                 orientationProblem: String?) -> FlattenedPage {
        let chosen = switch (engine, expectsReceipt) {
        case (.tesseract, false): flattener
        case (.tesseract, true): receiptFlattener
        case (.ppocr, false): ppocrFlattener
        case (.ppocr, true): ppocrReceiptFlattener
        }
        var flat = degradation.disableFlattening
            ? FlattenedPage(raster: photo.image.raster, ppi: photo.image.declaredPPI,
                            report: FlattenReport(method: .none, reason: "flattening disabled (degraded run)"))
            : chosen.flatten(photo, orientation: orientation)
        if let orientationProblem { flat.report.assumptions.append(orientationProblem) }
        if degradation.downscale > 1 {
            flat.raster = flat.raster.scaled(by: 1 / degradation.downscale)
            flat.ppi = flat.ppi.map { max(1, Int(Double($0) / degradation.downscale)) }
        }
        return flat
    }
}
