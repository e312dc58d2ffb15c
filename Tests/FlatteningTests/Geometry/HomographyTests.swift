@testable import Flattening
import Testing

@Suite struct HomographyTests {
    @Test func mapsEachCornerOntoItsPartner() throws {
        let from = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 140), Point(x: 0, y: 140)]
        let to = [Point(x: 212, y: 80), Point(x: 903, y: 151), Point(x: 951, y: 1190), Point(x: 160, y: 1102)]
        let h = try #require(Homography(from: from, to: to))
        for (a, b) in zip(from, to) {
            let (x, y) = h.apply(a.x, a.y)
            #expect(abs(x - b.x) < 1e-6 && abs(y - b.y) < 1e-6)
        }
    }

    @Test func refusesDegenerateCorners() {
        let line = [Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 2), Point(x: 3, y: 3)]
        #expect(Homography(from: line, to: line) == nil)
    }
}
