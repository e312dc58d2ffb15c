@testable import Flattening
import Imaging
import Testing

@Suite("Telling flat scans from photos")
struct FlatScanTests {
    static let page = SyntheticPage.text()

    @Test func aWhitePageFillingTheFrameIsAFlatScanAndIsKeptAsScanned() {
        let scan = FlatScan.measure(Self.page)
        #expect(scan.isFlat, "\(scan.description)")
        let flat = ImageRectifier().rectify(Self.page)
        #expect(flat.report.steps[.flatScan]?.hasPrefix("yes") == true, "\(flat.report.steps)")
        #expect(flat.raster == Self.page, "a flat scan goes to OCR with its own pixels")
        #expect(flat.report.steps[.scale] == nil && flat.report.steps[.photometric] == nil)
    }

    @Test func hugePrintOnAFlatScanIsOnlyBroughtDown() throws {
        var options = ImageRectifier.Options()
        options.flatScanMaxBlobHeight = 20
        let big = Self.page.scaled(by: 3)
        let flat = ImageRectifier(options: options).rectify(big)
        #expect(flat.report.steps[.flatScan]?.hasPrefix("yes") == true, "\(flat.report.steps)")
        let scale = try #require(flat.report.steps[.scale], "\(flat.report.steps)")
        #expect(flat.raster.width < big.width / 2 && flat.raster.height < big.height / 2, "\(scale)")
        #expect(flat.report.steps[.photometric] == nil, "no re-toning on a flat scan")
    }

    @Test func thePageInAPhotoOnATableIsNot() {
        let quad = Quad(Point(x: 260, y: 140), Point(x: 1060, y: 230), Point(x: 1000, y: 1290), Point(x: 170, y: 1180))
        let photo = SyntheticPage.photo(of: Self.page, quad: quad, width: 1300, height: 1450)
        let scan = FlatScan.measure(photo)
        #expect(!scan.isFlat)
        #expect(scan.paperFraction < FlatScan.minimumPaperFraction, "\(scan.description)")
        // Not kept as scanned: either measured and refused, or its tilted lines (6°) never let it
        // be taken for a scan; the page is found and its perspective corrected instead.
        let steps = ImageRectifier().rectify(photo).report.steps
        #expect(steps[.flatScan]?.hasPrefix("yes") != true, "\(steps)")
        #expect(steps[.perspective]?.hasPrefix("quad") == true, "\(steps)")
    }

    @Test func paperFillingTheFrameButUnevenlyLitIsNot() {
        // A photo taken close: the sheet fills the frame, light falls off towards the bottom.
        var shaded = Self.page
        for y in 0..<shaded.height {
            let light = 1.0 - 0.3 * Double(y) / Double(shaded.height)
            for x in 0..<shaded.width {
                let i = y * shaded.width + x
                shaded.pixels[i] = UInt8(Double(shaded.pixels[i]) * light)
            }
        }
        let scan = FlatScan.measure(shaded)
        #expect(scan.paperFraction >= FlatScan.minimumPaperFraction)
        #expect(!scan.isFlat, "\(scan.description)")
    }

    @Test func keepingFlatScansCanBeSwitchedOff() {
        var options = ImageRectifier.Options()
        options.keepFlatScans = false
        let flat = ImageRectifier(options: options).rectify(Self.page)
        #expect(flat.report.steps[.flatScan] == nil)
        #expect(flat.report.steps[.scale] != nil, "the full rectifier runs: \(flat.report.steps)")
    }
}
