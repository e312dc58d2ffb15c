import Documents
import Foundation
import Imaging
import StepTrace

/// Flattens a photographed page with its depth map: depth → 3-D points → the page's surface
/// (plane, or a bend unrolled isometrically, plus wrinkles) → the sheet's outline found in the
/// unrolled photo → one resampling of the photo into the flat page at the scale Tesseract reads best.
/// When the depth cannot carry that (too few points, the page not covered, a fit too poor), it says
/// why and the caller falls back to image-only rectification.
public struct DepthFlattener: Sendable {
    public struct Options: Sendable, Equatable, Codable {
        /// Fewer valid depth pixels than this share: unusable.
        public var minimumValidShare = 0.25
        /// A page region smaller than this share of the depth map: the page is not covered.
        public var minimumRegionShare = 0.08
        /// Share of the found page that the depth region must cover.
        public var minimumPageCoverage = 0.6
        /// Residual (RMS, mm) above which the fitted surface is not trusted.
        public var maximumResidual = 6.0
        /// x-height Tesseract reads best at (pixels).
        public var targetXHeight = 24.0
        /// No more enlargement than this over the photo's own resolution on the page.
        public var maximumUpscale = 3.0
        /// Long side of the unrolled overview the outline is found on (pixels).
        public var overviewLongSide = 640
        /// Output pixels between exact map evaluations.
        public var meshSpacing = 16
        /// Most depth points a surface fit looks at (an even subsample of the page's region); 10 000
        /// found the corners as well as 40 000 on the bench set, in three quarters of the time.
        public var fitPoints = 10_000
        /// Cubic (Catmull–Rom) rather than bilinear interpolation in the final resampling.
        public var cubic = false
        /// Gaussian smoothing of the photo (sigma, photo pixels) before the final resampling.
        public var denoiseSigma = 0.0
        /// Unsharp masking of the photo before an enlarging resampling: amount and blur sigma (photo
        /// pixels). Lists are printed small, photographed at 4–9 px/mm and enlarged 2–3×: the lens
        /// blur, not the noise, is what costs Tesseract their letters (docs/benchmarks/flattening.md).
        public var sharpenAmount = 0.6
        public var sharpenSigma = 1.0
        /// The amount for a blurred photo of a clean sheet: blur measured across the sheet's edges
        /// (`EdgeBlur`) of at least `strongSharpenFromBlur` photo pixels, grain (`PhotoNoise`) under
        /// `strongSharpenBelowNoise` gray levels. Grainier photos keep the ordinary amount: on them
        /// the strong mask turns grain into specks read as ink, and no mask at all (which their CER
        /// preferred) cost the corpus's two grainiest readable lists 8 prices
        /// (docs/benchmarks/flattening.md).
        public var strongSharpenAmount = 2.0
        public var strongSharpenFromBlur = 0.75
        public var strongSharpenBelowNoise = 3.0
        /// Deconvolve the photo's lens blur before an enlarging resampling, instead of the unsharp
        /// mask, when the blur measured across the sheet's edges (`EdgeBlur`) is at least this wide
        /// (σ, photo pixels; 0: never). Off by default: from 1 px it reads lists better (generated
        /// set CER 17.7 → 16.3 %), but the most blurred list of the corpus then yields garbled
        /// entries that match no wine, and fields of lists read well change: measured again with the
        /// entry parser's confidence guard, entry F1 93.3 → 93.0 % (docs/benchmarks/entries.md).
        public var deblurFrom = 0.0
        /// The deconvolution's σ as a share of the measured one (the edge also carries the render's
        /// and the sensor's own softness, which the print's strokes share only in part).
        public var deblurScale = 0.85
        /// A fixed σ to deconvolve instead of the measured one (tuning runs; 0: measure).
        public var deblurSigma = 0.0
        /// Richardson–Lucy iterations of that deconvolution.
        public var deblurIterations = 5
        /// Let the photo's colour (`LoadedImage.chroma`, when loaded) show the sheet's edges when gray
        /// shows them along less than this share of their length on average (0: never).
        public var colourOutlineBelow = 0.9
        public var surface = SurfaceFitOptions()
        var finder = PageFinder.Options()

