import Documents
import Flattening
import Read

/// The flatten stage: the photo made flat and upright (by its depth map, else by the image
/// alone), with the receipt's own tone curve when the page is expected to be a receipt.
struct FlattenStage: Sendable {
    let flattener: Flattener
    /// The same with the receipt tone curve, for pages expected to be receipts.
    let receiptFlattener: Flattener
    let degradation: Degradation

    init(settings: RunSettings) {
        flattener = Flattener(rectifier: ImageRectifier(options: settings.rectifier))
        receiptFlattener = Flattener(rectifier: ImageRectifier(options: settings.rectifier.forReceipts()),
                                     depth: DepthFlattener(options: DepthFlattener.Options().forReceipts()))
        degradation = settings.degradation
    }

    /// `orientation` is the reader's detector, `orientationProblem` why there is none.
    func flatten(_ photo: PagePhoto, expectsReceipt: Bool, orientation: OSDOrientation?, orientationProblem: String?) -> FlattenedPage {
        var flat = degradation.disableFlattening
            ? FlattenedPage(raster: photo.image.raster, ppi: photo.image.declaredPPI,
                            report: FlattenReport(method: .none, reason: "flattening disabled (degraded run)"))
            : (expectsReceipt ? receiptFlattener : flattener).flatten(photo, orientation: orientation)
        if let orientationProblem { flat.report.assumptions.append(orientationProblem) }
        if degradation.downscale > 1 {
            flat.raster = flat.raster.scaled(by: 1 / degradation.downscale)
            flat.ppi = flat.ppi.map { max(1, Int(Double($0) / degradation.downscale)) }
        }
        return flat
    }
}
