import Foundation
import Imaging
import StepTrace

extension ImageRectifier {
    /// A flat scan (see `FlatScan`) only turned upright: cropping, rotating by a degree or two,
    /// rescaling and re-toning a page that is already flat and evenly lit cost more letters than
    /// they win. Nil when the page is not a flat scan. Its dark boxes of white print are still
    /// inverted (`ReversePrint`): Tesseract's own inverted pass is off, and without this a flat
    /// page read worse than the raw CLI reads it (Inv3DReal's renders 0.898 against 0.949).
    /// `blobHeight`: median text-blob height in the scan's pixels.
    func keepFlatScan(_ scanned: Raster, blobHeight: Double, steps: inout StepLog, clock: inout StepTimer,
                      detector: (any OrientationDetector)?) -> FlattenedPage? {
        let scan = FlatScan.measure(scanned)
        clock.lap(.flatScan, into: &steps)
        guard scan.isFlat else {
            steps[.flatScan] = "no: " + scan.description
            return nil
        }
        steps[.flatScan] = "yes: \(scan.description); page kept as scanned"
        var gray = scanned
        if blobHeight > options.flatScanMaxBlobHeight {
            // Huge print only comes down (area-averaged); nothing else is touched.
            let factor = max(0.1, options.targetBlobHeight / blobHeight)
            if let reduced = Self.scaled(scanned, by: factor) {
                gray = reduced
                steps[.scale] = String(format: "%.2fx (text blobs %.0f → %.0f px)", factor, blobHeight, blobHeight * factor)
            }
            clock.lap(.scale, into: &steps)
        }
        invertReversePrint(&gray, textHeight: blobHeight * Double(gray.width) / Double(scanned.width), awayFromFrame: true,
                           steps: &steps, clock: &clock)
        if options.deferLevelOrientation {
            steps[.orientation] = Self.deferredOrientation
            var page = FlattenedPage(raster: gray, ppi: nil, report: FlattenReport(method: .imageOnly, steps: steps))
            page.pendingOrientation = .level
            return page
        }
        let oriented = Self.orient(gray, level: true, detector: detector, steps: &steps).raster
        clock.lap(.orient, into: &steps)
        return FlattenedPage(raster: oriented, ppi: nil, report: FlattenReport(method: .imageOnly, steps: steps))
    }
}
