import DecantTestSupport
import Testing
@testable import Imaging

/// A 3×2 gray image whose pixel values encode their position (10·y + x).
private func numbered() -> Raster {
    Raster(width: 3, height: 2, channels: 1, pixels: [0, 1, 2, 10, 11, 12])
}

/// `count` pseudo-random bytes (a linear congruential sequence's top bytes) from `seed`.
private func noise(count: Int, seed: UInt64) -> [UInt8] {
    var random = SeededLCG(seed: seed)
    return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next() >> 56) }
}

@Suite struct RasterTests {
    @Test func quarterTurnClockwiseMovesTopLeftToTopRight() {
        let r = numbered().rotated(quarterTurnsClockwise: 1)
        #expect(r.width == 2 && r.height == 3)
        // Clockwise: the left column read bottom-up becomes the top row.
        #expect(r.pixels == [10, 0, 11, 1, 12, 2])
    }

    @Test func fourQuarterTurnsAreIdentity() {
        let r = numbered()
        #expect(r.rotated(quarterTurnsClockwise: 4) == r)
        #expect(r.rotated(quarterTurnsClockwise: 1).rotated(quarterTurnsClockwise: 3) == r)
    }

    @Test(arguments: [Raster.Orientation.up, .upMirrored, .down, .downMirrored, .leftMirrored, .right, .rightMirrored, .left])
    func exifOrientationsKeepEveryPixel(_ orientation: Raster.Orientation) {
        let r = numbered().applying(orientation)
        #expect(r.pixels.sorted() == numbered().pixels.sorted())
        let swapsAxes = orientation.rawValue >= 5
        #expect(r.width == (swapsAxes ? 2 : 3))
    }

    @Test func exifSixMeansRotateClockwiseForDisplay() {
        // EXIF 6: the camera was turned; the stored image must be turned 90° clockwise to be upright.
        #expect(numbered().applying(.right) == numbered().rotated(quarterTurnsClockwise: 1))
        #expect(numbered().applying(.left) == numbered().rotated(quarterTurnsClockwise: 3))
    }

    @Test func grayscaleUsesLuma() {
        let rgb = Raster(width: 2, height: 1, channels: 3, pixels: [255, 0, 0, 0, 0, 255])
        let gray = rgb.grayscale()
        #expect(gray.pixels == [76, 29])
    }

    @Test func downscaleAveragesArea() {
        let r = Raster(width: 4, height: 2, channels: 1, pixels: [0, 255, 0, 255, 0, 255, 0, 255])
        let half = r.resized(width: 2, height: 1)
        #expect(half.pixels.allSatisfy { abs(Int($0) - 128) <= 1 })
    }

    /// Enlarging gives, pixel for pixel, the bilinear sample at each output pixel's centre.
    @Test(arguments: [(1, 37, 23, 51, 40), (1, 20, 30, 40, 60), (3, 17, 11, 29, 11), (1, 9, 7, 27, 21), (3, 5, 5, 6, 5)])
    func enlargingSamplesEachPixelCentre(channels: Int, width: Int, height: Int, newWidth: Int, newHeight: Int) {
        let pixels = noise(count: width * height * channels, seed: 0x9E37_79B9_7F4A_7C15 &* UInt64(width * 131 + newWidth))
        let r = Raster(width: width, height: height, channels: channels, pixels: pixels)
        let big = r.resized(width: newWidth, height: newHeight)
        let sx = Double(width) / Double(newWidth), sy = Double(height) / Double(newHeight)
        var expected: [UInt8] = []
        for y in 0..<newHeight {
            for x in 0..<newWidth {
                for k in 0..<channels {
                    let v = r.sample(x: (Double(x) + 0.5) * sx - 0.5, y: (Double(y) + 0.5) * sy - 0.5, channel: k)
                    expected.append(UInt8(min(255, max(0, v.rounded()))))
                }
            }
        }
        #expect(big.width == newWidth && big.height == newHeight && big.channels == channels)
        #expect(big.pixels == expected)
    }

    /// Shrinking gives, pixel for pixel, the area average worked out on the spot for each output
    /// pixel (the reference below: the reduction as it was first written), for gray and colour,
    /// whole and fractional ratios, and one axis shrunk while the other is enlarged.
    @Test(arguments: [(1, 37, 23, 12, 7), (1, 100, 60, 33, 20), (3, 17, 11, 5, 4), (1, 9, 7, 9, 3), (3, 40, 30, 13, 31), (1, 8, 8, 4, 4)])
    func shrinkingAveragesEachPixelsArea(channels: Int, width: Int, height: Int, newWidth: Int, newHeight: Int) {
        let pixels = noise(count: width * height * channels, seed: 0x2545_F491_4F6C_DD1D &* UInt64(width * 7 + newHeight))
        let r = Raster(width: width, height: height, channels: channels, pixels: pixels)
        let small = r.resized(width: newWidth, height: newHeight)
        let sx = Double(width) / Double(newWidth), sy = Double(height) / Double(newHeight)
        var expected: [UInt8] = []
        for y in 0..<newHeight {
            let ya = Double(y) * sy, yb = min(Double(height), ya + sy)
            for x in 0..<newWidth {
                let xa = Double(x) * sx, xb = min(Double(width), xa + sx)
                var sums = [Double](repeating: 0, count: channels), area = 0.0
                var yy = Int(ya)
                while Double(yy) < yb && yy < height {
                    let wy = min(Double(yy + 1), yb) - max(Double(yy), ya)
                    var xx = Int(xa)
                    while Double(xx) < xb && xx < width {
                        let w = wy * (min(Double(xx + 1), xb) - max(Double(xx), xa))
                        for k in 0..<channels { sums[k] += w * Double(pixels[(yy * width + xx) * channels + k]) }
                        area += w
                        xx += 1
                    }
                    yy += 1
                }
                for k in 0..<channels { expected.append(UInt8(min(255, (sums[k] * (area > 0 ? 1 / area : 0)).rounded()))) }
            }
        }
        #expect(small.width == newWidth && small.height == newHeight && small.channels == channels)
        #expect(small.pixels == expected)
    }

    @Test func bilinearSampleInterpolates() {
        let r = Raster(width: 2, height: 2, channels: 1, pixels: [0, 100, 100, 200])
        #expect(abs(r.sample(x: 0.5, y: 0.5) - 100) < 1e-9)
        #expect(r.sample(x: -5, y: 0) == 255)
    }

    @Test func cropIsClampedToTheImage() {
        let r = numbered().cropped(to: PixelRect(x: 1, y: 1, width: 10, height: 10))
        #expect(r.width == 2 && r.height == 1 && r.pixels == [11, 12])
    }
}
