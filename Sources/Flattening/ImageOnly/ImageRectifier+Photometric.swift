import Foundation
import Imaging
import StepTrace

/// The photometric step: paper evened out under shadows and uneven light, then the tone curve,
/// because Tesseract thresholds the whole page at one level.
extension ImageRectifier {
    /// Background normalization (shadows, uneven light) and the tone curve, or binarization.
    func photometric(_ input: Raster, steps: inout StepLog) -> Raster {
        var gray = input
        let estimated: Pix?, estimate: String
        if options.paperBackground {
            // The page is scaled to `targetBlobHeight` by now, so the tile follows the text's size.
            let tile = Int((options.paperBackgroundTile * options.targetBlobHeight).rounded())
            estimated = Pix(PaperBackground.normalize(gray, tile: tile, rank: options.paperBackgroundRank))
            estimate = String(format: "background normalized by paper level (rank %.2f)", options.paperBackgroundRank)
        } else {
            estimated = Self.normalizeBackground(Pix(gray), morphological: options.morphologicalBackground,
                                                 threshold: options.backgroundThreshold)
            estimate = "background normalized by tile mean"
        }
        if let normalized = estimated {
            if options.binarize, let binary = InkThreshold.binarize(normalized) {
                gray = binary.raster()
                steps[.photometric] = estimate + ", binarized"
            } else if !options.stretchTones {
                gray = normalized.raster()
                steps[.photometric] = estimate
            } else {
                // Normalization maps the paper to 200. Stretch from the ink's level (the 2% darkest
                // pixels) to just under the paper's, then darken the mid-tones (power curve):
                // Tesseract's global threshold drops faint grey print that sits next to black.
                let ink = normalized.rankValue(options.inkRank)
                let lo = Double(min(ink, 120)), hi = 190.0, power = options.toneCurve
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

    static func normalizeBackground(_ pix: Pix, morphological: Bool, threshold: Int32 = 100) -> Pix? {
        if morphological {
            // Closing at 1/4 scale with an 11-pixel brick: anything thinner than ~40 px (strokes,
            // not shadows) is removed from the background estimate.
            return pix.backgroundNormalizedByClosing(reduction: 4, brickSize: 11, target: 200)
        }
        // Leptonica's defaults but for the foreground threshold: paper in a deep shadow is darker
        // than the default 100 and would be taken for ink, leaving the shadow dark.
        return pix.backgroundNormalized(tileWidth: 10, tileHeight: 15, foregroundThreshold: Int(threshold), minimumCount: 40,
                                        target: 200, smoothingX: 2, smoothingY: 1)
    }
}
