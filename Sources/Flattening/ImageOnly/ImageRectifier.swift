import CLeptonica
import Foundation
import Imaging

/// Image-only rectification of a photographed page: text-line direction over the full half-turn,
/// 0/180° (or 90/270°) orientation, crop to the text, text-line dewarping, background
/// normalization and scaling of the text to Tesseract's preferred size. Every step writes what it
/// found and what it cost into the report, so a bad page can be explained from pages.json.
public struct ImageRectifier: Sendable {
    public struct Options: Sendable, Equatable {
        /// Long side of the reduced copy the geometry is measured on.
        public var analysisLongSide = 1600
        /// Median height of a text blob (roughly lower-case height plus ascenders) Tesseract reads
        /// best at, in pixels of the output.
        public var targetBlobHeight = 18.0
        /// Skip a rotation smaller than this (degrees): resampling a flat scan only blurs it.
        public var minimumRotation = 0.3
        /// Line structure weaker than this (best band score over the median) is not a page of text.
        /// A bare grainy table scores about 1.2; a hard-crumpled sheet under a shadow can score 1.5
        /// and was read unturned at 18° under the old 1.6 (Inv3DReal 06288 crumpleshard shadow 0.33 →
        /// 0.54). 05028's, at 1.25–1.3, would gain too, but sits too near the grain to take.
        public var minimumAngleConfidence = 1.4
        /// Leptonica's dewarp model (book pages: long lines in one column).
        public var dewarp = true
        /// Decant's own dewarp from short text lines (see `TextLineDewarp`), after leptonica's.
        public var lineDewarp = true
        /// Fewest lines the own dewarp needs.
        public var lineDewarpMinLines = 6
        /// Smallest bend worth resampling for, in median text-blob heights.
        public var lineDewarpMinShift = 0.6
        public var normalizeBackground = true
        /// Make converging text lines parallel when the page outline gave no quad (see `TextLinePerspective`).
        public var linePerspective = true
        public var linePerspectiveLimits = TextLinePerspective.Limits()
        /// Invert dark boxes holding white print (see `ReversePrint`).
        public var reversePrint = true
        public var binarize = false
        /// When the fixed threshold (150 on the normalized copy) leaves only specks, threshold
        /// halfway to the ink's level instead.
        public var adaptiveThreshold = true
        /// Estimate the paper's brightness by a grey closing (text removed by its thinness) rather
        /// than by tiles of light pixels: paper in a deep shadow is darker than the tile method's
        /// foreground threshold and would otherwise stay dark.
        public var morphologicalBackground = false
        /// Pixels darker than this are ink, not paper, when estimating the background. Leptonica uses
        /// 100; paper in a hard shadow is darker than that (12 measured best on Inv3DReal shadows).
        public var backgroundThreshold: Int32 = 12
        /// Estimate the paper's brightness by a high rank within tiles (`PaperBackground`) instead
        /// of leptonica's tile mean. Inv3DReal, 180 photos: word-bag F1 0.683 → 0.709, every
        /// warp class and lighting better (shadow 0.563 → 0.606).
        public var paperBackground = true
        /// The background estimate for receipts: SROIE's scans lose totals and dates to the rank
        /// estimate (faint thermal print on even paper; total 0.92 → 0.91, date 0.91 → 0.89), so
        /// pages expected to be receipts keep leptonica's tile mean.
        public var receiptPaperBackground = false
        /// `PaperBackground`'s tile side in text heights (of the scaled page) and its rank.
        public var paperBackgroundTile = 1.0
        public var paperBackgroundRank = 0.85
        /// The share of the normalized page's darkest pixels whose level the tone stretch starts from.
        /// 1 % reads photos better (Inv3DReal, 180 photos: 0.714 → 0.722) but scans worse (SROIE text
        /// 0.777 → 0.771, company names 0.85 → 0.84), and scans must not lose: 2 % stays.
        public var inkRank = 0.02
        /// Paint the table or floor around the sheet the paper's level (see `PageMask.paintingBackground`):
        /// with the paper-level background, a speckled floor's grain reads as print. Inv3DReal, 180
        /// photos: 0.709 → 0.714 (perspective 0.755 → 0.770; 00411 perspective bright 0.396 → 0.655).
        public var paintSurroundings = true
        /// Gray from the darkest of R, G, B instead of luma: coloured print (orange, blue headings)
        /// is dark in at least one channel while white paper is bright in all three.
        public var darkestChannel = false
        /// Exponent of the tone curve after normalization (1: linear stretch; 3 darkens faint print).
        /// Linear measured best: ^3 fattens strokes until Tesseract's layout drops whole bin and
        /// price columns of a clean list (Corpus entry F1 73.8% vs 74.1%, CER 46.3% vs 45.7%), and
        /// it does not help real photos either (Inv3DReal, 54 photos: word-bag F1 0.655 vs 0.663).
        public var toneCurve = 1.0
        /// The exponent for receipts: faint thermal print needs the darkening (SROIE, 100 scans: total
        /// 0.85 and date 0.93 with ^3 against 0.78 and 0.87 linear). The pipeline flattens pages it
        /// expects to be receipts with this one.
        public var receiptToneCurve = 3.0
        public var cropToText = true
        public var detectPage = true
        /// Margin around the text when cropping, in text heights: reverse print (white on a dark
        /// bar) makes no blobs and sits at the edges of the text often enough.
        public var cropMargin = 5.0
        /// Largest enlargement: tiny blobs are as often broken print as small print.
        public var maxUpscale = 3.0
        /// Strongest reduction (a scale factor): huge print on a 35 MP scan is brought down at most
        /// this far.
        public var minimumScale = 0.4
        public var dewarpLimits = DewarpLimits()
        /// Leave the 0/180° decision on level pages (and on depth-unwarped pages, made upright by
        /// the photo's top) to the reader: nearly all of them are upright, and a first reading that
        /// comes out well says so for free, where asking the detector first cost a quarter of the
        /// time per SROIE scan. The caller must then check the reading (the pipeline does:
        /// `UprightCheck`). Off by default so that `rectify` alone always returns an upright page.
        public var deferLevelOrientation = false
        /// Pages whose lines were this close to level (degrees) count as level for the deferral:
        /// a photo a few degrees askew is as surely upright as a scan. Steeper pages (taken
        /// sideways, or at an angle on purpose) ask the detector before the reading.
        public var deferredOrientationMaxAngle = 10.0
        /// Before a depth-unwarped page's first reading, turn it when leptonica's quick four-way call
        /// (`LeptonicaOrientation.quarterTurns`) is clear. The reading still checks the result.
        public var unwarpedOrientationCheck = true
        /// Least confidence of that call's "upright as it stands" for a weak first reading to be
        /// kept without asking the detector. On the generated 12 MP set the unwarped pages read weakly
        /// but upright got calls of 14–38 and the detector (0.9–3.2 s each) left every one as it was;
        /// so did it on the committed corpus's two heavy-blur lists (13 and 16).
        public var unwarpedUprightTrust = 10.0
        /// Leave a flat scan (`FlatScan`) with level lines as it is but for its orientation.
        public var keepFlatScans = true
        /// Largest tilt of a flat scan's lines that is left to Tesseract, in degrees.
        public var flatScanMaxAngle = 2.0
        /// A flat scan whose text blobs are taller than this (pixels) is still brought down to
        /// `targetBlobHeight`: a 35 MP scan of large print would otherwise go to Tesseract whole
        /// (hundreds of MB and seconds) only to be read again smaller by the receipt reader.
        public var flatScanMaxBlobHeight = 45.0

