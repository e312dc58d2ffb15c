import Foundation
import Imaging
import StepTrace

/// Image-only rectification of a photographed page: text-line direction over the full half-turn,
/// 0/180° (or 90/270°) orientation, crop to the text, text-line dewarping, background
/// normalization and scaling of the text to Tesseract's preferred size. Every step writes what it
/// found and what it cost into the report, so a bad page can be explained from pages.json.
public struct ImageRectifier: Sendable {
    public var options: Options

    public init(options: Options = Options()) { self.options = options }

    public func rectify(_ input: Raster, orientation detector: (any OrientationDetector)? = nil) -> FlattenedPage {
        var steps = StepLog()
        var clock = StepTimer()
        var gray = options.darkestChannel ? Self.darkestChannel(input) : input.grayscale()
        clock.lap(.gray, into: &steps)

        // 1. Reduced copy, background-normalized and thresholded: blobs for the geometry.
        let longSide = max(gray.width, gray.height)
        var reduction = min(1.0, Double(options.analysisLongSide) / Double(longSide))
        var analysis = TextBlobs.find(in: gray, reduction: reduction, adaptive: false)
        var adaptive = false
        if analysis.medianHeight < 8 && options.adaptiveThreshold {
            // Tiny blobs: faint print (pale thermal paper) broken into specks by the fixed
            // threshold, or small print merged by the reduction. Try the ink's own threshold,
            // then a closer look.
            let retry = TextBlobs.find(in: gray, reduction: reduction, adaptive: true)
            if retry.medianHeight > analysis.medianHeight { analysis = retry; adaptive = true }
        }
        var joinDots = false
        if analysis.medianHeight < 6 {
            // Still specks: dotted thermal or dot-matrix print. Close 3×3 to join each letter's dots.
            let retry = TextBlobs.find(in: gray, reduction: reduction, adaptive: adaptive, joinDots: true)
            if retry.medianHeight > analysis.medianHeight { analysis = retry; joinDots = true }
        }
        if analysis.medianHeight > 0 && analysis.medianHeight < 8 && reduction < 1 {
            reduction = min(1, reduction * 9 / Double(analysis.medianHeight))
            analysis = TextBlobs.find(in: gray, reduction: reduction, adaptive: adaptive, joinDots: joinDots)
        }
        if adaptive { steps[.threshold] = "halfway to the ink (faint print)" }
        if joinDots { steps[.threshold] = (steps[.threshold].map { $0 + "; " } ?? "") + "dots joined (dotted print)" }
        clock.lap(.blobs, into: &steps)
        steps[.blobs] = "\(analysis.blobs.count) at \(String(format: "%.2f", reduction))x, median height \(analysis.medianHeight) px"

        // A thresholded mask that covers the photo (a smooth table normalized as white as the
        // paper) or none at all: the raw photo may still show the sheet (its brightest quad, or
        // the quad its edges draw).
        var sheetOnRaw: SheetSource?
        // Looked for at most once: the second place asks only when the first did not find it, on
        // the same photo and blobs.
        var rawSheet: (mask: PageMask, blobs: [PixelRect], how: SheetSource)??
        func onRaw() -> (mask: PageMask, blobs: [PixelRect], how: SheetSource)? {
            if let found = rawSheet { return found }
            let found = sheetOnPhoto(gray, analysis: analysis, reduction: reduction)
            rawSheet = .some(found)
            return found
        }
        if options.detectPage, analysis.page.map({ $0.borderContact > 0.5 }) ?? true {
            if let raw = onRaw() {
                analysis.page = raw.mask
                analysis.blobs = raw.blobs
                sheetOnRaw = raw.how
            } else if options.reversedSheets, let reversed = reversedPrint(gray, reduction: reduction, dark: analysis.blobs.count) {
                // Light print on a dark sheet: the rest reads it as dark print on paper.
                gray = reversed.gray
                analysis = reversed.analysis
                if let sheet = reversed.sheet {
                    analysis.page = sheet.mask
                    analysis.blobs = sheet.blobs
                    sheetOnRaw = sheet.how
                    rawSheet = .some(sheet)
                } else {
                    // The inverted photo's own sheet search was the one above.
                    rawSheet = .some(nil)
                }
                steps[.reversedPage] = String(format: "light print on a dark ground (its brightest pixels %.1fx as far above the ground as its darkest below): the photo inverted", reversed.polarity)
            }
        }
        // The text lines' direction, or else the sheet's own edges: a page photographed at a slant
        // has lines that converge (and curl) too much for one direction to stand out, and on a
        // table with a grain the grain out-votes them, but a sheet that stands out from the table
        // as a quad is rectified by its outline alone; the orientation step then finds which way up
        // it reads.
        let byLines = TextLineAngle.estimate(blobs: analysis.blobs).flatMap { $0.confidence >= options.minimumAngleConfidence ? $0 : nil }
        let byOutline = byLines == nil && options.detectPage && analysis.blobs.count >= 8
            ? outlineFrame(of: analysis, gray: gray, reduction: reduction) : nil
        guard let angle = byLines ?? byOutline?.angle else {
            return readWhole(gray, why: "no text lines detected", steps: &steps, clock: &clock)
        }
        clock.lap(.angle, into: &steps)
        steps[.angle] = String(format: "%.2f° (confidence %.1f)", angle.degrees, angle.confidence)
        if byOutline != nil { steps[.angle] = String(format: "%.2f° from the sheet's edges (no direction stood out among the text lines)", angle.degrees) }
        if options.keepFlatScans, byOutline == nil, abs(angle.degrees) <= options.flatScanMaxAngle,
           let page = keepFlatScan(gray, blobHeight: Double(analysis.medianHeight) / reduction, steps: &steps, clock: &clock,
                                   detector: detector) {
            return page
        }

        // 2. Page outline → perspective correction; otherwise rotate the lines level and crop to
        //    the text (plus a margin). Either way one resampling pass over the output only.
        let scaleUp = 1 / reduction
        if let mask = analysis.page {
            steps[.page] = String(format: "sheet covers %.0f%% of the photo, touches %.0f%% of its border",
                                   mask.areaFraction * 100, mask.borderContact * 100)
                + (sheetOnRaw.map { " (\($0.description))" } ?? "")
        } else {
            steps[.page] = "no sheet stands out from the background"
        }
        // The blobs that sit on text lines: what the painting must keep clear of, and what the crop keeps.
        // Lines found steeper than 45° may be columns (a hard shadow's edge or a table's rules
        // out-vote the print), which the orientation step turns a quarter later: the blobs on lines
        // across them count too. Cropped to one "line" alone, 04345 crumpleseasy shadow (Inv3DReal)
        // kept a 329 px strip of its page.
        let textBlobs = analysis.lineBlobs(angles: abs(angle.degrees) > 45 ? [angle.degrees, TextLineAngle.across(angle.degrees)]
                                                                         : [angle.degrees])
        var found = byOutline.map { (quad: Optional($0.quad), why: $0.why) }
            ?? (options.detectPage ? analysis.page?.quad(textAngle: angle.degrees, imageWidth: Double(gray.width) * reduction,
                                                          imageHeight: Double(gray.height) * reduction) : nil)
        // The thresholded outline is no quad (a shadow's edge or the print cut into it): the
        // raw photo's brightest region or edges may show the whole sheet. Found before the table
        // is painted the paper's level.
        var quadOnRaw = false
        if options.detectPage, found?.quad == nil, sheetOnRaw == nil,
           let raw = onRaw(),
           let quad = raw.mask.quad(textAngle: angle.degrees, imageWidth: Double(gray.width) * reduction,
                                       imageHeight: Double(gray.height) * reduction).quad {
            found = (quad, (found.map { "thresholded outline: \($0.why); " } ?? "") + raw.how.description)
            quadOnRaw = true
        }
        // The warp keeps only the quad: painting around a thresholded outline that missed part of
        // the sheet (its shadowed side) would only erase print inside it.
        if options.paintSurroundings, byOutline == nil, !quadOnRaw, sheetOnRaw == nil, let mask = analysis.page {
            if let painted = mask.paintingBackground(of: gray, reduction: reduction, radius: 3, text: ConvexHull(textBlobs.flatMap(\.corners)),
                                                     margin: 3 * Double(analysis.medianHeight), evenLight: 0.8) {
                gray = painted.raster
                steps[.surroundings] = String(format: "painted the paper's level over %.0f%% of the photo", painted.share * 100)
            }
        }
        var quadApplied = false
        if let quad = found?.quad?.scaled(by: scaleUp), let warped = Self.perspective(gray, quad: quad) {
            gray = warped
            quadApplied = true
            steps[.perspective] = "quad \(quad) → \(gray.width)x\(gray.height); \(found?.why ?? "")"
        } else {
            if let why = found?.why { steps[.perspective] = "not applied: \(why)" }
            // The sheet's edges gave the angle only for the warp: without it, the lines' direction
            // is still unknown and no crop along it can be trusted.
            if byOutline != nil { return readWhole(gray, why: "no text lines detected, and the sheet's quad could not be warped", steps: &steps, clock: &clock) }
            let rotation = -angle.degrees
            let center = Point(x: Double(gray.width) / 2, y: Double(gray.height) / 2)
            let turn = PlaneRotation(degrees: rotation, center: center)
            var region = TextBlobs.fullFrame(width: gray.width, height: gray.height, rotation: turn)
            if options.cropToText, let box = TextBlobs.extent(of: textBlobs, rotation: turn, scale: scaleUp,
                                                              margin: options.cropMargin * Double(analysis.medianHeight) * scaleUp) {
                region = box
                steps[.crop] = "\(region.width)x\(region.height) around \(textBlobs.count) text blobs"
            }
            if abs(rotation) < options.minimumRotation {
                let rect = PixelRect(x: Int((region.x + center.x).rounded()), y: Int((region.y + center.y).rounded()),
                                     width: region.width, height: region.height)
                gray = gray.cropped(to: rect)
                steps[.rotate] = "none (below \(options.minimumRotation)°)"
            } else {
                gray = gray.rotatedCrop(degrees: rotation, center: center, crop: region)
                steps[.rotate] = String(format: "%.2f°", rotation)
            }
        }
        clock.lap(.rotate, into: &steps)

        // 3. Orientation: the lines are level; the text may still be upside down or (if columns
        //    out-voted lines) sideways.
        let level = abs(angle.degrees) < 1 && byOutline == nil
        var pending: PendingOrientation?
        if options.deferLevelOrientation && byOutline == nil && abs(angle.degrees) < options.deferredOrientationMaxAngle {
            steps[.orientation] = Self.deferredOrientation
            pending = level ? .level : .skewed
        } else {
            gray = Self.orient(gray, level: level, suspectSideways: abs(angle.degrees) > 45 || byOutline != nil, detector: detector,
                               steps: &steps).raster
            clock.lap(.orient, into: &steps)
        }

        // A page that will be reduced is reduced before the dewarps: leptonica's dewarp holds two
        // full-size disparity maps, and on the 12 MP generated flat lists (10 MP pages, read at 0.79×)
        // they made a worker's peak, 251 MiB, past the 250 MB it may use.
        var blobHeight = Double(analysis.medianHeight) * scaleUp
        let early = scaleFactor(blobHeight: blobHeight, width: gray.width, height: gray.height, maxUpscale: nil)
        let reducedEarly = early < 1
        if reducedEarly {
            gray = Self.scaled(gray, by: early) ?? gray
            steps[.scale] = String(format: "%.2fx before dewarping (text blobs %.0f → %.0f px)", early, blobHeight, blobHeight * early)
            blobHeight *= early
            clock.lap(.scale, into: &steps)
        }

        // 4. Perspective and dewarp from the text lines. The lines found for the perspective serve
        //    the line dewarp too, unless a step in between resampled the page.
        var text: TextLines?
        if options.linePerspective && !quadApplied {
            text = textLines(gray)
            if let corrected = linePerspective(gray, text: text, steps: &steps) { gray = corrected; text = nil }
            clock.lap(.linePerspective, into: &steps)
        }
        if options.dewarp {
            if let applied = dewarp(gray, steps: &steps) { gray = applied; text = nil }
            clock.lap(.dewarp, into: &steps)
        }
        if options.lineDewarp {
            gray = lineDewarp(gray, text: text ?? textLines(gray), steps: &steps)
            clock.lap(.lineDewarp, into: &steps)
        }

        let finished = finish(gray, blobHeight: blobHeight, scaled: reducedEarly, steps: &steps, clock: &clock)
        var page = FlattenedPage(raster: finished.raster, ppi: finished.ppi, report: FlattenReport(method: .imageOnly, steps: steps))
        page.pendingOrientation = pending
        return page
    }