        public init() {}
    }

    /// A flattened page with the map that made it (for measuring where known points went).
    public struct Unwarped: Sendable {
        public var page: FlattenedPage
        let unwarper: Unwarper
        let model: SurfaceModel

        /// Where a photo pixel landed in the flattened page (pixels), or nil if nowhere near.
        public func flattenedPosition(ofPhoto point: (x: Double, y: Double)) -> (x: Double, y: Double)? {
            unwarper.outputPosition(ofPhoto: point)
        }
    }

    /// Why the depth could not be used, for pages.json; `steps` holds what was measured before.
    public struct Unusable: Error, Sendable {
        public var reason: String
        public var steps: StepLog
        public var assumptions: [String]
    }

    public var options: Options

    public init(options: Options = Options()) { self.options = options }

    public func flatten(_ input: PagePhoto) -> Result<Unwarped, Unusable> {
        var steps = StepLog()
        var clock = StepTimer()
        let raster = input.image.raster
        let camera = CameraModel.resolve(camera: input.camera, cameraSource: input.cameraSource, exif: input.image.exif, width: raster.width, height: raster.height)
        steps[.camera] = camera.source
        func unusable(_ reason: String) -> Result<Unwarped, Unusable> {
            .failure(Unusable(reason: reason, steps: steps, assumptions: camera.assumptions))
        }
        guard let depth = input.depth else { return unusable("no depth map") }
        if let problem = depth.alignmentProblem(photoWidth: raster.width, photoHeight: raster.height) { return unusable(problem) }

        // 1. Points: back-projected, outliers dropped, the page's surface grown from the middle.
        var cloud = PointCloud(depth: depth, photoCamera: camera.intrinsics)
        let total = cloud.width * cloud.height
        cloud.dropOutliers()
        let validShare = Double(cloud.validCount) / Double(max(1, total))
        steps[.depth] = String(format: "%dx%d (grid %dx%d), %.0f%% valid", depth.width, depth.height, cloud.width, cloud.height, validShare * 100)
        guard validShare >= options.minimumValidShare else {
            return unusable(String(format: "too few valid depth points (%.0f%% of the map; need %.0f%%)", validShare * 100, options.minimumValidShare * 100))
        }
        let region = cloud.segment()
        let regionIndices = region.indices.filter { region[$0] }
        let regionShare = Double(regionIndices.count) / Double(total)
        steps[.region] = String(format: "%.0f%% of the depth map", regionShare * 100)
        guard regionShare >= options.minimumRegionShare else {
            return unusable(String(format: "the page is not covered by the depth map (largest smooth surface: %.0f%% of it)", regionShare * 100))
        }
        clock.lap(.points, into: &steps)

        // 2. Surface: plane or bend (+ wrinkles), on at most ~40k points; 3. the sheet's outline in
        // the unrolled photo. A page lying on a table is not separated from the table by depth, so the
        // first fit may be the table's: it still finds the sheet's outline, and the surface is then
        // fitted again to the points inside that outline alone.
        let gray = raster.grayscale()
        clock.lap(.gray, into: &steps)
        var zs = regionIndices.map { cloud.points[$0].z }
        let medianZ = Selection.element(ofRank: zs.count / 2, in: &zs)
        let centreCell = Self.nearest(to: (Double(cloud.width) / 2, Double(cloud.height) / 2), among: regionIndices, width: cloud.width)
        var selection = regionIndices
        var located: Located?
        for pass in 0..<2 {
            let stride = max(1, selection.count / options.fitPoints)
            let points = Swift.stride(from: 0, to: selection.count, by: stride).map { cloud.points[selection[$0]] }
            // The second fit knows the sheet's sides (from the first outline), and so which shallow
            // bends are the paper's own curl.
            let side = located.map { $0.fit.model.point(x: $0.corners[3].x, y: $0.corners[3].y) - $0.fit.model.point(x: $0.corners[0].x, y: $0.corners[0].y) }
            guard let fit = SurfaceFit(options: options.surface).fit(points, pageSide: side) else {
                if located != nil { break }
                return unusable("no surface could be fitted to the depth")
            }
            // The second look covers the first outline (carried onto the new surface) and a margin only:
            // sharper, and free of the table unrolled through a bend that is the page's, not the table's.
            var domain: (minX: Double, maxX: Double, minY: Double, maxY: Double)?
            var carried: [(x: Double, y: Double)]?
            var hint: Double?
            if let previous = located {
                let corners = previous.corners.map { fit.model.flat(previous.fit.model.point(x: $0.x, y: $0.y)) }
                let xs = corners.map(\.x), ys = corners.map(\.y)
                if let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() {
                    let margin = 0.12 * max(maxX - minX, maxY - minY)
                    domain = (minX - margin, maxX + margin, minY - margin, maxY + margin)
                }
                carried = corners
                hint = Self.angle(of: corners)
            }
            guard var found = locate(fit: fit, cloud: cloud, region: regionIndices, centreCell: centreCell, medianZ: medianZ,
                                     camera: camera, gray: gray, chroma: input.image.chroma, domain: domain, hint: hint,
                                     steps: &steps) else {
                if located != nil { break }
                return unusable("the page's outline was not found in the unrolled photo")
            }
            // A closer look that sees the edges worse than the first keeps the first outline.
            if let previous = located, let carried, found.score < 0.8 * previous.score {
                found.corners = carried
                found.score = previous.score
                steps[.outline] = (steps[.outline] ?? "") + "; first outline kept"
            }
            located = found
            clock.lap(pass == 0 ? .fitAndOutline : .refitAndOutline, into: &steps)
            // Points inside the outline (shrunk by 3% against its own border's uncertainty).
            let shrunk = FlatQuad(corners: found.corners).shrunk(by: 0.03)
            let foundModel = found.fit.model
            let inside = cloud.points.withUnsafeBufferPointer { points in
                regionIndices.filter { shrunk.contains(foundModel.flat(points[$0])) }
            }
            guard inside.count >= 200, Double(inside.count) < 0.9 * Double(selection.count) else { break }
            steps[.refit] = String(format: "surface refitted to the %.0f%% of the depth region inside the page", 100 * Double(inside.count) / Double(regionIndices.count))
            selection = inside
        }
        guard let located else { return unusable("no surface could be fitted to the depth") }
        let fit = located.fit, model = fit.model, overview = located.overview, regionMask = located.regionMask
        steps[.fit] = String(format: "plane residual %.2f mm (%.0f%% inliers); model residual %.2f mm", fit.planeResidual,
                              fit.inlierShare * 100, fit.residual)
        if model.section != nil {
            steps[.bend] = String(format: "%.1f mm deep, rulings at %.1f° in the plane, slope %.3f", fit.bendDepth,
                                   atan2(model.cosPhi, -model.sinPhi) * 180 / .pi, model.beta)
        }
        if let rms = fit.heightFieldRMS { steps[.heightField] = String(format: "wrinkles %.2f mm RMS", rms) }
        guard fit.residual <= options.maximumResidual else {
            return unusable(String(format: "the surface fit leaves %.1f mm RMS (limit %.1f mm)", fit.residual, options.maximumResidual))
        }
        var corners = EdgeRefiner(model: model, camera: camera, gray: gray).refine(located.corners, steps: &steps)
        clock.lap(.refine, into: &steps)

        // Coverage: the found page must be mostly where the depth is.
        let coverage = overview.coverage(of: corners, mask: regionMask,
                                         cell: Int((max(widthOf(corners), 1) / 12 / overview.mmPerPixel).rounded(.up)))
        steps[.coverage] = String(format: "depth covers %.0f%% of the page", coverage * 100)
        guard coverage >= options.minimumPageCoverage else {
            return unusable(String(format: "the depth map covers only %.0f%% of the page found in the photo", coverage * 100))
        }

        // 4. Upright and portrait: the page's long side vertical, its top toward the photo's top.
        corners = Self.upright(corners, model: model, camera: camera)
        let widthMM = (Self.distance(corners[0], corners[1]) + Self.distance(corners[3], corners[2])) / 2
        let heightMM = (Self.distance(corners[0], corners[3]) + Self.distance(corners[1], corners[2])) / 2
        guard widthMM > 10, heightMM > 10 else { return unusable("the page found is too small") }

        // 5. Scale from the print's measured x-height; one resampling into the output.
        let quad = FlatQuad(corners: corners)
        let native = Self.photoDensity(quad: quad, model: model, camera: camera)
        var pixelsPerMM = native
        var xHeightInPhoto: Double?
        if let xHeight = Self.measureXHeight(quad: quad, model: model, camera: camera, gray: gray, density: native) {
            pixelsPerMM = options.targetXHeight / xHeight
            let inPhoto = xHeight * native
            xHeightInPhoto = inPhoto
            steps[.scale] = String(format: "x-height %.2f mm (%.1f px in the photo) → %.1f px/mm", xHeight, inPhoto, pixelsPerMM)
        } else {
            steps[.scale] = String(format: "no x-height measured; photo's own %.1f px/mm", native)
        }
        pixelsPerMM = min(pixelsPerMM, options.maximumUpscale * native)
        let limit = (Double(FlattenedPage.maximumPixels) / (widthMM * heightMM)).squareRoot()
        pixelsPerMM = max(1, min(pixelsPerMM, limit))
        let outW = max(16, Int((widthMM * pixelsPerMM).rounded())), outH = max(16, Int((heightMM * pixelsPerMM).rounded()))
        clock.lap(.scale, into: &steps)
        let unwarper = Unwarper(width: outW, height: outH, spacing: options.meshSpacing) { i, j in
            let f = quad.point(u: (i + 0.5) / Double(outW), v: (j + 0.5) / Double(outH))
            return camera.project(model.point(x: f.x, y: f.y))
        }
        clock.lap(.mesh, into: &steps)
        let blur = EdgeBlur().measure(gray, sides: Self.edgePoints(quad: quad, model: model, camera: camera, density: native))
        steps[.blur] = blur.map { String(format: "σ %.2f px across the sheet's edges (%d runs)", $0.sigma, $0.runs) }
            ?? "not measured (the sheet's edges show no clean step)"
        // The middle half of the page's bounds lies on the sheet whatever its tilt; the table around it has grain of its own.
        let noise = unwarper.photoBounds(width: gray.width, height: gray.height, margin: 0).flatMap { box in
            PhotoNoise().sigma(of: gray, in: PixelRect(x: box.x + box.width / 4, y: box.y + box.height / 4,
                                                       width: box.width / 2, height: box.height / 2))
        }
        steps[.noise] = noise.map { String(format: "σ %.2f gray levels on the page", $0) } ?? "not measured"
        var warnings: [String] = []
        if let blur, let xHeight = xHeightInPhoto, let warning = Self.legibilityWarning(blur: blur.sigma, xHeight: xHeight) {
            warnings.append(warning)
        }
        clock.lap(.blur, into: &steps)
        let (flat, deblurred, sharpened) = resampleForReading(unwarper, gray: gray, native: native, pixelsPerMM: pixelsPerMM,
                                                              blur: blur?.sigma, noise: noise)
        if let sharpened {
            steps[.sharpen] = String(format: "unsharp mask %.1f (σ %.1f px)", sharpened, options.sharpenSigma)
        }
        if let deblurred {
            steps[.deblur] = String(format: "deconvolved σ %.2f px (%d Richardson–Lucy iterations)", deblurred, options.deblurIterations)
        }
        clock.lap(.resample, into: &steps)

        let method: FlattenMethod = model.isPlanar ? .plane : .surface
        let report = FlattenReport(method: method, residualMM: (fit.residual * 100).rounded() / 100,
                                   pageSizeMM: [(widthMM * 10).rounded() / 10, (heightMM * 10).rounded() / 10],
                                   assumptions: camera.assumptions, steps: steps)
        let ppi = Int((pixelsPerMM * 25.4).rounded())
        var page = FlattenedPage(raster: flat, ppi: ppi, report: report)
        page.warnings = warnings
        if let blur, let xHeight = xHeightInPhoto, xHeight > 0 { page.blurShare = blur.sigma / xHeight }
        return .success(Unwarped(page: page, unwarper: unwarper, model: model))
    }

