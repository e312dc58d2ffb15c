import Foundation
import Imaging
import Testing
@testable import Flattening

@Suite struct DeconvolutionTests {
    /// Thin dark strokes (2 px wide, 6 px apart) on paper: print smaller than a wide blur.
    static func strokes(width: Int = 96, height: Int = 64) -> Raster {
        var page = Raster(width: width, height: height, channels: 1, fill: 220)
        for y in 0..<height { for x in 0..<width where x % 6 < 2 { page[x, y] = 40 } }
        return page
    }

    static func meanError(_ a: Raster, _ b: Raster, in r: PixelRect) -> Double {
        var sum = 0.0
        for y in r.y..<(r.y + r.height) { for x in r.x..<(r.x + r.width) { sum += abs(Double(a[x, y]) - Double(b[x, y])) } }
        return sum / Double(r.width * r.height)
    }

    @Test func aKnownBlurIsLargelyUndone() throws {
        let sharp = Self.strokes()
        let blurred = sharp.smoothed(sigma: 1.5)
        let restored = blurred.deconvolved(sigma: 1.5, iterations: 10)
        let inner = PixelRect(x: 10, y: 10, width: 76, height: 44)
        let before = Self.meanError(blurred, sharp, in: inner), after = Self.meanError(restored, sharp, in: inner)
        #expect(after < 0.75 * before, "error \(before) → \(after)")
        // And it does better than the unsharp mask it replaces on blurred print.
        let unsharp = Self.meanError(blurred.sharpened(amount: 0.6, sigma: 1.0), sharp, in: inner)
        #expect(after < unsharp, "deconvolved \(after), unsharp-masked \(unsharp)")
        // The strokes' contrast comes back: darkest ink and brightest paper move apart.
        let restoredInk = try #require(restored.pixels.min()), blurredInk = try #require(blurred.pixels.min())
        let restoredPaper = try #require(restored.pixels.max()), blurredPaper = try #require(blurred.pixels.max())
        #expect(restoredInk < blurredInk && restoredPaper > blurredPaper)
    }

    @Test func paperWithoutPrintStaysAsItIs() {
        let blank = Raster(width: 40, height: 30, channels: 1, fill: 205)
        #expect(blank.deconvolved(sigma: 1.7, iterations: 5) == blank)
    }

    @Test func onlyTheRegionIsTouched() {
        let blurred = Self.strokes().smoothed(sigma: 1.2)
        let region = PixelRect(x: 20, y: 10, width: 30, height: 20)
        let restored = blurred.deconvolved(sigma: 1.2, iterations: 5, in: region)
        var changedOutside = 0, changedInside = 0
        for y in 0..<blurred.height {
            for x in 0..<blurred.width where restored[x, y] != blurred[x, y] {
                let inside = (region.x..<(region.x + region.width)).contains(x) && (region.y..<(region.y + region.height)).contains(y)
                if inside { changedInside += 1 } else { changedOutside += 1 }
            }
        }
        #expect(changedOutside == 0)
        #expect(changedInside > 100)
    }
}