    /// The photo read whole, when no page was found in it.
    private func readWhole(_ gray: Raster, why: String, steps: inout StepLog, clock: inout StepTimer) -> FlattenedPage {
        steps[.page] = "no page found: \(why); reading the whole image"
        // Without text lines the blob sizes may be grain, not print: enlarge little.
        let finished = finish(gray, blobHeight: nil, maxUpscale: min(options.maxUpscale, 1.5), steps: &steps, clock: &clock)
        return FlattenedPage(raster: finished.raster, ppi: finished.ppi,
                             report: FlattenReport(method: .imageOnly, reason: "no page found", steps: steps))
    }

    /// The sheet's own axes and corners when its outline is a quad that stands clear of the photo's
    /// frame; nil when there is no such sheet.
    private func outlineFrame(of analysis: TextBlobs, gray: Raster, reduction: Double)
        -> (angle: TextLineAngle, quad: Quad, why: String)? {
        guard let mask = analysis.page, let axes = mask.ownAxes() else { return nil }
        let found = mask.quad(textAngle: axes, imageWidth: Double(gray.width) * reduction, imageHeight: Double(gray.height) * reduction)
        guard let quad = found.quad else { return nil }
        return (TextLineAngle(degrees: axes, confidence: 0, blobCount: analysis.blobs.count), quad, found.why + "; from the sheet's edges")
    }

