@testable import Flattening
import Imaging
import Testing

@Suite struct ReversePrintTests {
    /// Mean gray level of a rectangle.
    func mean(_ image: Raster, _ r: PixelRect) -> Double {
        var sum = 0
        for y in r.y..<r.maxY { for x in r.x..<r.maxX { sum += Int(image[x, y]) } }
        return Double(sum) / Double(r.width * r.height)
    }

    /// The synthetic page with a dark band across it holding white "print" (light bars of text size).
    func pageWithBand() -> (Raster, PixelRect) {
        var page = SyntheticPage.text()
        let band = PixelRect(x: 80, y: 40, width: 700, height: 50)
        for y in band.y..<band.maxY { for x in band.x..<band.maxX { page[x, y] = 60 } }
        // White letters: 7 px tall strokes in groups, like a word of capitals.
        for word in 0..<5 {
            for letter in 0..<5 {
                let x0 = 100 + word * 130 + letter * 18
                for y in 60..<72 { for x in x0..<(x0 + 3) { page[x, y] = 235 } }
                for y in 60..<63 { for x in x0..<(x0 + 10) { page[x, y] = 235 } }
            }
        }
        return (page, band)
    }

    @Test func invertsADarkBandHoldingWhitePrint() {
        let (page, _) = pageWithBand()
        let result = ReversePrint.apply(to: page, textHeight: 9)
        #expect(result.regions.count == 1, "regions: \(result.regions)")
        // The band's dark level became light; its white strokes became dark.
        #expect(mean(result.raster, PixelRect(x: 90, y: 42, width: 8, height: 10)) > 180)
        #expect(result.raster[101, 66] < 60)
        // The text below the band is untouched.
        let below = PixelRect(x: 0, y: 120, width: page.width, height: page.height - 120)
        #expect(mean(result.raster, below) == mean(page, below))
    }

    /// A flat scan is kept as scanned, but its white print is inverted all the same: with
    /// Tesseract's own inverted pass off, nothing else would read it.
    @Test func aFlatScansDarkBandIsInvertedToo() {
        let (page, band) = pageWithBand()
        let flat = ImageRectifier().rectify(page)
        #expect(flat.report.steps[.flatScan]?.hasPrefix("yes") == true, "\(flat.report.steps)")
        #expect(flat.report.steps[.reversePrint]?.hasPrefix("inverted 1 dark box") == true, "\(flat.report.steps)")
        #expect(flat.raster.width == page.width && flat.raster.height == page.height)
        #expect(mean(flat.raster, PixelRect(x: band.x + 10, y: band.y + 2, width: 8, height: 10)) > 180)
        #expect(flat.raster[101, 66] < 60)
        let below = PixelRect(x: 0, y: 120, width: page.width, height: page.height - 120)
        #expect(mean(flat.raster, below) == mean(page, below), "the rest of the scan keeps its own pixels")
    }

    /// `page` moved by (dx, dy) on a canvas `width` wide (default: the page's), paper where nothing lands.
    func shifted(_ page: Raster, dx: Int, dy: Int, width: Int? = nil) -> Raster {
        var out = Raster(width: width ?? page.width, height: page.height)
        for y in 0..<out.height {
            for x in 0..<out.width {
                let sx = x - dx, sy = y - dy
                out[x, y] = sx >= 0 && sy >= 0 && sx < page.width && sy < page.height ? page[sx, sy] : 255
            }
        }
        return out
    }

    /// The scanner's lid above a torn receipt: dark along the frame, a jagged light rim that looks
    /// like print. Kept as it is on a scan, at any of the four edges (the right one on a page whose
    /// width the reduction does not divide); the same band inside the page is still inverted.
    @Test func aDarkBandAlongTheFrameIsLeftAloneWhenAskedTo() {
        let (inside, band) = pageWithBand()
        let w = inside.width, h = inside.height
        let atEdges = [
            ("top", shifted(inside, dx: 0, dy: -band.y)),
            ("bottom", shifted(inside, dx: 0, dy: h - band.maxY)),
            ("left", shifted(inside, dx: -band.x, dy: 0)),
            ("right", shifted(inside, dx: (w - 1) - band.maxX, dy: 0, width: w - 1)),
        ]
        for (edge, page) in atEdges {
            #expect(ReversePrint.apply(to: page, textHeight: 9, awayFromFrame: true).regions.isEmpty, "\(edge)")
            #expect(ReversePrint.apply(to: page, textHeight: 9).regions.count == 1, "\(edge)")
        }
        #expect(ReversePrint.apply(to: inside, textHeight: 9, awayFromFrame: true).regions.count == 1)
    }

    @Test func leavesAPlainPageAlone() {
        let page = SyntheticPage.text()
        let result = ReversePrint.apply(to: page, textHeight: 9)
        #expect(result.regions.isEmpty)
        #expect(result.raster == page)
    }

    @Test func leavesABoldBlackHeadingAlone() {
        var page = SyntheticPage.text()
        // Thick black letters with white between them: dark print, not a dark box. The gaps are
        // narrow enough for the closing to join the letters into one block, so it is the block's
        // light share (too much white between the strokes), not its shape, that must turn it down.
        for letter in 0..<8 {
            let x0 = 100 + letter * 30
            for y in 20..<80 { for x in x0..<(x0 + 14) { page[x, y] = 10 } }
        }
        let result = ReversePrint.apply(to: page, textHeight: 9)
        #expect(result.regions.isEmpty, "regions: \(result.regions)")
    }

    @Test func leavesPrintBesideAnIrregularBoxAlone() {
        // A dark band with a notch cut from its corner; black print sits in the notch, inside the
        // band's bounding box but away from the band itself.
        var (page, band) = pageWithBand()
        for y in band.y..<(band.y + 30) { for x in (band.maxX - 150)..<band.maxX { page[x, y] = 235 } }
        for y in (band.y + 8)..<(band.y + 20) { for x in stride(from: band.maxX - 120, to: band.maxX - 40, by: 9) { for dx in 0..<3 { page[x + dx, y] = 20 } } }
        let result = ReversePrint.apply(to: page, textHeight: 9)
        #expect(result.regions.count == 1, "regions: \(result.regions)")
        #expect(result.raster[band.maxX - 120, band.y + 12] < 60, "print in the notch was wiped")
    }
}
