internal import CLeptonica

/// One of leptonica's built-in bitmap fonts, owning its `L_BMF`. Pages of known text drawn with it
/// need no font library and come out the same on every machine, which is what tests of reading
/// and orientation need: the words on the page are known exactly.
public final class BitmapFont {
    private var font: UnsafeMutablePointer<L_BMF>?

    /// A line of text to draw: `x` is where it starts, `baseline` the row its letters stand on.
    public struct Line: Sendable, Equatable {
        public var text: String
        public var x: Int
        public var baseline: Int

        public init(_ text: String, x: Int, baseline: Int) {
            self.text = text
            self.x = x
            self.baseline = baseline
        }
    }

    /// Leptonica has the sizes 4, 6, … 20 (points at 300 ppi); nil for any other.
    public init?(size: Int) {
        Leptonica.configure()
        guard let font = bmfCreate(nil, Int32(size)) else { return nil }
        self.font = font
    }

    deinit { bmfDestroy(&font) }

    /// `page` with `lines` drawn in black (`pixSetTextline`); text running past the right edge is
    /// cut there. The page is converted once, however many lines.
    public func drawing(_ lines: [Line], on page: Raster) -> Raster {
        let pix = Pix(page)
        for line in lines {
            var width: Int32 = 0, overflow: Int32 = 0
            _ = pixSetTextline(pix.pointer, font, line.text, 0, Int32(line.x), Int32(line.baseline), &width, &overflow)
        }
        return pix.raster()
    }
}
