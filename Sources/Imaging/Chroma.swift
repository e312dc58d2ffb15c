/// A photo's colour, kept small beside its gray raster. A cream menu on a white tablecloth, or on
/// pale marble, differs from it by a few gray levels (less than the photo's noise) but by ten or more
/// on the yellow-blue axis, where JPEG's smoothed chroma carries almost no noise. The page finders
/// read gray; this lets them see the sheet's edge where only its colour sets it apart.
///
/// Two opponent planes, one pixel per `reduction` × `reduction` block of the photo (a block averages
/// the pixels it holds; partial blocks at the right and bottom edges average fewer): yellow-blue,
/// 128 + ((r + g) / 2 − b), and red-green, 128 + (r − g), both clamped to 0…255 and rounded half away
/// from zero. Neutral grey, white and black are 128 in both.
public struct Chroma: Sendable, Equatable {
    public var yellowBlue: Raster
    public var redGreen: Raster
    /// Photo pixels per chroma pixel, along each axis.
    public var reduction: Int

    public init(yellowBlue: Raster, redGreen: Raster, reduction: Int) {
        precondition(yellowBlue.channels == 1 && redGreen.channels == 1 && reduction >= 1)
        precondition(yellowBlue.width == redGreen.width && yellowBlue.height == redGreen.height)
        self.yellowBlue = yellowBlue
        self.redGreen = redGreen
        self.reduction = reduction
    }

    /// The block size the loaders use: a 12 MP photo gives 0.75 MP per plane, finer than any page
    /// outline search looks (about 2.5 photo pixels per view pixel).
    public static let defaultReduction = 4

    public var planes: [Raster] { [yellowBlue, redGreen] }

    /// The same turn or mirror the photo's EXIF orientation gave its gray raster. (A partial block
    /// then sits at the start of a row or column instead of its end: at most `reduction` − 1 photo
    /// pixels of shift, for photos whose sides are not multiples of it.)
    public func applying(_ orientation: Raster.Orientation) -> Chroma {
        Chroma(yellowBlue: yellowBlue.applying(orientation), redGreen: redGreen.applying(orientation), reduction: reduction)
    }
}

extension Raster {
    /// The opponent planes of an RGB raster (nil for gray), by `Chroma`'s definition. The JPEG
    /// decoder computes the same values, to the same rounding, while it converts to gray.
    public func chroma(reduction: Int = Chroma.defaultReduction) -> Chroma? {
        guard channels == 3, reduction >= 1, width > 0, height > 0 else { return nil }
        let cw = (width + reduction - 1) / reduction, ch = (height + reduction - 1) / reduction
        var yellowBlue = [UInt8](repeating: 128, count: cw * ch), redGreen = yellowBlue
        var sums = [Int](repeating: 0, count: cw * 2)
        pixels.withUnsafeBufferPointer { src in
            for by in 0..<ch {
                let y0 = by * reduction, y1 = Swift.min(height, y0 + reduction)
                for y in y0..<y1 {
                    let row = y * width * 3
                    for x in 0..<width {
                        let r = Int(src[row + 3 * x]), g = Int(src[row + 3 * x + 1]), b = Int(src[row + 3 * x + 2])
                        let k = 2 * (x / reduction)
                        sums[k] += r + g - 2 * b
                        sums[k + 1] += r - g
                    }
                }
                for bx in 0..<cw {
                    let n = (Swift.min(width, (bx + 1) * reduction) - bx * reduction) * (y1 - y0)
                    yellowBlue[by * cw + bx] = Self.clampedByte(128 + Self.roundedDivision(sums[2 * bx], 2 * n))
                    redGreen[by * cw + bx] = Self.clampedByte(128 + Self.roundedDivision(sums[2 * bx + 1], n))
                    sums[2 * bx] = 0
                    sums[2 * bx + 1] = 0
                }
            }
        }
        return Chroma(yellowBlue: Raster(width: cw, height: ch, channels: 1, pixels: yellowBlue),
                      redGreen: Raster(width: cw, height: ch, channels: 1, pixels: redGreen), reduction: reduction)
    }

    /// s / d rounded to the nearest integer, halves away from zero (d > 0).
    static func roundedDivision(_ s: Int, _ d: Int) -> Int {
        s >= 0 ? (s + d / 2) / d : -((-s + d / 2) / d)
    }

    static func clampedByte(_ v: Int) -> UInt8 { UInt8(Swift.min(255, Swift.max(0, v))) }
}