    /// The sheet as the raw photo shows it, when thresholding could not: its brightest region
    /// (`PageMask.byBrightness`), or else the quad its edges draw (`SheetEdges`, for a table lit
    /// as brightly as the paper in places, or a sheet half in shadow). Either must be a quad clear
    /// of the frame that holds the print. A lit part of a page beside a shadow is as bright and may
    /// be a quad too, but print goes on past its edge; a table holds specks, not print, so text
    /// blobs must be at least four times as dense on the sheet as around it. Returns the sheet, the
    /// blobs on it and how it was found.
    func sheetOnPhoto(_ gray: Raster, analysis: TextBlobs, reduction: Double) -> (mask: PageMask, blobs: [PixelRect], how: SheetSource)? {
        if let bright = PageMask.byBrightness(gray, reduction: reduction), let held = holdsPrint(bright, gray: gray, analysis: analysis, reduction: reduction) {
            return (held.mask, held.blobs, .brightness)
        }
        let frameWidth = Double(gray.width) * reduction, frameHeight = Double(gray.height) * reduction
        let scale = 256 / max(frameWidth, frameHeight)
        // Largest first: a fold's or a shadow's edge closes smaller quads inside the sheet.
        for edged in SheetEdges().find(gray, reduction: reduction) {
            let mask = PageMask.filling(edged.quad, width: max(1, Int((frameWidth * scale).rounded())),
                                        height: max(1, Int((frameHeight * scale).rounded())), scale: scale)
            if let held = holdsPrint(mask, gray: gray, analysis: analysis, reduction: reduction) { return (held.mask, held.blobs, .edges(edged.coverage)) }
        }
        return nil
    }