    /// The warning for a page whose print (x-height in photo pixels) is blurred by `blur` (σ across the
    /// sheet's edges, photo pixels) past `FlattenedPage.illegibleBlurShare`; nil when it is sharp enough.
    static func legibilityWarning(blur: Double, xHeight: Double) -> String? {
        guard xHeight > 0, blur / xHeight >= FlattenedPage.illegibleBlurShare else { return nil }
        return String(format: "print blurred by σ %.1f px on a %.0f px x-height (%.2f of it); print blurred past %.1f of its "
                      + "x-height is rarely read: retake the photo closer or in sharper focus",
                      blur, xHeight, blur / xHeight, FlattenedPage.illegibleBlurShare)
    }

    struct Located {
        var fit: SurfaceFit.Result
        var overview: Overview
        var regionMask: [Bool]
        /// Flat millimetres, in the overview's turned frame order (top-left first).
        var corners: [(x: Double, y: Double)]
        /// The outline's mean edge coverage.
        var score: Double
    }

    /// Angle of a quad's top side, folded into −45°…45° (the page finder's convention).
    static func angle(of c: [(x: Double, y: Double)]) -> Double {
        let a = atan2(c[1].y - c[0].y, c[1].x - c[0].x)
        return remainder(a, .pi / 2)
    }

