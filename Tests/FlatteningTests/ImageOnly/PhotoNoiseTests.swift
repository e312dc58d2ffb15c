import Foundation
import Imaging
import Testing
@testable import Flattening

/// The grain measurement, and the unsharp mask's amount that follows from it and the blur.
@Suite struct PhotoNoiseTests {
    /// Paper at level 200 with Gaussian grain of `noise` levels; with `print`, dark bars (level 40)
    /// three pixels wide every ten cover 30 % of it, as lines of print would.
    static func page(noise: Double, print: Bool = false, seed: UInt64 = 7) -> Raster {
        let w = 240, h = 180
        var rng = SplitMix64(seed: seed)
        var pixels = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let grain = SurfaceFitTests.gaussian(&rng) * noise
                let level = print && x % 10 < 3 ? 40.0 : 200.0
                pixels[y * w + x] = UInt8(min(255, max(0, (level + grain).rounded())))
            }
        }
        return Raster(width: w, height: h, channels: 1, pixels: pixels)
    }

    static let whole = PixelRect(x: 0, y: 0, width: 240, height: 180)

    @Test func grainIsMeasuredInProportionToItsSpread() throws {
        let meter = PhotoNoise()
        let clean = try #require(meter.sigma(of: Self.page(noise: 0), in: Self.whole))
        let light = try #require(meter.sigma(of: Self.page(noise: 2), in: Self.whole))
        let heavy = try #require(meter.sigma(of: Self.page(noise: 6), in: Self.whole))
        #expect(clean < 0.1)
        // A low quantile of 16-pixel spreads sits somewhat under σ; what matters is the order and scale.
        #expect(light > 1.2 && light < 2.2, "σ 2 measured \(light)")
        #expect(heavy > 3.6 && heavy < 6.6, "σ 6 measured \(heavy)")
        #expect(abs(heavy / light - 3) < 0.5)
    }

    @Test func printOnThePageDoesNotCountAsGrain() throws {
        let meter = PhotoNoise()
        let bare = try #require(meter.sigma(of: Self.page(noise: 3), in: Self.whole))
        let printed = try #require(meter.sigma(of: Self.page(noise: 3, print: true), in: Self.whole))
        // Bars every 10 px cross most 4×4 blocks, but the blocks between them are bare paper.
        #expect(abs(printed - bare) < 0.25 * bare, "bare \(bare), printed \(printed)")
    }

    @Test func onlyTheRegionCountsAndATinyOneSaysNothing() throws {
        let meter = PhotoNoise()
        var photo = Self.page(noise: 6)
        // The left half made clean: measuring there alone must find no grain.
        for y in 0..<photo.height { for x in 0..<120 { photo.pixels[y * photo.width + x] = 200 } }
        let left = try #require(meter.sigma(of: photo, in: PixelRect(x: 0, y: 0, width: 120, height: 180)))
        #expect(left < 0.1)
        #expect(meter.sigma(of: photo, in: PixelRect(x: 0, y: 0, width: 20, height: 20)) == nil)
    }

    @Test func theMaskIsStrongOnlyOnBlurredCleanPhotos() {
        let lists = DepthFlattener(), options = lists.options
        #expect(lists.sharpening(blur: 1.0, noise: 1.6) == options.strongSharpenAmount)
        #expect(options.strongSharpenAmount > options.sharpenAmount)
        // Sharp photos, grainy blurred ones and unmeasured ones keep the ordinary amount.
        #expect(lists.sharpening(blur: 0.6, noise: 1.0) == options.sharpenAmount)
        #expect(lists.sharpening(blur: 1.0, noise: 3.5) == options.sharpenAmount)
        #expect(lists.sharpening(blur: 1.0, noise: 4.8) == options.sharpenAmount)
        #expect(lists.sharpening(blur: nil, noise: 1.0) == options.sharpenAmount)
        #expect(lists.sharpening(blur: 1.0, noise: nil) == options.sharpenAmount)
        // Receipts are never sharpened, whatever the photo.
        let receipts = DepthFlattener(options: options.forReceipts())
        #expect(receipts.sharpening(blur: 1.0, noise: 1.6) == 0)
        #expect(receipts.sharpening(blur: 0.6, noise: 1.0) == 0)
    }

    @Test func aBlurredCleanListIsSharpenedHarderThanAGrainyOne() {
        let source = ResamplingTests.bars(width: 60, height: 12, period: 6, dark: 2).smoothed(sigma: 1.0)
        let mesh = ResamplingTests.enlarging(source, by: 2.5)
        let lists = DepthFlattener()
        func darkest(_ noise: Double) -> UInt8 {
            lists.resampleForReading(mesh, gray: source, native: 1, pixelsPerMM: 2.5, blur: 1.0, noise: noise).raster.pixels.min() ?? 255
        }
        let plain = mesh.resample(source).pixels.min() ?? 0
        #expect(darkest(1.5) < darkest(3.5), "strong mask darker than the ordinary one")
        #expect(darkest(3.5) < plain)
        #expect(darkest(5) == darkest(3.5), "a grainy photo gets the ordinary mask")
        // What was done is said (pages.json's sharpen step); a reduction and a receipt are not sharpened.
        let options = lists.options
        #expect(lists.resampleForReading(mesh, gray: source, native: 1, pixelsPerMM: 2.5, blur: 1.0, noise: 1.5).sharpened == options.strongSharpenAmount)
        #expect(lists.resampleForReading(mesh, gray: source, native: 1, pixelsPerMM: 2.5, blur: 1.0, noise: 5).sharpened == options.sharpenAmount)
        #expect(lists.resampleForReading(ResamplingTests.enlarging(source, by: 0.5), gray: source, native: 1, pixelsPerMM: 0.5,
                                         blur: 1.0, noise: 1.5).sharpened == nil)
        let receipts = DepthFlattener(options: options.forReceipts())
        #expect(receipts.resampleForReading(mesh, gray: source, native: 1, pixelsPerMM: 2.5, blur: 1.0, noise: 1.5).sharpened == nil)
    }
}