    /// A sheet printed light on a dark ground (a green or black menu): its print is what the
    /// thresholding takes for paper, so neither its brightness nor its edges pass the print test,
    /// and the text blobs found are the ground between its letters. The inverted photo's blobs are
    /// its print; where they stand, the photo's own pixels say which way the page is printed: on
    /// paper the print is a few dark pixels below a light ground, on a light-printed sheet a few
    /// light pixels above a dark one (`printPolarity`). When they say light print, the page is
    /// read inverted, on the sheet the inverted print holds when there is one (looked for on the
    /// photo and on the inverted photo: darker or lighter than the table, the sheet is the brighter
    /// region on one of them, and covers a fifth of the photo at least), else cropped to that
    /// print as any page without a sheet, when it outnumbers the `dark` print's blobs.
    func reversedPrint(_ gray: Raster, reduction: Double, dark: Int)
        -> (gray: Raster, analysis: TextBlobs, sheet: (mask: PageMask, blobs: [PixelRect], how: SheetSource)?, polarity: Double)? {
        var inverted = gray
        inverted.pixels.withUnsafeMutableBufferPointer { p in
            for i in p.indices { p[i] = 255 &- p[i] }
        }
        let light = TextBlobs.find(in: inverted, reduction: reduction, adaptive: false)
        guard light.unmasked.count >= options.reversedPrintMinimumBlobs else { return nil }
        // All of the negative's blobs first: on a page of dark print they say so, and no sheet is
        // looked for.
        let polarity = Self.printPolarity(gray, blobs: light.unmasked, reduction: reduction)
        guard polarity >= options.reversedPrintPolarity else { return nil }
        for photo in [gray, inverted] {
            // A dark box of light print on a page (a receipt's logo panel) is `ReversePrint`'s; a
            // light-printed sheet is what the photo was taken of.
            guard let sheet = sheetOnPhoto(photo, analysis: light, reduction: reduction),
                  sheet.mask.areaFraction >= options.reversedSheetMinimumArea else { continue }
            let onSheet = Self.printPolarity(gray, blobs: sheet.blobs, reduction: reduction)
            guard onSheet >= options.reversedPrintPolarity else { return nil }
            return (inverted, light, sheet, onSheet)
        }
        // Without a sheet, the table's grain is dark print of the inverted photo too, and its
        // lines out-vote the text's direction: only the blobs that stand light on dark where they
        // are keep the page's geometry.
        var print = light
        print.blobs = light.blobs.filter { Self.printPolarity(gray, blobs: [$0], reduction: reduction) >= options.reversedPrintPolarity }
        // And the light print must be the page's: more of it than of the print read dark.
        guard print.blobs.count >= options.reversedPrintMinimumBlobs, print.blobs.count >= dark else { return nil }
        return (inverted, print, nil, polarity)
    }

