@testable import Flattening
import Imaging
import Testing

@Suite struct SurroundingsPaintTests {
    /// A 100 × 100 photo: a sheet (paper 200) over x, y in 30..<70 with one line of print, on a
    /// speckled floor; its page mask at 5 photo pixels per cell.
    func photo(shadowOverHalfTheSheet: Bool = false) -> (Raster, PageMask, ConvexHull) {
        var gray = Raster(width: 100, height: 100, channels: 1, pixels: [UInt8](repeating: 0, count: 10_000))
        for y in 0..<100 {
            for x in 0..<100 {
                let onSheet = (30..<70).contains(x) && (30..<70).contains(y)
                gray[x, y] = onSheet ? (shadowOverHalfTheSheet && x >= 50 ? 90 : 200) : ((x * 7 + y * 13) % 5 == 0 ? 70 : 170)
            }
        }
        for y in 45..<50 { for x in 35..<65 { gray[x, y] = 20 } }
        var inside = [Bool](repeating: false, count: 400)
        for cy in 6..<14 { for cx in 6..<14 { inside[cy * 20 + cx] = true } }
        let mask = PageMask(width: 20, height: 20, inside: inside, scale: 0.2, areaFraction: 0.16, borderContact: 0)
        let text = ConvexHull([Point(x: 35, y: 45), Point(x: 65, y: 45), Point(x: 65, y: 50), Point(x: 35, y: 50)])
        return (gray, mask, text)
    }

    @Test func hullHoldsWhatIsInsideOrWithinTheMargin() {
        let hull = ConvexHull([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10), Point(x: 5, y: 5)])
        #expect(hull.vertices.count == 4)
        #expect(hull.contains(Point(x: 5, y: 5), margin: 0))
        #expect(hull.contains(Point(x: 12, y: 5), margin: 3))
        #expect(!hull.contains(Point(x: 14, y: 5), margin: 3))
    }

    @Test func paintsTheFloorAndKeepsThePrint() throws {
        let (gray, mask, text) = photo()
        let painted = try #require(mask.paintingBackground(of: gray, reduction: 1, radius: 1, text: text, margin: 5, evenLight: 0.8))
        #expect(painted.share > 0.5)
        // The floor far from the sheet is paper now, speckles and all.
        #expect((0..<20).allSatisfy { x in (0..<20).allSatisfy { y in painted.raster[x, y] == 200 } })
        // The print and the sheet are untouched.
        #expect(painted.raster[50, 47] == 20)
        #expect(painted.raster[40, 35] == 200)
    }

    /// A hard shadow across the sheet can join shadowed print to the floor in the mask: not painted.
    @Test func leavesAnUnevenlyLitPhotoAlone() {
        let (gray, mask, text) = photo(shadowOverHalfTheSheet: true)
        #expect(mask.paintingBackground(of: gray, reduction: 1, radius: 1, text: text, margin: 5, evenLight: 0.8) == nil)
    }
}
