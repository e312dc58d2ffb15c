import Evaluation
import Flattening
import Foundation
import Imaging

/// The flat render as the camera saw it, without the camera's geometry: the flattening bench's
/// ceiling. A perfect flattening cannot read more than the photo holds; this separates what the
/// photographer took (resolution on the page, lens blur, sensor noise, JPEG) from what the
/// flattening loses. Light, shadow, glare and motion blur are not re-applied (background
/// normalization is meant to undo the first two; glare is left out, so glared photos get a
/// ceiling that is too high).
enum PhotographedRender {
    /// The render reduced (area average) to the photo's mean pixels per mm on the page, blurred and
    /// noised with the generator's `fx.blurSigmaPx` and `fx.noiseSigma`, JPEG-compressed at its
    /// quality, then enlarged (bilinear) to `outputPixelsPerMM`; nil without the generator's record.
    static func make(render: Raster, truth: GroundTruth, outputPixelsPerMM: Double, seed: UInt64) -> Raster? {
        guard let page = truth.page, let widthMM = page.widthMM, let heightMM = page.heightMM, let corners = page.corners,
              corners.count == 4, corners.allSatisfy({ $0.count >= 2 }), let fx = truth.generator else { return nil }
        func side(_ a: Int, _ b: Int) -> Double { hypot(corners[a][0] - corners[b][0], corners[a][1] - corners[b][1]) }
        let photoDensity = ((side(0, 1) + side(3, 2)) / widthMM + (side(0, 3) + side(1, 2)) / heightMM) / 4
        let gray = render.grayscale()
        let renderDensity = Double(gray.width) / widthMM
        // The page texture the photo was rendered from may itself be coarser than the photo.
        let textureDensity = fx["textureDPI"].flatMap(Double.init).map { $0 / 25.4 } ?? .infinity
        let density = min(photoDensity, textureDensity, renderDensity)
        var taken = gray.scaled(by: density / renderDensity)
        let sigma = fx["fx.blurSigmaPx"].flatMap(Double.init) ?? 0
        if sigma > 0.05 { taken = blurred(taken, sigma: sigma * density / photoDensity) }
        let noise = fx["fx.noiseSigma"].flatMap(Double.init) ?? 0
        if noise > 0 {
            var rng = SplitMix64(seed: seed)
            taken.pixels = taken.pixels.map { v in
                // Box–Muller.
                let u = max(rng.unit(), 1e-12), w = rng.unit()
                let n = (-2 * log(u)).squareRoot() * cos(2 * .pi * w) * noise
                return UInt8(min(255, max(0, (Double(v) + n).rounded())))
            }
        }
        if let quality = fx["fx.jpegQuality"].flatMap(Int.init), let data = try? JPEGFile.encode(taken, quality: quality),
           let decoded = try? ImageLoader.decode([UInt8](data), name: "ceiling.jpg", grayscale: true) {
            taken = decoded.raster
        }
        return taken.resized(width: max(16, Int((widthMM * outputPixelsPerMM).rounded())),
                             height: max(16, Int((heightMM * outputPixelsPerMM).rounded())))
    }

    /// Separable Gaussian blur, edges clamped.
    static func blurred(_ raster: Raster, sigma: Double) -> Raster {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let w = raster.width, h = raster.height
        var pass = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var s = 0.0
                for k in -radius...radius { s += kernel[k + radius] * Double(raster.pixels[y * w + min(w - 1, max(0, x + k))]) }
                pass[y * w + x] = s
            }
        }
        var out = raster
        for y in 0..<h {
            for x in 0..<w {
                var s = 0.0
                for k in -radius...radius { s += kernel[k + radius] * pass[min(h - 1, max(0, y + k)) * w + x] }
                out.pixels[y * w + x] = UInt8(min(255, max(0, s.rounded())))
            }
        }
        return out
    }
}