    /// How much brighter the brightest pixels around the blobs stand above their median than the
    /// darkest stand below it (98th and 2nd percentiles, each box grown by its height: the ground
    /// is the median, the print a tenth, so it sets the percentile on its own side while the other
    /// stays within the ground's spread): well below 1 for dark print on paper, well above for
    /// light print on a dark ground. Boxes in the `reduction` frame.
    static func printPolarity(_ gray: Raster, blobs: [PixelRect], reduction: Double) -> Double {
        guard reduction > 0, !blobs.isEmpty else { return 0 }
        var histogram = [Int](repeating: 0, count: 256)
        let scale = 1 / reduction
        // One pixel per pixel of the reduced copy the boxes were measured on.
        let stride = max(1, Int(scale.rounded()))
        gray.pixels.withUnsafeBufferPointer { p in
            for b in blobs {
                // The box grown by its height on every side: mostly the ground, the print a tenth.
                let m = Double(b.height)
                let x0 = max(0, Int((Double(b.x) - m) * scale)), x1 = min(gray.width, Int((Double(b.maxX) + m) * scale))
                let y0 = max(0, Int((Double(b.y) - m) * scale)), y1 = min(gray.height, Int((Double(b.maxY) + m) * scale))
                guard x0 < x1, y0 < y1 else { continue }
                for y in Swift.stride(from: y0, to: y1, by: stride) {
                    for x in Swift.stride(from: x0, to: x1, by: stride) { histogram[Int(p[y * gray.width + x])] += 1 }
                }
            }
        }
        let total = histogram.reduce(0, +)
        guard total >= 100 else { return 0 }
        func percentile(_ q: Double) -> Int {
            let target = Int(q * Double(total))
            var seen = 0
            for (level, n) in histogram.enumerated() {
                seen += n
                if seen > target { return level }
            }
            return 255
        }
        let (low, median, high) = (percentile(0.02), percentile(0.5), percentile(0.98))
        return Double(high - median) / Double(max(1, median - low))
    }