    /// The overview of the surface and the sheet's outline in it.
    private func locate(fit: SurfaceFit.Result, cloud: PointCloud, region: [Int], centreCell: Int, medianZ: Double, camera: CameraModel,
                        gray: Raster, chroma: Chroma?, domain: (minX: Double, maxX: Double, minY: Double, maxY: Double)?, hint: Double?,
                        steps: inout StepLog) -> Located? {
        let model = fit.model
        var xs: [Double] = [], ys: [Double] = []
        xs.reserveCapacity(region.count); ys.reserveCapacity(region.count)
        for k in region { let f = model.flat(cloud.points[k]); xs.append(f.x); ys.append(f.y) }
        guard let extent = domain ?? Overview.extent(xs: xs, ys: ys),
              let overview = Overview(model: model, camera: camera, gray: gray, extent: extent, longSide: options.overviewLongSide) else {
            return nil
        }
        let cellPixels = medianZ / cloud.camera.fx / overview.mmPerPixel
        let regionMask = overview.mask(of: xs, ys, radius: cellPixels)
        let centreFlat = model.flat(cloud.points[centreCell])
        let centre = ((centreFlat.x - overview.x0) / overview.mmPerPixel, (centreFlat.y - overview.y0) / overview.mmPerPixel)
        let finder = PageFinder(options: options.finder)
        var found = finder.find(view: overview.view, valid: overview.valid, region: regionMask, regionTolerance: 1.5 * cellPixels + 1,
                                centre: centre, hint: hint)
        // A sheet that gray shows only in part (cream on white marble: the text columns' edges then
        // pass for the sheet's) is looked for again in the photo's colour alone; the outline whose
        // sides run more completely wins. Edges gray shows well are never second-guessed by colour.
        var fromColour = false
        if let chroma, (found?.score ?? 0) < options.colourOutlineBelow,
           case let colour = overview.colour(of: chroma),
           // The colour's own angles, and gray's: the text's strokes give the sheet's angle even where
           // gray took a text column for a side, and the colour may show the sheet only beyond the
           // middle, where the candidate angles are measured.
           let coloured = finder.find(view: colour[0], colour: [colour[1]], valid: overview.valid,
                                      region: regionMask, regionTolerance: 1.5 * cellPixels + 1, centre: centre, hint: hint,
                                      alsoTry: found.map { [$0.angle] } ?? []),
           coloured.score > (found?.score ?? 0) {
            found = coloured
            fromColour = true
        }
        guard let found else { return nil }
        steps[.outline] = String(format: "sides from %@%@; page at %.1f° in the unrolled view",
                                  found.sources.joined(separator: ", "), fromColour ? " in the photo's colour" : "", found.angle * 180 / .pi)
        if let dir = ProcessInfo.processInfo.environment["DECANT_DEBUG_DIR"] {
            var v = overview.view
            for k in v.pixels.indices where regionMask[k] { v.pixels[k] = v.pixels[k] / 2 + 128 }
            let c = found.corners
            for e in 0..<4 {
                let a = c[e], b = c[(e + 1) % 4]
                for t in Swift.stride(from: 0.0, through: 1.0, by: 0.001) {
                    let x = Int(a.x + (b.x - a.x) * t), y = Int(a.y + (b.y - a.y) * t)
                    if x >= 0, y >= 0, x < v.width, y < v.height { v.pixels[y * v.width + x] = 0 }
                }
            }
            try? PNGFile.write(v, to: "\(dir)/overview-\(Int(centreFlat.x * 1000) % 100000)-\(model.isPlanar).png")
        }
        return Located(fit: fit, overview: overview, regionMask: regionMask,
                       corners: found.corners.map { overview.flat(x: $0.x, y: $0.y) }, score: found.score)
    }

