@testable import Flattening
import Imaging
import StepTrace
import Testing

/// A whole sheet printed light on a dark ground (`ImageRectifier.reversedPrint`).
@Suite struct ReversedPageTests {
    /// The synthetic page printed light on dark: its paper a dark ground (40), its print near white.
    func lightOnDark(_ page: Raster) -> Raster {
        var out = page
        for i in out.pixels.indices { out.pixels[i] = UInt8(40 + (255 - Int(out.pixels[i])) * 200 / 255) }
        return out
    }

    let quad = Quad(Point(x: 300, y: 200), Point(x: 1250, y: 240), Point(x: 1210, y: 1500), Point(x: 260, y: 1460))

    @Test func printPolaritySaysWhichWayAPageIsPrinted() {
        let page = SyntheticPage.text()
        let blobs = TextBlobs.find(in: page, reduction: 0.5, adaptive: false).blobs
        #expect(blobs.count >= 30)
        #expect(ImageRectifier.printPolarity(page, blobs: blobs, reduction: 0.5) < 1, "dark print on paper")
        #expect(ImageRectifier.printPolarity(lightOnDark(page), blobs: blobs, reduction: 0.5) > 2, "the same print, light on a dark ground")
        #expect(ImageRectifier.printPolarity(page, blobs: [], reduction: 0.5) == 0)
    }

    /// A dark sheet printed light, photographed on a table: read inverted, as dark print on paper.
    @Test func aSheetPrintedLightIsReadInverted() {
        let photo = SyntheticPage.photo(of: lightOnDark(SyntheticPage.text()), quad: quad, width: 1500, height: 1700)
        let flat = ImageRectifier().rectify(photo)
        #expect(flat.report.steps[.reversedPage]?.hasPrefix("light print on a dark ground") == true, "\(flat.report.steps)")
        // Paper now: most of the page is light.
        let light = flat.raster.pixels.filter { $0 > 128 }.count
        #expect(Double(light) > 0.7 * Double(flat.raster.pixels.count))
    }

    /// The same page printed dark on paper is not inverted.
    @Test func aSheetPrintedDarkIsNot() {
        let photo = SyntheticPage.photo(of: SyntheticPage.text(), quad: quad, width: 1500, height: 1700)
        let flat = ImageRectifier().rectify(photo)
        #expect(flat.report.steps[.reversedPage] == nil, "\(flat.report.steps)")
    }
    /// A scan of a page printed dark with a black panel printed white (a logo's box, under a fifth
    /// of the page): the panel is a box on the page, not a sheet printed light.
    @Test func aSmallPanelPrintedLightIsNoReversedSheet() {
        var scan = SyntheticPage.text()
        let panel = lightOnDark(SyntheticPage.text(seed: 11))
        // A panel a tenth of the page: 300 × 430 of 1000 × 1300, print and all.
        for y in 60..<490 {
            for x in 650..<950 { scan.pixels[y * scan.width + x] = panel.pixels[y * panel.width + x - 600] }
        }
        let flat = ImageRectifier().rectify(scan)
        #expect(flat.report.steps[.reversedPage] == nil, "\(flat.report.steps)")
        let light = flat.raster.pixels.filter { $0 > 128 }.count
        #expect(Double(light) > 0.7 * Double(flat.raster.pixels.count))
    }
}
