@testable import Flattening
import Imaging
import Testing

@Suite struct PaperBackgroundTests {
    /// A page of "letters" (vertical strokes `stroke` px wide, 18 px tall, in rows) on paper at 210,
    /// with a hard shadow over the right half: paper there at 70, ink at a third of its level.
    func shadowedPage(stroke: Int) -> Raster {
        let w = 360, h = 240
        var page = Raster(width: w, height: h, channels: 1, pixels: [UInt8](repeating: 210, count: w * h))
        for y in 0..<h { for x in (w / 2)..<w { page[x, y] = 70 } }
        for row in 0..<6 {
            let y0 = 12 + row * 38
            var x0 = 10
            while x0 + stroke < w - 10 {
                let ink: UInt8 = x0 >= w / 2 ? 20 : 60
                for y in y0..<(y0 + 18) { for x in x0..<(x0 + stroke) { page[x, y] = ink } }
                x0 += stroke + 8
            }
        }
        return page
    }

    @Test func bringsShadowedPaperToTheSameLevelAsLitPaper() {
        let out = PaperBackground.normalize(shadowedPage(stroke: 3), tile: 18, rank: 0.85)
        // Paper between the rows, lit and shadowed (away from the shadow's edge).
        let lit = out[60, 33], shadowed = out[300, 33]
        #expect(abs(Int(lit) - 200) <= 6, "lit paper \(lit)")
        #expect(abs(Int(shadowed) - 200) <= 6, "shadowed paper \(shadowed)")
        // The ink stays ink on both sides.
        #expect(out[10, 20] < 80, "lit ink \(out[10, 20])")
        #expect(out.strokeLevel(from: 300, row: 20) < 80)
    }

    /// Strokes half a tile wide (print enlarged from a text size measured too small) still leave
    /// paper in each tile's top ranks, so the strokes stay dark in light and in shadow.
    @Test func keepsThickStrokes() {
        let out = PaperBackground.normalize(shadowedPage(stroke: 9), tile: 18, rank: 0.85)
        #expect(out[12, 20] < 90, "thick lit stroke \(out[12, 20])")
        #expect(out.strokeLevel(from: 300, row: 20) < 90)
        #expect(out[60, 33] > 185 && out[300, 33] > 185)
    }

    @Test func leavesEvenPaperEven() {
        let page = Raster(width: 50, height: 30, channels: 1, pixels: [UInt8](repeating: 150, count: 1500))
        let out = PaperBackground.normalize(page, tile: 18, rank: 0.85)
        #expect(out.pixels.allSatisfy { $0 == 200 })
    }
}

private extension Raster {
    /// The level one pixel into the first dark stroke at or after `x` on row `y`.
    func strokeLevel(from x: Int, row y: Int) -> UInt8 {
        var x = x
        while x < width - 2 && self[x, y] > 120 { x += 1 }
        return self[x + 1, y]
    }
}