        public init() {}
    }

    public var options: Options

    public init(options: Options = Options()) { self.options = options }

    public func rectify(_ input: Raster, orientation detector: (any OrientationDetector)? = nil) -> FlattenedPage {
        Leptonica.configure()
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

        guard let angle = TextLineAngle.estimate(blobs: analysis.blobs), angle.confidence >= options.minimumAngleConfidence else {
            steps[.page] = "no page found: no text lines detected; reading the whole image"
            // Without text lines the blob sizes may be grain, not print: enlarge little.
            let finished = finish(gray, blobHeight: nil, maxUpscale: min(options.maxUpscale, 1.5), steps: &steps, clock: &clock)
            return FlattenedPage(raster: finished.raster, ppi: finished.ppi,
                                 report: FlattenReport(method: .imageOnly, reason: "no page found", steps: steps))
        }
        clock.lap(.angle, into: &steps)
        steps[.angle] = String(format: "%.2f° (confidence %.1f)", angle.degrees, angle.confidence)
        if options.keepFlatScans, abs(angle.degrees) <= options.flatScanMaxAngle,
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
        if options.paintSurroundings, let mask = analysis.page {
            if let painted = mask.paintingBackground(of: gray, reduction: reduction, radius: 3, text: ConvexHull(textBlobs.flatMap(\.corners)),
                                                     margin: 3 * Double(analysis.medianHeight), evenLight: 0.8) {
                gray = painted.raster
                steps[.surroundings] = String(format: "painted the paper's level over %.0f%% of the photo", painted.share * 100)
            }
        }
        let found = options.detectPage ? analysis.page?.quad(textAngle: angle.degrees, imageWidth: Double(gray.width) * reduction,
                                                             imageHeight: Double(gray.height) * reduction) : nil
        var quadApplied = false
        if let quad = found?.quad?.scaled(by: scaleUp), let warped = Self.perspective(gray, quad: quad) {
            gray = warped
            quadApplied = true
            steps[.perspective] = "quad \(quad) → \(gray.width)x\(gray.height); \(found?.why ?? "")"
        } else {
            if let why = found?.why { steps[.perspective] = "not applied: \(why)" }
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
        let level = abs(angle.degrees) < 1
        var pending: PendingOrientation?
        if options.deferLevelOrientation && abs(angle.degrees) < options.deferredOrientationMaxAngle {
            steps[.orientation] = Self.deferredOrientation
            pending = level ? .level : .skewed
        } else {
            gray = Self.orient(gray, level: level, suspectSideways: abs(angle.degrees) > 45, detector: detector, steps: &steps).raster
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
    /// The source Pix is kept alive across the call: its pointer alone does not hold it.
    static func scaled(_ gray: Raster, by factor: Double) -> Raster? {
        let source = OwnedPix(gray)
        let scaled = withExtendedLifetime(source) { pixScale(source.pointer, Float(factor), Float(factor)) }
        return OwnedPix(taking: scaled)?.raster()
    }

    /// The steps after geometry for a page the depth path already unwarped, cropped and scaled:
    /// orientation (a photo taken sideways or upside down) and the photometric steps. The scale and
    /// resolution found from the 3-D fit are kept. Returns the clockwise quarter turns applied.
    public func finishFlattened(_ page: FlattenedPage, orientation detector: (any OrientationDetector)? = nil) -> (page: FlattenedPage, quarterTurns: Int) {
        Leptonica.configure()
        var out = page
        var clock = StepTimer()
        // Photometric first: the normalized page is also what the orientation detector reads, so the
        // full-size page is normalized once. The depth path makes the page upright by where the photo's
        // top was, so a photo taken sideways or upside down is not level in the detector's sense.
        if options.normalizeBackground || options.binarize {
            out.raster = photometric(out.raster, steps: &out.report.steps)
            clock.lap(.photometric, into: &out.report.steps)
        }
        if options.deferLevelOrientation {
            out.report.steps[.orientation] = Self.deferredOrientation
            out.pendingOrientation = .unwarped
            // A photo taken of a list lying upside down or sideways would be read once in vain: a
            // clear call turns it now, and the first reading still checks the page (`UprightCheck`),
            // so a wrong call costs a second reading, not the page.
            var turns = 0
            if options.unwarpedOrientationCheck {
                let guess = LeptonicaOrientation.quarterTurns(of: out.raster)
                turns = guess?.quarterTurnsClockwise ?? 0
                if turns != 0 {
                    out.raster = out.raster.rotated(quarterTurnsClockwise: turns)
                } else if let guess, guess.confidence >= options.unwarpedUprightTrust {
                    out.pendingOrientation = .unwarpedUpright
                }
                out.report.steps[.orientationCheck] = guess.map {
                    String(format: "%d° by leptonica (confidence %.2f)", turns * 90, $0.confidence)
                        + (turns != 0 ? ": turned before the first reading" : "")
                } ?? "undecided"
                clock.lap(.orientationCheck, into: &out.report.steps)
            }
            return (out, turns)
        }
        let oriented = Self.orient(out.raster, level: false, detector: detector, probe: out.raster, steps: &out.report.steps)
        out.raster = oriented.raster
        clock.lap(.orient, into: &out.report.steps)
        return (out, oriented.quarterTurns)
    }

    /// The orientation step's record when the decision is left to the reader; the reader replaces it.
    public static let deferredOrientation = "deferred to the first reading"

    /// The orientation step for a page whose first reading came out weak (`deferLevelOrientation`):
    /// the detector decides as it would have before the reading.
    /// Returns the page, the clockwise quarter turns applied and the step's record.
    public static func orientAfterReading(_ page: Raster, pending: PendingOrientation, detector: (any OrientationDetector)?) -> (raster: Raster, quarterTurns: Int, step: String) {
        Leptonica.configure()
        var steps = StepLog()
        let oriented = Self.orient(page, level: pending.expectUpright, detector: detector, probe: page, steps: &steps)
        return (oriented.raster, oriented.quarterTurns, steps[.orientation] ?? "undecided")
    }

    /// Turns a page whose lines are level upright (0/90/180/270°) when the detector is confident;
    /// returns the clockwise quarter turns applied.
    /// `probe`: the page as the detector should see it, when the caller has a normalized copy already.
    /// `suspectSideways`: the deskew turned the page by more than 45°, so its columns may have
    /// out-voted its lines; an unsure call is then checked a quarter turn on as well.
    static func orient(_ input: Raster, level: Bool, suspectSideways: Bool = false, detector: (any OrientationDetector)?,
                probe given: Raster? = nil, steps: inout StepLog) -> (raster: Raster, quarterTurns: Int) {
        var gray = input
        let detector: any OrientationDetector = detector ?? LeptonicaOrientation()
        let probe = given ?? Self.detectionCopy(of: gray)
        var guess = detector.detect(probe, expectUpright: level)
        var describe = guess.map { "\($0.quarterTurnsClockwise * 90)° by \($0.source) (confidence \(String(format: "%.2f", $0.confidence)))" }
            ?? "undecided"
        if guess == nil || (suspectSideways && guess?.isConfident != true) {
            // Tesseract's OSD reads nothing when the lines run vertically, so a page whose columns
            // out-voted its lines is only recognized once turned: ask again a quarter turn on.
            let turned = probe.rotated(quarterTurnsClockwise: 1)
            if var second = detector.detect(turned, expectUpright: false) {
                second.quarterTurnsClockwise = (second.quarterTurnsClockwise + 1) % 4
                describe += "; after a quarter turn: \(second.quarterTurnsClockwise * 90)° (confidence \(String(format: "%.2f", second.confidence)))"
                // A detector that could read nothing level but reads the turned copy is itself
                // evidence that the lines run vertically (as is a deskew of more than 45°): accept a
                // weaker call then.
                let readable = (guess == nil || suspectSideways) && second.confidence >= 0.5
                if (second.isConfident || readable) && second.confidence > (guess?.confidence ?? 0) {
                    second.isConfident = true
                    guess = second
                }
            }
        }
        if let guess, guess.isConfident {
            if guess.quarterTurnsClockwise != 0 { gray = gray.rotated(quarterTurnsClockwise: guess.quarterTurnsClockwise) }
            steps[.orientation] = describe + " → turned \(guess.quarterTurnsClockwise * 90)° clockwise"
        } else {
            steps[.orientation] = describe + " → not turned (too little confidence)"
        }
        return (gray, guess.flatMap { $0.isConfident ? $0.quarterTurnsClockwise : nil } ?? 0)
    }

    /// Background normalization (shadows, uneven light) and the tone curve, or binarization.
    func photometric(_ input: Raster, steps: inout StepLog) -> Raster {
        var gray = input
        let estimated: OwnedPix?, estimate: String
        if options.paperBackground {
            // The page is scaled to `targetBlobHeight` by now, so the tile follows the text's size.
            let tile = Int((options.paperBackgroundTile * options.targetBlobHeight).rounded())
            estimated = OwnedPix(PaperBackground.normalize(gray, tile: tile, rank: options.paperBackgroundRank))
            estimate = String(format: "background normalized by paper level (rank %.2f)", options.paperBackgroundRank)
        } else {
            estimated = Self.normalizeBackground(OwnedPix(gray), morphological: options.morphologicalBackground,
                                                 threshold: options.backgroundThreshold)
            estimate = "background normalized by tile mean"
        }
        if let normalized = estimated {
            if options.binarize, let binary = InkThreshold.binarize(normalized) {
                gray = binary.raster()
                steps[.photometric] = estimate + ", binarized"
            } else {
                // Normalization maps the paper to 200. Stretch from the ink's level (the 2% darkest
                // pixels) to just under the paper's, then darken the mid-tones (power curve):
                // Tesseract's global threshold drops faint grey print that sits next to black.
                var ink: UInt32 = 0
                pixGetRankValue(normalized.pointer, 2, Float(options.inkRank), &ink)
                let lo = Double(min(Int(ink), 120)), hi = 190.0, power = options.toneCurve
                let lut: [UInt8] = (0..<256).map { v in
                    let x = min(1, max(0, (Double(v) - lo) / (hi - lo)))
                    return UInt8((255 * pow(x, power)).rounded())
                }
                var out = normalized.raster()
                lut.withUnsafeBufferPointer { lut in
                    out.pixels.withUnsafeMutableBufferPointer { pixels in
                        for k in pixels.indices { pixels[k] = lut[Int(pixels[k])] }
                    }
                }
                gray = out
                steps[.photometric] = estimate + (power == 1 ? ", stretched" : ", tone curve ^\(power)")
            }
        }
        return gray
    }

    static func darkestChannel(_ image: Raster) -> Raster {
        guard image.channels == 3 else { return image }
        var out = [UInt8](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { src in
            for i in 0..<out.count { out[i] = min(src[3 * i], min(src[3 * i + 1], src[3 * i + 2])) }
        }
        return Raster(width: image.width, height: image.height, channels: 1, pixels: out)
    }

    static func normalizeBackground(_ pix: OwnedPix, morphological: Bool, threshold: Int32 = 100) -> OwnedPix? {
        if morphological {
            // Closing at 1/4 scale with an 11-pixel brick: anything thinner than ~40 px (strokes,
            // not shadows) is removed from the background estimate.
            return OwnedPix(taking: pixBackgroundNormMorph(pix.pointer, nil, 4, 11, 200))
        }
        // Leptonica's defaults but for the foreground threshold: paper in a deep shadow is darker
        // than the default 100 and would be taken for ink, leaving the shadow dark.
        return OwnedPix(taking: pixBackgroundNorm(pix.pointer, nil, nil, 10, 15, threshold, 40, 200, 2, 1))
    }

    /// A background-normalized copy for the orientation detector (shadows across the page
    /// otherwise defeat its global threshold), at full resolution so it can read the print.
    static func detectionCopy(of gray: Raster) -> Raster {
        let pix = OwnedPix(gray)
        guard let normalized = OwnedPix(taking: pixBackgroundNormSimple(pix.pointer, nil, nil)) else { return gray }
        pixGammaTRC(normalized.pointer, normalized.pointer, 1.0, 60, 190)
        return normalized.raster()
    }

    /// Warps the quad to an upright rectangle of the page's size (corners in reading order).
    static func perspective(_ gray: Raster, quad: Quad) -> Raster? {
        let (w, h) = quad.rectifiedSize
        guard w >= 16, h >= 16, w * h <= 60_000_000 else { return nil }
        let rect = [Point(x: 0, y: 0), Point(x: Double(w), y: 0), Point(x: Double(w), y: Double(h)), Point(x: 0, y: Double(h))]
        guard let map = Homography(from: rect, to: quad.corners) else { return nil }
        return gray.warped(width: w, height: h) { x, y in map.apply(x + 0.5, y + 0.5) }
    }

    /// The page's text lines at the analysis scale, as the line-based steps see them.
    private struct TextLines {
        var lines: [TextLineDewarp.Line]
        var medianHeight: Double
        var reduction: Double
        var width: Int
        var height: Int
    }

    private func textLines(_ gray: Raster) -> TextLines? {
        let reduction = min(1.0, Double(options.analysisLongSide) / Double(max(gray.width, gray.height)))
        let found = TextBlobs.find(in: gray, reduction: reduction, adaptive: false)
        let h = Double(found.medianHeight)
        guard h > 0 else { return nil }
        return TextLines(lines: TextLineDewarp.lines(from: found.blobs, medianHeight: h), medianHeight: h, reduction: reduction,
                         width: Int(Double(gray.width) * reduction), height: Int(Double(gray.height) * reduction))
    }

    /// The page with its converging lines made parallel; nil when it is left as is.
    private func linePerspective(_ gray: Raster, text: TextLines?, steps: inout StepLog) -> Raster? {
        guard let text else { steps[.linePerspective] = "skipped: no text blobs"; return nil }
        switch TextLinePerspective.fit(lines: text.lines, width: text.width, height: text.height, medianHeight: text.medianHeight,
                                       reduction: text.reduction, limits: options.linePerspectiveLimits) {
        case .failure(let why):
            steps[.linePerspective] = why.description
            return nil
        case .success(let fit):
            guard let corrected = fit.apply(to: gray) else {
                steps[.linePerspective] = "corrected page would be too large: left as is"
                return nil
            }
            steps[.linePerspective] = String(format: "applied: %d lines converge at (%.0f, %.0f), spread %.1f° → %dx%d",
                                              fit.lines, fit.vanishingPoint.x, fit.vanishingPoint.y, fit.spreadDegrees,
                                              corrected.width, corrected.height)
            return corrected
        }
    }

    /// `text`: the lines of `gray` (`textLines`).
    private func lineDewarp(_ gray: Raster, text: TextLines?, steps: inout StepLog) -> Raster {
        guard let text else { steps[.lineDewarp] = "skipped: no text blobs"; return gray }
        let (lines, h, reduction) = (text.lines, text.medianHeight, text.reduction)
        guard let model = TextLineDewarp.model(lines: lines, width: text.width, height: text.height, medianHeight: h,
                                               reduction: reduction, minLines: options.lineDewarpMinLines) else {
            steps[.lineDewarp] = "no model (\(lines.count) text lines; needs \(options.lineDewarpMinLines)): page left as is"
            return gray
        }
        // Resampling softens the print; below about half a text height of bending, Tesseract
        // reads the page better as it is (measured on Inv3DReal curled and folded photos).
        guard model.maxDisplacement >= options.lineDewarpMinShift * h else {
            steps[.lineDewarp] = String(format: "lines straight enough (%d lines, largest shift %.0f px): page left as is",
                                         lines.count, model.maxDisplacement / reduction)
            return gray
        }
        steps[.lineDewarp] = String(format: "applied: %d lines, largest shift %.0f px", model.lines, model.maxDisplacement / reduction)
        return model.apply(to: gray)
    }

    /// Leptonica's dewarp; nil when the page is left as is.
    private func dewarp(_ gray: Raster, steps: inout StepLog) -> Raster? {
        let pix = OwnedPix(gray)
        guard let normalized = OwnedPix(taking: pixBackgroundNormSimple(pix.pointer, nil, nil)),
              let binary = InkThreshold.binarize(normalized) else {
            steps[.dewarp] = "skipped: could not binarize"
            return nil
        }
        guard let model = DewarpModel(binary: binary, limits: options.dewarpLimits) else {
            steps[.dewarp] = "skipped: leptonica could not create a model"
            return nil
        }
        guard model.vertical else {
            steps[.dewarp] = "no model (\(model.lineCount) long lines; needs \(options.dewarpLimits.minLines) within the curvature limits): page left as is"
            return nil
        }
        guard let applied = model.apply(to: pix) else {
            steps[.dewarp] = "model built but could not be applied: page left as is"
            return nil
        }
        steps[.dewarp] = "applied: vertical\(model.horizontal ? " + horizontal" : "") disparity from \(model.lineCount) lines"
        return applied.raster()
    }
}

extension ImageRectifier.Options {
    /// These options as the pipeline uses them for a page expected to be a receipt.
    public func forReceipts() -> Self {
        var options = self
        options.toneCurve = receiptToneCurve
        options.paperBackground = receiptPaperBackground
        return options
    }
}
