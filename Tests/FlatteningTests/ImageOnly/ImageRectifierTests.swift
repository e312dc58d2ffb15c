import Foundation
import DecantTestSupport
@testable import Flattening
import Imaging
import Testing

@Suite struct ImageRectifierTests {
    static let page = SyntheticPage.text()

    /// Line starts and ends of the text rows of a gray image: a left-aligned page read the right
    /// way up has aligned starts and ragged ends.
    func rowExtents(_ image: Raster) -> (starts: [Int], ends: [Int]) {
        var starts: [Int] = [], ends: [Int] = []
        var inRow = false, rowStart = Int.max, rowEnd = -1
        for y in 0..<image.height {
            var first = -1, last = -1
            for x in 0..<image.width where image[x, y] < 128 {
                if first < 0 { first = x }
                last = x
            }
            if first >= 0 {
                inRow = true
                rowStart = min(rowStart, first); rowEnd = max(rowEnd, last)
            } else if inRow {
                starts.append(rowStart); ends.append(rowEnd)
                inRow = false; rowStart = .max; rowEnd = -1
            }
        }
        return (starts, ends)
    }

    func spread(_ xs: [Int]) -> Double {
        guard !xs.isEmpty else { return 0 }
        let m = Double(xs.reduce(0, +)) / Double(xs.count)
        return (xs.map { (Double($0) - m) * (Double($0) - m) }.reduce(0, +) / Double(xs.count)).squareRoot()
    }

    func expectUprightLines(_ image: Raster, _ comment: Comment) {
        let rows = rowExtents(image)
        #expect(rows.starts.count >= 18, "expected the 24 text lines as rows, found \(rows.starts.count): \(comment)")
        #expect(spread(rows.starts) * 3 < spread(rows.ends), "line starts should align, ends be ragged: \(comment)")
    }

    @Test func levelsAPageSkewedBy12Degrees() throws {
        let skewed = SyntheticPage.rotated(Self.page, degrees: 12)
        let flat = ImageRectifier().rectify(skewed)
        let angle = try #require(flat.report.steps[.angle])
        let found = try #require(Double(angle.prefix { $0 != "°" }))
        #expect(abs(found - 12) < 0.5, "angle step: \(angle)")
        expectUprightLines(flat.raster, "12° skew")
        #expect(flat.report.method == .imageOnly)
    }

    @Test func largePrintIsReducedBeforeTheDewarps() throws {
        // Text about twice the target size: the page is brought down first, so the dewarps (whose
        // disparity maps are full-size) work on the reduced page, and nothing reduces it again.
        let large = SyntheticPage.text(width: 2000, height: 2600, fontSize: 16, lines: 24)
        let flat = ImageRectifier().rectify(SyntheticPage.rotated(large, degrees: 12))
        let scale = try #require(flat.report.steps[.scale])
        #expect(scale.contains("before dewarping"), "scale step: \(scale)")
        let factor = try #require(Double(scale.prefix { $0 != "x" }))
        #expect(factor < 0.8, "scale step: \(scale)")
        #expect(flat.raster.width < 2000 && flat.raster.height < 2600)
        expectUprightLines(flat.raster, "large print, 12° skew; steps \(flat.report.steps)")
    }

    @Test func aReductionHeldAtItsLimitIsNotRepeated() {
        // The same large print with reductions floored at 0.7: the page is reduced once, by 0.7, not
        // by 0.7 before dewarping and again after (about 0.5 in all, what the default floor allows).
        let skewed = SyntheticPage.rotated(SyntheticPage.text(width: 2000, height: 2600, fontSize: 16, lines: 24), degrees: 12)
        var floored = ImageRectifier.Options()
        floored.minimumScale = 0.7
        let held = ImageRectifier(options: floored).rectify(skewed), free = ImageRectifier().rectify(skewed)
        #expect(held.report.steps[.scale]?.hasPrefix("0.70x before dewarping") == true, "scale step: \(held.report.steps[.scale] ?? "none")")
        let ratio = Double(held.raster.width) / Double(free.raster.width)
        #expect(ratio > 1.25, "held at 0.7 against a free reduction: width ratio \(ratio), steps \(held.report.steps)")
    }

    @Test(arguments: [1, 2, 3])
    func turnsAPageUpright(quarterTurns: Int) {
        let turned = Self.page.rotated(quarterTurnsClockwise: quarterTurns)
        let flat = ImageRectifier().rectify(turned)
        expectUprightLines(flat.raster, "page turned \(quarterTurns * 90)°; steps \(flat.report.steps)")
    }

