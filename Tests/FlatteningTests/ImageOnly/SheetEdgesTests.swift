@testable import Flattening
import Imaging
import Testing

@Suite struct SheetEdgesTests {
    static let page = SyntheticPage.text()
    static let quad = Quad(Point(x: 260, y: 140), Point(x: 1060, y: 230), Point(x: 1000, y: 1290), Point(x: 170, y: 1180))

    /// The photo's table replaced by `table(x, y)` (the sheet kept as photographed).
    static func onTable(_ photo: Raster, quad: Quad, table: (Int, Int) -> UInt8) -> Raster {
        var out = photo
        let hull = ConvexHull(quad.corners)
        for y in 0..<photo.height {
            for x in 0..<photo.width where !hull.contains(Point(x: Double(x), y: Double(y)), margin: -2) {
                out[x, y] = table(x, y)
            }
        }
        return out
    }

    func expectNear(_ found: Quad, _ truth: Quad, within: Double, _ what: String) {
        for (a, b) in zip(found.corners, truth.corners) {
            #expect(a.distance(to: b) < within, "\(what): corner \(a) should be near \(b) in \(found)")
        }
    }

    /// A table lit from one corner, as bright as the paper there and dark across the photo: no
    /// level splits paper from table, but the step at the sheet's border is there all round.
    @Test func aSheetOnATableLitFromOneCornerIsFoundByItsEdges() throws {
        let (w, h) = (1300, 1450)
        let photo = Self.onTable(SyntheticPage.photo(of: Self.page, quad: Self.quad, width: w, height: h), quad: Self.quad) { x, y in
            // 215 at the top-left corner down to 95 at the bottom-right.
            UInt8(215 - 120 * (x + y) / (w + h))
        }
        let found = SheetEdges().find(photo, reduction: 1)
        let first = try #require(found.first)
        // The sides are moved out by the margin (0.8 % of the long side), about 12 px here.
        expectNear(first.quad, Self.quad, within: 30, "table lit from a corner")
        #expect(first.coverage.allSatisfy { $0 >= 0.6 }, "\(first.coverage)")
        let blobs = TextBlobs.find(in: photo, reduction: 1)
        let sheet = try #require(ImageRectifier().sheetOnPhoto(photo, analysis: blobs, reduction: 1))
        #expect(sheet.mask.areaFraction > 0.4 && sheet.mask.areaFraction < 0.6, "area \(sheet.mask.areaFraction)")
    }

    /// A wooden table's grain draws long straight edges beside the sheet, steps of a few grey
    /// levels: no side of the sheet is taken from them, though they would close a larger quad.
    @Test func aTablesGrainIsNoSideOfTheSheet() throws {
        let (w, h) = (1300, 1450)
        let photo = Self.onTable(SyntheticPage.photo(of: Self.page, quad: Self.quad, width: w, height: h), quad: Self.quad) { x, y in
            // Stripes 24 px wide, 5 grey levels apart, running down the photo.
            (x / 24) % 2 == 0 ? 120 : 125
        }
        let first = try #require(SheetEdges().find(photo, reduction: 1).first)
        expectNear(first.quad, Self.quad, within: 30, "striped table")
        // The same photo without the step criterion lets the grain close a larger quad.
        var loose = SheetEdges()
        loose.minimumStep = 0
        loose.minimumRelativeStep = 0
        let looseFirst = try #require(loose.find(photo, reduction: 1).first)
        #expect(looseFirst.quad.area > first.quad.area * 1.02, "grain lines should close a larger quad without the step test")
    }

    /// A dark quad on a bright surface (a shadow, a box) is edged all round, but its edges step
    /// down into it: no sheet.
    @Test func aDarkQuadOnABrightSurfaceIsNoSheet() {
        var photo = Raster(width: 1000, height: 1000, fill: 220)
        for y in 200..<800 { for x in 250..<750 { photo[x, y] = 90 } }
        #expect(SheetEdges().find(photo, reduction: 1).isEmpty)
        // The same quad bright on a dark surface is one, at the frame's `reduction`.
        var bright = Raster(width: 1000, height: 1000, fill: 90)
        for y in 200..<800 { for x in 250..<750 { bright[x, y] = 220 } }
        let found = SheetEdges().find(bright, reduction: 0.5)
        #expect(found.count >= 1)
        if let first = found.first {
            expectNear(first.quad, Quad(Point(x: 125, y: 100), Point(x: 375, y: 100), Point(x: 375, y: 400), Point(x: 125, y: 400)),
                       within: 12, "bright quad at half size")
        }
    }

    /// A table as flat as a wall: no lines, no quad.
    @Test func aPlainPhotoHasNoSheet() {
        #expect(SheetEdges().find(Raster(width: 800, height: 600, fill: 128), reduction: 1).isEmpty)
    }
}