    /// The cell of `cells` nearest a grid position.
    static func nearest(to p: (Double, Double), among cells: [Int], width: Int) -> Int {
        var best = (d: Double.infinity, k: cells.first ?? 0)
        for k in cells {
            let dx = Double(k % width) - p.0, dy = Double(k / width) - p.1
            let d = dx * dx + dy * dy
            if d < best.d { best = (d, k) }
        }
        return best.k
    }

    /// The shorter side of a quad, millimetres.
    private func widthOf(_ c: [(x: Double, y: Double)]) -> Double {
        min(Self.distance(c[0], c[1]), Self.distance(c[1], c[2]))
    }

    static func distance(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// Reorders the corners (top-left first, clockwise) so the long side runs down the page and the
    /// page's top is the side nearest the photo's top: an upright photo of a portrait page comes out
    /// upright; a page photographed sideways needs the orientation detector's quarter turns.
    static func upright(_ corners: [(x: Double, y: Double)], model: SurfaceModel, camera: CameraModel) -> [(x: Double, y: Double)] {
        func photo(_ p: (x: Double, y: Double)) -> (x: Double, y: Double) {
            camera.project(model.point(x: p.x, y: p.y)) ?? (0, 0)
        }
        let inPhoto = corners.map(photo)
        var best: (turn: Int, score: Double) = (0, -Double.infinity)
        for turn in 0..<4 {
            let c = (0..<4).map { corners[($0 + turn) % 4] }
            let width = distance(c[0], c[1]), height = distance(c[0], c[3])
            let portrait = height >= width * 0.97
            let p = (0..<4).map { inPhoto[($0 + turn) % 4] }
            // Upward in the photo: from the bottom side's middle to the top side's middle.
            let up = ((p[0].x + p[1].x - p[2].x - p[3].x) / 2, (p[0].y + p[1].y - p[2].y - p[3].y) / 2)
            let length = (up.0 * up.0 + up.1 * up.1).squareRoot()
            let score = (portrait ? 10 : 0) + (length > 0 ? -up.1 / length : 0)
            if score > best.score { best = (turn, score) }
        }
        return (0..<4).map { corners[($0 + best.turn) % 4] }
    }

    /// Photo pixels per millimetre of page, on average over the page.
    static func photoDensity(quad: FlatQuad, model: SurfaceModel, camera: CameraModel) -> Double {
        var sum = 0.0, count = 0.0
        for v in stride(from: 0.1, through: 0.9, by: 0.2) {
            for u in stride(from: 0.1, through: 0.9, by: 0.2) {
                let a = quad.point(u: u, v: v), b = quad.point(u: u + 0.01, v: v), c = quad.point(u: u, v: v + 0.01)
                guard let pa = camera.project(model.point(x: a.x, y: a.y)), let pb = camera.project(model.point(x: b.x, y: b.y)),
                      let pc = camera.project(model.point(x: c.x, y: c.y)) else { continue }
                let mmU = distance(a, b), mmV = distance(a, c)
                guard mmU > 0, mmV > 0 else { continue }
                sum += (distance(pa, pb) / mmU + distance(pa, pc) / mmV) / 2
                count += 1
            }
        }
        return count > 0 ? sum / count : 4
    }

    /// x-height in millimetres, measured on five patches across the page's middle, unrolled at the
    /// photo's own resolution (no detail invented, none thrown away); the text lines of all patches
    /// are pooled.
    static func measureXHeight(quad: FlatQuad, model: SurfaceModel, camera: CameraModel, gray: Raster, density: Double) -> Double? {
        let widthMM = distance(quad.corners[0], quad.corners[1]), heightMM = distance(quad.corners[0], quad.corners[3])
        let patchMM = min(widthMM * 0.3, 60.0), patchHeightMM = min(heightMM * 0.25, 50.0)
        let w = max(32, Int(patchMM * density)), h = max(32, Int(patchHeightMM * density))
        var lines: [TextSize.Line] = []
        for (cu, cv) in [(0.3, 0.35), (0.7, 0.35), (0.3, 0.65), (0.7, 0.65), (0.5, 0.5)] {
            let u0 = cu - patchMM / widthMM / 2, v0 = cv - patchHeightMM / heightMM / 2
            let patch = Unwarper(width: w, height: h, spacing: 16) { i, j in
                let f = quad.point(u: u0 + (i + 0.5) / Double(w) * patchMM / widthMM, v: v0 + (j + 0.5) / Double(h) * patchHeightMM / heightMM)
                return camera.project(model.point(x: f.x, y: f.y))
            }.resample(gray)
            lines += TextSize.lines(in: patch)
        }
        if ProcessInfo.processInfo.environment["DECANT_DEBUG_XHEIGHT"] != nil {
            print("XH", density, lines.map { "\($0.core),\($0.full)" }.joined(separator: " "))
        }
        return TextSize.xHeight(of: lines).map { $0 / density }
    }
}

extension DepthFlattener.Options {
    /// These options changed as the receipt preset changes them (`FlattenSettings.Preset.receipts`):
    /// no unsharp mask, as their larger print through the receipts' ^3 tone curve reads worse
    /// sharpened (its grain turns to ink); no deconvolution, as their print is 9–19 px tall in the
    /// photo, larger than the blur, and deconvolved grain comes out of the tone curve as ink
    /// (measured worse on every receipt of the corpus; docs/benchmarks/flattening.md).
    public func forReceipts() -> Self {
        var options = self
        options.sharpenAmount = 0
        options.strongSharpenAmount = 0
        options.deblurFrom = 0
        return options
    }
}