    @Test func findsAKnownQuadAndRestoresTheAspectRatio() throws {
        let quad = Quad(Point(x: 260, y: 140), Point(x: 1060, y: 230), Point(x: 1000, y: 1290), Point(x: 170, y: 1180))
        let photo = SyntheticPage.photo(of: Self.page, quad: quad, width: 1300, height: 1450)
        let reduction = 1.0   // the photo is below the analysis size, so blobs are measured at full size
        let blobs = TextBlobs.find(in: photo, reduction: reduction)
        let mask = try #require(blobs.page, "the sheet should stand out from the table")
        let angle = try #require(TextLineAngle.estimate(blobs: blobs.blobs))
        let found = try #require(mask.quad(textAngle: angle.degrees, imageWidth: 1300, imageHeight: 1450).quad)
        for (a, b) in zip(found.corners, quad.corners) {
            #expect(a.distance(to: b) < 20, "corner \(a) should be near \(b)")
        }
        let flat = ImageRectifier().rectify(photo)
        #expect(flat.report.steps[.perspective]?.hasPrefix("quad") == true, "\(flat.report.steps)")
        let aspect = Double(flat.raster.width) / Double(flat.raster.height)
        let expected = Double(Self.page.width) / Double(Self.page.height)
        #expect(abs(aspect - expected) / expected < 0.06, "aspect \(aspect), page \(expected)")
        expectUprightLines(flat.raster, "perspective photo")
    }

    /// When no direction stands out among the text lines (lines that converge steeply, a table's
    /// grain), a sheet whose outline is a quad is rectified by its edges, and the orientation step
    /// finds which way up it reads.
    @Test func aSheetWhoseLinesShowNoDirectionIsRectifiedByItsEdges() throws {
        let quad = Quad(Point(x: 420, y: 120), Point(x: 1180, y: 520), Point(x: 760, y: 1330), Point(x: 40, y: 880))
        let photo = SyntheticPage.photo(of: Self.page, quad: quad, width: 1300, height: 1450)
        var blind = ImageRectifier.Options()
        blind.minimumAngleConfidence = .infinity
        let flat = ImageRectifier(options: blind).rectify(photo)
        #expect(flat.report.steps[.angle]?.contains("from the sheet's edges") == true, "\(flat.report.steps)")
        #expect(flat.report.steps[.perspective]?.hasPrefix("quad") == true, "\(flat.report.steps)")
        expectUprightLines(flat.raster, "sheet rectified by its edges; steps \(flat.report.steps)")
        // Without a sheet there is nothing to go by: the photo is read whole, as before.
        let blank = ImageRectifier(options: blind).rectify(Raster(width: 900, height: 1200, fill: 246))
        #expect(blank.report.reason == "no page found")
    }

    /// `photo` with its table made a smooth grey with a gentle light fall-off, and the sheet's left
    /// `shadowed` share (of its width) in a shadow.
    static func onSmoothTable(_ photo: Raster, quad: Quad, shadowed: Double = 0) -> Raster {
        var out = photo
        let right = quad.corners.map(\.x).max()!, left = quad.corners.map(\.x).min()!
        for y in 0..<photo.height {
            for x in 0..<photo.width {
                let onSheet = ConvexHull(quad.corners).contains(Point(x: Double(x), y: Double(y)), margin: -2)
                if !onSheet {
                    out[x, y] = UInt8(150 + 20 * x / photo.width)
                } else if Double(x) < left + (right - left) * shadowed {
                    out[x, y] = UInt8(Double(photo[x, y]) * 0.55)
                }
            }
        }
        return out
    }

    /// On a smooth table, normalizing the light makes the table as white as the paper: the sheet is
    /// found as the photo's brightest quad, and rectified by it.
    @Test func aSheetOnASmoothTableIsTheBrightestQuad() throws {
        let quad = Quad(Point(x: 260, y: 140), Point(x: 1060, y: 230), Point(x: 1000, y: 1290), Point(x: 170, y: 1180))
        let photo = Self.onSmoothTable(SyntheticPage.photo(of: Self.page, quad: quad, width: 1300, height: 1450), quad: quad)
        let bright = try #require(PageMask.byBrightness(photo, reduction: 1))
        let axes = try #require(bright.ownAxes())
        let found = try #require(bright.quad(textAngle: axes, imageWidth: 1300, imageHeight: 1450).quad)
        for (a, b) in zip(found.corners, quad.corners) {
            #expect(a.distance(to: b) < 25, "corner \(a) should be near \(b)")
        }
        let blobs = TextBlobs.find(in: photo, reduction: 1)
        #expect(ImageRectifier().sheetOnPhoto(photo, analysis: blobs, reduction: 1) != nil)
        let flat = ImageRectifier().rectify(photo)
        #expect(flat.report.steps[.perspective]?.hasPrefix("quad") == true, "\(flat.report.steps)")
        expectUprightLines(flat.raster, "sheet on a smooth table; steps \(flat.report.steps)")
    }