    /// How the sheet was found on the raw photo, for the page step's report.
    enum SheetSource {
        case brightness
        /// Each side's share edged.
        case edges([Double])

        var description: String {
            switch self {
            case .brightness: return "the photo's brightest quad; thresholded, the table was as white as the paper"
            case .edges(let coverage):
                return "the quad the sheet's edges draw (edged along " + coverage.map { String(format: "%.0f%%", $0 * 100) }.joined(separator: ", ")
                    + " of its sides); thresholded, the table was as white as the paper"
            }
        }
    }

    /// The sheet and the blobs on it when it is a quad clear of the frame with the print on it,
    /// denser than off it and than just around it (moved out over print that runs on just past a
    /// side, `printPastSides`); nil otherwise.
    private func holdsPrint(_ sheet: PageMask, gray: Raster, analysis: TextBlobs, reduction: Double) -> (mask: PageMask, blobs: [PixelRect])? {
        guard sheet.borderContact < 0.2, sheet.areaFraction > 0.08, sheet.areaFraction < 0.9, let axes = sheet.ownAxes(),
              let quad = sheet.quad(textAngle: axes, imageWidth: Double(gray.width) * reduction,
                                    imageHeight: Double(gray.height) * reduction).quad else { return nil }
        func centre(_ b: PixelRect) -> (x: Double, y: Double) { (Double(b.x) + Double(b.width) / 2, Double(b.y) + Double(b.height) / 2) }
        // Every blob counts, the thresholded outline's or not: that outline may have cut the
        // shadowed part of the sheet off.
        let all = analysis.unmasked
        let on = all.filter { sheet.contains(x: centre($0).x, y: centre($0).y) }
        guard on.count >= 8 else { return nil }
        let onDensity = Double(on.count) / sheet.areaFraction
        let offDensity = Double(all.count - on.count) / (1 - sheet.areaFraction)
        // Just around the sheet above all: a part of the page left out (darker, in a shadow)
        // carries print right up to the region's edge.
        let band = sheet.band(cells: max(2, max(sheet.width, sheet.height) / 25))
        let nearby = all.filter { band.contains(x: centre($0).x, y: centre($0).y) }.count
        let nearbyDensity = Double(nearby) / max(band.areaFraction, 1e-6)
        guard offDensity * 4 <= onDensity, nearbyDensity * 4 <= onDensity else { return nil }
        // And side by side: a patch of light on a sheet, bounded by a shadow's edge across it, has
        // print running on past that one side, while the ring around its other three sides (the
        // table) dilutes it in the ring as a whole.
        let width = Double(max(2, max(sheet.width, sheet.height) / 25)) / sheet.scale
        let perPixel = Double(on.count) / max(quad.area, 1)
        for i in 0..<4 {
            let a = quad.corners[i], b = quad.corners[(i + 1) % 4]
            let length = a.distance(to: b)
            guard length > 0 else { continue }
            let (ux, uy) = ((b.x - a.x) / length, (b.y - a.y) / length)
            let beyond = all.filter { blob in
                let c = centre(blob)
                guard !sheet.contains(x: c.x, y: c.y) else { return false }
                let along = (c.x - a.x) * ux + (c.y - a.y) * uy
                let across = abs((c.x - a.x) * uy - (c.y - a.y) * ux)
                return along >= 0 && along <= length && across <= width
            }.count
            guard Double(beyond) * 4 <= perPixel * length * width else { return nil }
        }
        let heights = on.map(\.height).sorted()
        if let past = Self.printPastSides(of: quad, blobs: all, onSheet: { sheet.contains(x: centre($0).x, y: centre($0).y) }, width: width,
                                          printHeight: Double(heights[heights.count / 2]),
                                          frame: (Double(gray.width) * reduction, Double(gray.height) * reduction)) {
            return (PageMask.filling(past.quad, width: sheet.width, height: sheet.height, scale: sheet.scale), on + past.blobs)
        }
        return (sheet, on)
    }

