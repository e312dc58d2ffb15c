import Imaging

extension ImageRectifier {
    /// A flat scan (see `FlatScan`) only turned upright: cropping, rotating by a degree or two,
    /// rescaling and re-toning a page that is already flat and evenly lit cost more letters than
    /// they win. Nil when the page is not a flat scan.
    func keepFlatScan(_ gray: Raster, steps: inout [String: String], clock: inout StepClock,
                      detector: (any OrientationDetector)?) -> FlattenedPage? {
        let scan = FlatScan.measure(gray)
        clock.lap("flatScan", into: &steps)
        guard scan.isFlat else {
            steps["flatScan"] = "no: " + scan.description
            return nil
        }
        steps["flatScan"] = "yes: \(scan.description); page kept as scanned"
        if options.deferLevelOrientation {
            steps["orientation"] = Self.deferredOrientation
            var page = FlattenedPage(raster: gray, ppi: nil, report: FlattenReport(method: .imageOnly, steps: steps))
            page.pendingOrientation = .level
            return page
        }
        let oriented = orient(gray, level: true, detector: detector, steps: &steps).raster
        clock.lap("orient", into: &steps)
        return FlattenedPage(raster: oriented, ppi: nil, report: FlattenReport(method: .imageOnly, steps: steps))
    }
}
