@testable import Flattening
import Imaging
import Testing

@Suite struct PageMaskTests {
    /// A sheet printed with a frame round its list, on a dark table: the frame cuts the white of
    /// the sheet into a ring and the panel inside, and a dense block of print running from one
    /// side of the frame to the other cuts that panel in two.
    static func framedSheet() -> (white: [Bool], width: Int, height: Int) {
        let w = 100, h = 100
        var white = [Bool](repeating: false, count: w * h)
        for y in 10..<90 { for x in 20..<80 { white[y * w + x] = true } }
        for y in 14...85 { white[y * w + 24] = false; white[y * w + 75] = false }
        for x in 24...75 { white[14 * w + x] = false; white[85 * w + x] = false }
        for y in 40..<50 { for x in 24...75 { white[y * w + x] = false } }
        // A lit patch of the table at the photo's edge, smaller than the ring.
        for y in 0..<20 { for x in 0..<10 { white[y * w + x] = true } }
        return (white, w, h)
    }

    /// Word-sized blobs at the mask's scale 1, one per 5 × 5 cell of the rows given.
    static func print(rows: ClosedRange<Int>, columns: ClosedRange<Int> = 6...14) -> [PixelRect] {
        rows.flatMap { r in columns.map { c in PixelRect(x: c * 5, y: r * 5, width: 3, height: 3) } }
    }

    @Test func theRegionsAreTheLargestPanelThenWhatEnclosesIt() throws {
        let sheet = Self.framedSheet()
        let regions = PageMask.regions(white: sheet.white, width: sheet.width, height: sheet.height, scale: 1)
        // The panel below the block is the largest white region (35 × 50); the ring round the
        // frame (about 1,050 pixels) encloses the whole sheet, 60 × 80.
        try #require(regions.count == 2)
        #expect(abs(regions[0].areaFraction - 0.175) < 0.01)
        let (below, above) = (regions[0].contains(x: 50, y: 70), regions[0].contains(x: 50, y: 30))
        #expect(below && !above)
        #expect(abs(regions[1].areaFraction - 0.48) < 0.005)
        let (panelAbove, table) = (regions[1].contains(x: 50, y: 30), regions[1].contains(x: 5, y: 10))
        #expect(panelAbove, "the panel above the block of print is on the sheet")
        #expect(!table, "the lit patch of table is not")
        #expect(PageMask.largestRegion(white: sheet.white, width: sheet.width, height: sheet.height, scale: 1)?.areaFraction == regions[0].areaFraction)
    }

    @Test func theSheetIsTheRingWhenThePrintRunsPastThePanel() throws {
        let sheet = Self.framedSheet()
        let regions = PageMask.regions(white: sheet.white, width: sheet.width, height: sheet.height, scale: 1)
        // Print above the block as well as below it: the ring's sheet holds it all.
        let both = Self.print(rows: 4...7) + Self.print(rows: 10...16)
        let chosen = try #require(TextBlobs.sheet(among: regions, blobs: both))
        let aboveOnSheet = chosen.contains(x: 50, y: 30)
        #expect(aboveOnSheet)
        // All the print inside the lower panel: the panel is the sheet (a frame printed round
        // the list is a better outline than a curled sheet's edge).
        let below = Self.print(rows: 10...16)
        let panel = try #require(TextBlobs.sheet(among: regions, blobs: below))
        let panelHoldsAbove = panel.contains(x: 50, y: 30)
        #expect(!panelHoldsAbove)
    }

    @Test func theTableRoundTheSheetIsNoRing() throws {
        // A white table cut from the sheet by its shadow: the table touches the photo's border
        // and encloses the sheet, and holds the few specks of its grain.
        let w = 60, h = 60
        var white = [Bool](repeating: true, count: w * h)
        for y in 4...55 { for x in 4...55 where y == 4 || y == 55 || x == 4 || x == 55 { white[y * w + x] = false } }
        let regions = PageMask.regions(white: white, width: w, height: h, scale: 1)
        try #require(regions.count == 2)
        #expect(regions[1].borderContact == 1)
        let specks = (0..<12).map { PixelRect(x: 1 + $0 * 4, y: 1, width: 2, height: 2) }
        let onSheet = (0..<8).map { PixelRect(x: 15 + $0 * 4, y: 30, width: 2, height: 2) }
        let chosen = try #require(TextBlobs.sheet(among: regions, blobs: specks + onSheet))
        let (contact, area) = (chosen.borderContact, chosen.areaFraction)
        #expect(contact == 0 && abs(area - 50.0 * 50 / 3600) < 0.001)
    }
}