    /// Scale and photometric steps shared by every path, including "no page found". `scaled`: the
    /// page was already brought to size (reduced before dewarping), once, within the limits.
    private func finish(_ input: Raster, blobHeight: Double?, scaled: Bool = false, maxUpscale: Double? = nil,
                        steps: inout StepLog, clock: inout StepTimer) -> (raster: Raster, ppi: Int?) {
        var gray = input
        var blobHeight = blobHeight
        if blobHeight == nil {
            let found = TextBlobs.find(in: gray, reduction: min(1.0, Double(options.analysisLongSide) / Double(max(gray.width, gray.height))), adaptive: false)
            if found.blobs.count >= 8 { blobHeight = Double(found.medianHeight) / found.reduction }
        }
        let factor = scaled ? 1 : blobHeight.map { scaleFactor(blobHeight: $0, width: gray.width, height: gray.height, maxUpscale: maxUpscale) } ?? 1
        if !scaled {
            if factor != 1 {
                gray = Self.scaled(gray, by: factor) ?? gray
                steps[.scale] = String(format: "%.2fx (text blobs %.0f → %.0f px)", factor, blobHeight ?? 0, (blobHeight ?? 0) * factor)
            } else {
                steps[.scale] = blobHeight.map { String(format: "none (text blobs %.0f px)", $0) } ?? "none (no text size found)"
            }
            clock.lap(.scale, into: &steps)
        }
        if let h = blobHeight {
            invertReversePrint(&gray, textHeight: h * factor, awayFromFrame: false, steps: &steps, clock: &clock)
        }
        if options.normalizeBackground || options.binarize {
            gray = photometric(gray, steps: &steps)
            clock.lap(.photometric, into: &steps)
        }
        let ppi = blobHeight.map { _ in Int((300 * options.targetBlobHeight / 30).rounded()) }
        return (gray, ppi)
    }

    /// The scale that brings text blobs `blobHeight` px tall to `targetBlobHeight`, within the
    /// enlargement limits and `FlattenedPage.maximumPixels`; 1 when close enough not to resample.
    private func scaleFactor(blobHeight h: Double, width: Int, height: Int, maxUpscale: Double?) -> Double {
        guard h > 0 else { return 1 }
        var factor = min(maxUpscale ?? options.maxUpscale, max(options.minimumScale, options.targetBlobHeight / h))
        if factor > 0.87 && factor < 1.15 { factor = 1 }
        // Small text on a 4 MP photo fits, and noise taken for tiny text cannot blow a page up to
        // 40 MP of grain.
        let limit = Double(FlattenedPage.maximumPixels)
        if Double(width) * Double(height) * factor * factor > limit { factor = (limit / (Double(width) * Double(height))).squareRoot() }
        return factor
    }

    /// `gray` scaled by leptonica (area-averaged down, interpolated up); nil when leptonica fails.
    static func scaled(_ gray: Raster, by factor: Double) -> Raster? {
        Pix(gray).scaled(by: factor)?.raster()
    }

    /// Warps the quad to an upright rectangle of the page's size (corners in reading order).
    static func perspective(_ gray: Raster, quad: Quad) -> Raster? {
        let (w, h) = quad.rectifiedSize
        guard w >= 16, h >= 16, w * h <= 60_000_000 else { return nil }
        let rect = [Point(x: 0, y: 0), Point(x: Double(w), y: 0), Point(x: Double(w), y: Double(h)), Point(x: 0, y: Double(h))]
        guard let map = Homography(from: rect, to: quad.corners) else { return nil }
        return gray.warped(width: w, height: h) { x, y in map.apply(x + 0.5, y + 0.5) }
    }
}
