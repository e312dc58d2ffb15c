import Foundation
import Imaging
import Testing
@testable import Flattening

/// The final resampling of the depth path: cubic interpolation and the smoothing before it.
@Suite struct ResamplingTests {
    /// A gray raster of vertical bars `period` pixels apart (dark `width` pixels wide) on white.
    static func bars(width: Int, height: Int, period: Int, dark: Int) -> Raster {
        var pixels = [UInt8](repeating: 240, count: width * height)
        for y in 0..<height { for x in 0..<width where x % period < dark { pixels[y * width + x] = 30 } }
        return Raster(width: width, height: height, channels: 1, pixels: pixels)
    }

    /// A mesh that enlarges the source `factor` times (output pixel centres onto source pixel centres).
    static func enlarging(_ source: Raster, by factor: Double) -> Unwarper {
        Unwarper(width: Int(Double(source.width) * factor), height: Int(Double(source.height) * factor), spacing: 16) { x, y in
            ((x + 0.5) / factor - 0.5, (y + 0.5) / factor - 0.5)
        }
    }

    @Test func cubicReproducesTheSourceOnAnIdentityMesh() {
        let source = Self.bars(width: 40, height: 20, period: 7, dark: 3)
        let same = Unwarper(width: 40, height: 20, spacing: 8) { x, y in (x, y) }
        let out = same.resampleCubic(source)
        // At integer positions the Catmull–Rom kernel is exactly the sample (away from the clamped border).
        for y in 2..<18 { for x in 2..<37 { #expect(out.pixels[y * 40 + x] == source.pixels[y * 40 + x]) } }
    }

    @Test func cubicKeepsStrokeEdgesSteeperThanBilinearWhenEnlarging() {
        // A one-pixel stroke every 6 pixels, enlarged 3×: the profile's contrast across a stroke
        // (darkest inside against the lightest between strokes) is what thresholding sees.
        let source = Self.bars(width: 60, height: 12, period: 6, dark: 1)
        let mesh = Self.enlarging(source, by: 3)
        let linear = mesh.resample(source), cubic = mesh.resampleCubic(source)
        func darkest(_ r: Raster) -> Int { Int(r.pixels[(r.height / 2) * r.width + 9 * 3 ..< (r.height / 2) * r.width + 45 * 3].min() ?? 0) }
        func steepest(_ r: Raster) -> Int {
            let row = Array(r.pixels[(r.height / 2) * r.width ..< (r.height / 2 + 1) * r.width])
            return zip(row, row.dropFirst()).map { abs(Int($0) - Int($1)) }.max() ?? 0
        }
        #expect(darkest(cubic) <= darkest(linear))
        #expect(steepest(cubic) > steepest(linear), "cubic \(steepest(cubic)) vs bilinear \(steepest(linear))")
    }

    @Test func smoothingLeavesFlatGreyAloneAndTakesNoiseDown() {
        var rng = SplitMix64(seed: 7)
        let w = 80, h = 60
        let noisy = Raster(width: w, height: h, channels: 1, pixels: (0..<(w * h)).map { _ in UInt8(110 + rng.index(41)) })
        let flat = Raster(width: w, height: h, channels: 1, pixels: [UInt8](repeating: 128, count: w * h))
        #expect(flat.smoothed(sigma: 1.2).pixels == flat.pixels)
        func variance(_ r: Raster) -> Double {
            let v = r.pixels.map(Double.init), m = v.reduce(0, +) / Double(v.count)
            return v.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(v.count)
        }
        #expect(variance(noisy.smoothed(sigma: 1.0)) < variance(noisy) / 4)
    }

    @Test func smoothingStaysInsideItsRegion() {
        let source = Self.bars(width: 50, height: 30, period: 4, dark: 1)
        let region = PixelRect(x: 10, y: 5, width: 20, height: 10)
        let out = source.smoothed(sigma: 1.0, in: region)
        for y in 0..<30 {
            for x in 0..<50 where !(x >= 10 && x < 30 && y >= 5 && y < 15) { #expect(out.pixels[y * 50 + x] == source.pixels[y * 50 + x]) }
        }
        #expect(out.pixels[10 * 50 + 12] != source.pixels[10 * 50 + 12])
    }

    /// The row-at-a-time filter gives, pixel for pixel, what summing each pixel's taps in turn
    /// gives (the reference below, the filter as it was first written), for smoothing and unsharp
    /// masking, over the whole raster and a region touching its edges.
    @Test func rowWiseFilterMatchesPerPixelSums() {
        var generator = SplitMix64(seed: 11)
        let w = 61, h = 37
        let source = Raster(width: w, height: h, channels: 1, pixels: (0..<(w * h)).map { _ in UInt8(generator.next() % 256) })
        for region in [nil, PixelRect(x: 0, y: 3, width: 20, height: 34), PixelRect(x: 40, y: 0, width: 21, height: 12)] {
            for sigma in [0.7, 1.3, 2.4] {
                #expect(source.smoothed(sigma: sigma, in: region).pixels
                        == Self.perPixel(source, sigma: sigma, region: region, unsharp: 0).pixels, "σ \(sigma) \(String(describing: region))")
                #expect(source.sharpened(amount: 0.8, sigma: sigma, in: region).pixels
                        == Self.perPixel(source, sigma: sigma, region: region, unsharp: 0.8).pixels, "σ \(sigma) \(String(describing: region))")
            }
        }
    }

    /// Each pixel's taps summed in turn, edges clamped; rows outside the region come from the source.
    static func perPixel(_ source: Raster, sigma: Double, region: PixelRect?, unsharp: Float) -> Raster {
        let r = region ?? PixelRect(x: 0, y: 0, width: source.width, height: source.height)
        let kernel = GaussianKernel(sigma: sigma, reach: 2.5)
        let radius = kernel.radius, k = kernel.taps, w = source.width, h = source.height, src = source.pixels
        var pass = [Float](repeating: 0, count: r.width * r.height)
        for y in 0..<r.height {
            for x in 0..<r.width {
                var s: Float = 0
                for t in -radius...radius { s += k[t + radius] * Float(src[(r.y + y) * w + min(w - 1, max(0, r.x + x + t))]) }
                pass[y * r.width + x] = s
            }
        }
        var out = src
        for y in 0..<r.height {
            for x in 0..<r.width {
                var s: Float = 0
                for t in -radius...radius {
                    let yy = y + t
                    s += k[t + radius] * (yy >= 0 && yy < r.height ? pass[yy * r.width + x]
                                                                   : Float(src[min(h - 1, max(0, r.y + yy)) * w + r.x + x]))
                }
                let o = (r.y + y) * w + r.x + x
                let smooth = UInt8(min(255, max(0, s + 0.5)))
                if unsharp > 0 {
                    out[o] = UInt8(min(255, max(0, Float(src[o]) + unsharp * (Float(src[o]) - Float(smooth)) + 0.5)))
                } else {
                    out[o] = smooth
                }
            }
        }
        return Raster(width: w, height: h, channels: 1, pixels: out)
    }

    @Test func photoBoundsCoverTheMeshAndStayInThePhoto() throws {
        let mesh = Unwarper(width: 64, height: 48, spacing: 16) { x, y in (x * 0.5 + 20, y * 0.5 + 10) }
        let box = try #require(mesh.photoBounds(width: 100, height: 60, margin: 3))
        #expect(box.x <= 20 && box.y <= 10)
        #expect(box.maxX >= 52 && box.maxY >= 34)
        #expect(box.maxX <= 100 && box.maxY <= 60)
    }

    @Test func reductionIsSmoothedAgainstAliasing() {
        // Stripes finer than the output's pixels: point sampling aliases them into wide bands of
        // full contrast; smoothed first, the reduced page is an even grey.
        let source = Self.bars(width: 300, height: 40, period: 3, dark: 1)
        let factor = 1.0 / 3.4
        let mesh = Self.enlarging(source, by: factor)
        let flattener = DepthFlattener()
        let reduced = flattener.resampleForReading(mesh, gray: source, native: 1, pixelsPerMM: factor).raster
        let aliased = mesh.resample(source)
        func spread(_ r: Raster) -> Int {
            let row = r.pixels[(r.height / 2) * r.width + 2 ..< (r.height / 2 + 1) * r.width - 2]
            return Int(row.max() ?? 0) - Int(row.min() ?? 0)
        }
        #expect(spread(reduced) < spread(aliased) / 2, "smoothed \(spread(reduced)) vs aliased \(spread(aliased))")
    }

    @Test func sharpeningSteepensABlurredEdgeAndLeavesFlatGreyAlone() {
        // A dark-to-light step blurred as a lens would (sigma 1.2 px).
        let w = 40, h = 8
        var step = Raster(width: w, height: h, channels: 1, pixels: (0..<(w * h)).map { $0 % w < 20 ? 40 : 220 })
        step = step.smoothed(sigma: 1.2)
        let sharp = step.sharpened(amount: 0.6, sigma: 1.0)
        func steepest(_ r: Raster) -> Int {
            let row = Array(r.pixels[(h / 2) * w ..< (h / 2 + 1) * w])
            return zip(row, row.dropFirst()).map { abs(Int($0) - Int($1)) }.max() ?? 0
        }
        #expect(steepest(sharp) > steepest(step), "sharpened \(steepest(sharp)) vs blurred \(steepest(step))")
        // Far from the edge both sides keep their levels.
        #expect(abs(Int(sharp.pixels[(h / 2) * w + 3]) - 40) <= 1)
        #expect(abs(Int(sharp.pixels[(h / 2) * w + 36]) - 220) <= 1)
        let flat = Raster(width: w, height: h, channels: 1, pixels: [UInt8](repeating: 150, count: w * h))
        #expect(flat.sharpened(amount: 0.6, sigma: 1.0).pixels == flat.pixels)
    }

    @Test func listsAreSharpenedBeforeEnlargingAndReceiptsAreNot() {
        let source = Self.bars(width: 60, height: 12, period: 6, dark: 2).smoothed(sigma: 1.0)
        let mesh = Self.enlarging(source, by: 2.5)
        let lists = DepthFlattener(), receipts = DepthFlattener(options: DepthFlattener.Options().forReceipts())
        #expect(lists.options.sharpenAmount > 0)
        #expect(receipts.options.sharpenAmount == 0)
        let plain = mesh.resample(source)
        #expect(receipts.resampleForReading(mesh, gray: source, native: 1, pixelsPerMM: 2.5).raster.pixels == plain.pixels)
        let sharpened = lists.resampleForReading(mesh, gray: source, native: 1, pixelsPerMM: 2.5).raster
        #expect((sharpened.pixels.min() ?? 255) < (plain.pixels.min() ?? 0), "sharpened strokes are darker")
    }

    @Test func aWideMeasuredBlurIsDeconvolvedForListsNotForReceiptsNorWhenNarrow() throws {
        let sharp = Self.bars(width: 60, height: 12, period: 6, dark: 2)
        let source = sharp.smoothed(sigma: 1.6)
        let mesh = Self.enlarging(source, by: 2.5)
        var options = DepthFlattener.Options()
        options.deblurFrom = 1.0
        let lists = DepthFlattener(options: options), receipts = DepthFlattener(options: options.forReceipts())
        #expect(DepthFlattener().resampleForReading(mesh, gray: source, native: 1, pixelsPerMM: 2.5, blur: 1.9).deblurred == nil,
                "off by default")
        let wide = lists.resampleForReading(mesh, gray: source, native: 1, pixelsPerMM: 2.5, blur: 1.9)
        let deblurred = try #require(wide.deblurred)
        #expect(abs(deblurred - 1.9 * lists.options.deblurScale) < 1e-9)
        let sharpened = lists.resampleForReading(mesh, gray: source, native: 1, pixelsPerMM: 2.5)
        // Deconvolved strokes come out darker than unsharp-masked ones.
        #expect((wide.raster.pixels.min() ?? 255) < (sharpened.raster.pixels.min() ?? 0))
        #expect(lists.resampleForReading(mesh, gray: source, native: 1, pixelsPerMM: 2.5, blur: 0.7).deblurred == nil)
        #expect(receipts.resampleForReading(mesh, gray: source, native: 1, pixelsPerMM: 2.5, blur: 1.9).deblurred == nil)
        // Reducing never deconvolves: the reduction's own smoothing comes first.
        #expect(lists.resampleForReading(Self.enlarging(source, by: 0.5), gray: source, native: 1, pixelsPerMM: 0.5, blur: 1.9).deblurred == nil)
    }
}
