import Foundation
import Imaging

/// The photo's sensor noise, measured on the page.
///
/// How hard a blurred list may be sharpened depends on its grain as much as on its blur: an unsharp
/// mask strong enough to open a bold digit's counters on a clean photo turns the grain of a noisy one
/// into specks Tesseract reads as letters (docs/benchmarks/flattening.md). The page is cut into 4×4
/// blocks and the spread of each is taken; a block of bare paper spreads by the noise alone, one
/// on print or a shadow's edge by more, so a low quantile of the blocks' spreads is the noise. Small
/// blocks because JPEG keeps a block's low frequencies: a second-difference estimator (Immerkær's)
/// sees only the finest grain, which JPEG at quality 65–80 removes, and read 0.5–0.7 on photos
/// generated with noise σ 5–7. This one reads 1.8–6.4 on 12 photos generated with σ 4.3–7.8 (most
/// of them 2.7–6.4) and 0.5–1.7 on those with σ 0.5–1.5: rough, but it tells grainy from clean.
struct PhotoNoise: Sendable {
    var block = 4
    /// The quantile of the blocks' spreads taken as the noise: paper is most of a page, but not all.
    var quantile = 0.25

    /// The noise's standard deviation in gray levels over `region` of the photo; nil when the region
    /// holds too few blocks to say.
    func sigma(of gray: Raster, in region: PixelRect) -> Double? {
        precondition(gray.channels == 1)
        let x0 = max(0, region.x), x1 = min(gray.width, region.maxX)
        let y0 = max(0, region.y), y1 = min(gray.height, region.maxY)
        let columns = (x1 - x0) / block, rows = (y1 - y0) / block
        guard columns * rows >= 64 else { return nil }
        let w = gray.width, n = Double(block * block)
        var spreads: [Double] = []
        spreads.reserveCapacity(columns * rows)
        gray.pixels.withUnsafeBufferPointer { p in
            for by in 0..<rows {
                for bx in 0..<columns {
                    var sum = 0, squares = 0
                    for y in (y0 + by * block)..<(y0 + (by + 1) * block) {
                        let row = y * w + x0 + bx * block
                        for x in row..<(row + block) {
                            let v = Int(p[x])
                            sum += v; squares += v * v
                        }
                    }
                    let mean = Double(sum) / n
                    spreads.append((max(0, Double(squares) / n - mean * mean)).squareRoot())
                }
            }
        }
        return Selection.element(ofRank: Int(Double(spreads.count - 1) * quantile), in: &spreads)
    }
}