    /// The lit part of a sheet beside a shadow is as bright as paper and may be a quad, but print
    /// runs on past its edge: it is no sheet. The same bright region with print on it alone is one.
    @Test func theLitPartOfAShadowedSheetIsNoSheet() throws {
        // A 1000 × 1000 photo: a dark table, the sheet over x 200..<800, y 150..<850, its left
        // third (x < 400) in a shadow as dark as the table.
        var photo = Raster(width: 1000, height: 1000, fill: 60)
        for y in 150..<850 { for x in 400..<800 { photo[x, y] = 230 } }
        // Print as blobs every 40 px along lines 30 px apart.
        func blobs(fromX: Int) -> [PixelRect] {
            stride(from: 170, to: 830, by: 30).flatMap { y in
                stride(from: fromX, to: 780, by: 40).map { x in PixelRect(x: x, y: y, width: 24, height: 12) }
            }
        }
        let rectifier = ImageRectifier()
        let printedAcross = TextBlobs(blobs: blobs(fromX: 220), medianHeight: 12, reduction: 1, page: nil, unmasked: blobs(fromX: 220))
        #expect(rectifier.sheetOnPhoto(photo, analysis: printedAcross, reduction: 1) == nil)
        let printedOnIt = TextBlobs(blobs: blobs(fromX: 420), medianHeight: 12, reduction: 1, page: nil, unmasked: blobs(fromX: 420))
        let sheet = try #require(rectifier.sheetOnPhoto(photo, analysis: printedOnIt, reduction: 1))
        #expect(abs(sheet.mask.areaFraction - 0.28) < 0.03, "area \(sheet.mask.areaFraction)")
    }

    /// A sheet's own axes are the sides of the smallest rectangle around it, whatever its size.
    @Test func aSheetsAxesAreItsEdges() throws {
        for degrees in [-30.0, 0, 17, 40] {
            let r = degrees * .pi / 180
            var inside = [Bool](repeating: false, count: 200 * 200)
            for y in 0..<200 {
                for x in 0..<200 {
                    let dx = Double(x) - 100, dy = Double(y) - 100
                    let u = dx * cos(r) + dy * sin(r), v = -dx * sin(r) + dy * cos(r)
                    inside[y * 200 + x] = abs(u) < 60 && abs(v) < 40
                }
            }
            let mask = PageMask(width: 200, height: 200, inside: inside, scale: 1, areaFraction: 0.24, borderContact: 0)
            let axes = try #require(mask.ownAxes())
            #expect(abs(axes - degrees) < 1.5, "sheet at \(degrees)°: axes \(axes)°")
        }
    }

    @Test func blankPageIsReadWhole() {
        let blank = Raster(width: 900, height: 1200, fill: 246)
        let flat = ImageRectifier().rectify(blank)
        #expect(flat.report.reason == "no page found")
        #expect(flat.report.steps[.page]?.hasPrefix("no page found") == true)
        #expect(flat.raster.width == 900 && flat.raster.height == 1200)
    }

    @Test func photoWithoutADocumentSaysSoAndKeepsTheWholeImage() {
        var random = SeededLCG(seed: 5)
        var pixels = [UInt8](repeating: 0, count: 1200 * 900)
        for i in pixels.indices {
            pixels[i] = UInt8(60 + Int(random.next() >> 57))   // grainy table, nothing on it
        }
        let table = Raster(width: 1200, height: 900, channels: 1, pixels: pixels)
        let flat = ImageRectifier().rectify(table)
        #expect(flat.report.reason == "no page found")
        let aspect = Double(flat.raster.width) / Double(flat.raster.height)
        #expect(abs(aspect - 1200.0 / 900.0) < 0.01, "the whole image goes to OCR")
    }

    @Test func aLevelScanIsNotResampled() throws {
        // With flat scans kept as they are (FlatScanTests) the page never reaches the rotation step.
        var options = ImageRectifier.Options()
        options.keepFlatScans = false
        let flat = ImageRectifier(options: options).rectify(Self.page)
        #expect(flat.report.steps[.rotate]?.hasPrefix("none") == true, "\(flat.report.steps)")
        #expect(flat.report.steps[.perspective] == nil || flat.report.steps[.perspective]?.hasPrefix("quad") == false)
        expectUprightLines(flat.raster, "level scan")
    }
}
