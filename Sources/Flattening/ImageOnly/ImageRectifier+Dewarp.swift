import Foundation
import Imaging
import StepTrace

/// Corrections measured on the text lines of a page already level: converging lines made parallel,
/// bent lines straightened (Decant's own model from short lines, and leptonica's from long ones).
extension ImageRectifier {
    /// The page's text lines at the analysis scale, as the line-based steps see them.
    struct TextLines {
        var lines: [TextLineDewarp.Line]
        var medianHeight: Double
        var reduction: Double
        var width: Int
        var height: Int
    }

    func textLines(_ gray: Raster) -> TextLines? {
        let reduction = min(1.0, Double(options.analysisLongSide) / Double(max(gray.width, gray.height)))
        let found = TextBlobs.find(in: gray, reduction: reduction, adaptive: false)
        let h = Double(found.medianHeight)
        guard h > 0 else { return nil }
        return TextLines(lines: TextLineDewarp.lines(from: found.blobs, medianHeight: h), medianHeight: h, reduction: reduction,
                         width: Int(Double(gray.width) * reduction), height: Int(Double(gray.height) * reduction))
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
