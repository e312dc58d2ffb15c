import Foundation
import Imaging
import StepTrace

/// Corrections measured on the text lines of a page already level: converging lines made parallel,
/// bent lines straightened (Decant's own model from short lines, and leptonica's from long ones).
extension ImageRectifier {
    /// The page's text lines at the analysis scale, as the line-based steps see them.
    struct TextLines {
        var lines: [TextLineDewarp.Line]
        /// The rules printed across the page (`RuleTrace`): lines of the page for the dewarp.
        var rules: [TextLineDewarp.Line] = []
        var medianHeight: Double
        var reduction: Double
        var width: Int
        var height: Int
    }

    func textLines(_ gray: Raster) -> TextLines? {
        let reduction = min(1.0, Double(options.analysisLongSide) / Double(max(gray.width, gray.height)))
        let found = TextBlobs.find(in: gray, reduction: reduction, adaptive: false, rules: options.lineDewarpRules)
        guard found.medianHeight > 0 else { return nil }
        let (lines, h) = Self.tracedLines(found.blobs, median: Double(found.medianHeight))
        return TextLines(lines: lines, rules: found.rules, medianHeight: h, reduction: reduction,
                         width: Int(Double(gray.width) * reduction), height: Int(Double(gray.height) * reduction))
    }

    /// How many times the blobs' median height the height that holds half their ink must be for
    /// the lines to be traced at that height instead.
    static let speckledPrintRatio = 1.6

    /// The page's text lines and the letter height they were chained at: the blobs' median
    /// height, or the height that holds half their ink (`lineHeight`) when that stands apart and
    /// the lines chained at it reach further across the page in all. Faint print broken into specks
    /// (pale tasting notes under bold names) makes most blobs specks: the median is a speck's
    /// height, the names' letters fall outside the sizes a line is chained from, and no line is
    /// traced. A page whose ink is mostly in a few large marks (a logo, a bold heading) over small
    /// print keeps its lines at the median, as they reach further there.
    static func tracedLines(_ blobs: [PixelRect], median: Double) -> (lines: [TextLineDewarp.Line], height: Double) {
        let atMedian = TextLineDewarp.lines(from: blobs, medianHeight: median)
        let inked = lineHeight(of: blobs, median: median)
        guard inked != median else { return (atMedian, median) }
        let atInk = TextLineDewarp.lines(from: blobs, medianHeight: inked)
        func reach(_ lines: [TextLineDewarp.Line]) -> Double { lines.reduce(0) { $0 + ($1.xs[$1.xs.count - 1] - $1.xs[0]) } }
        return reach(atInk) > reach(atMedian) ? (atInk, inked) : (atMedian, median)
    }

    /// The height that holds half the blobs' ink (their median height weighted by area) when it is
    /// `speckledPrintRatio` times their median height or more, else the median. On print whose
    /// blobs are letters the two differ by capitals and ascenders only.
    static func lineHeight(of blobs: [PixelRect], median: Double) -> Double {
        let sorted = blobs.sorted { $0.height < $1.height }
        let total = sorted.reduce(0.0) { $0 + Double($1.width * $1.height) }
        guard total > 0 else { return median }
        var sum = 0.0
        for blob in sorted {
            sum += Double(blob.width * blob.height)
            if sum >= total / 2 {
                let inked = Double(blob.height)
                return inked >= speckledPrintRatio * median ? inked : median
            }
        }
        return median
    }

    /// The page with its converging lines made parallel; nil when it is left as is.
    func linePerspective(_ gray: Raster, text: TextLines?, steps: inout StepLog) -> Raster? {
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
    func lineDewarp(_ gray: Raster, text: TextLines?, steps: inout StepLog) -> Raster {
        guard let text else { steps[.lineDewarp] = "skipped: no text blobs"; return gray }
        let (lines, h, reduction) = (text.lines + text.rules, text.medianHeight, text.reduction)
        guard let model = TextLineDewarp.model(lines: lines, width: text.width, height: text.height, medianHeight: h,
                                               reduction: reduction, minLines: options.lineDewarpMinLines) else {
            steps[.lineDewarp] = "no model (\(text.lines.count) text lines; needs \(options.lineDewarpMinLines)): page left as is"
            return gray
        }
        // Resampling softens the print; below about half a text height of bending, Tesseract
        // reads the page better as it is (measured on Inv3DReal curled and folded photos).
        guard model.maxDisplacement >= options.lineDewarpMinShift * h else {
            steps[.lineDewarp] = String(format: "lines straight enough (%d lines, largest shift %.0f px): page left as is",
                                         lines.count, model.maxDisplacement / reduction)
            return gray
        }
        steps[.lineDewarp] = String(format: "applied: %d lines%@, largest shift %.0f px", model.lines,
                                     text.rules.isEmpty ? "" : " (\(text.rules.count) of them rules)", model.maxDisplacement / reduction)
        return model.apply(to: gray)
    }

    /// Leptonica's dewarp; nil when the page is left as is.
    func dewarp(_ gray: Raster, steps: inout StepLog) -> Raster? {
        let pix = Pix(gray)
        guard let normalized = pix.backgroundNormalized(),
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
