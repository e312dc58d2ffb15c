import Imaging
import Testing
@testable import Recognition

struct GeometryTests {
    @Test func minAreaRectOfARotatedRectanglesPointsIsThatRectangle() {
        let c = cos(0.5), s = sin(0.5)
        var points: [Point2] = []
        for u in stride(from: -20.0, through: 20, by: 2) {
            for v in stride(from: -5.0, through: 5, by: 1) {
                points.append(Point2(x: 50 + u * c - v * s, y: 50 + u * s + v * c))
            }
        }
        let fit = MinAreaRect.fit(points)
        #expect(abs(max(fit.width, fit.height) - 40) < 1e-6)
        #expect(abs(min(fit.width, fit.height) - 10) < 1e-6)
    }

    @Test func convexHullDropsInteriorAndRepeatedPoints() {
        let square = [Point2(x: 0, y: 0), Point2(x: 4, y: 0), Point2(x: 4, y: 4), Point2(x: 0, y: 4)]
        let hull = MinAreaRect.convexHull(square + [Point2(x: 2, y: 2), Point2(x: 4, y: 4), Point2(x: 2, y: 0)])
        #expect(Set(hull) == Set(square))
    }

    @Test func homographyMapsTheRectangleCornersOntoTheQuad() {
        let quad = LineQuad([Point2(x: 10, y: 20), Point2(x: 110, y: 5), Point2(x: 120, y: 60), Point2(x: 5, y: 50)])
        let h = Homography(width: 200, height: 48, to: quad)
        let mapped = [h.apply(0, 0), h.apply(200, 0), h.apply(200, 48), h.apply(0, 48)]
        for (a, b) in zip(mapped, quad.corners) {
            #expect(a.distance(to: b) < 1e-6)
        }
    }

    @Test func detectionInputIsCappedBySideAndByPixelsInMultiplesOf32() {
        // A 35 MP scan: without the caps the detector would see all of it.
        let size = DetectionInput.size(width: 4961, height: 7016, maxSide: 4000, maxPixels: 2_000_000)
        #expect(size.width % 32 == 0 && size.height % 32 == 0)
        #expect(size.width * size.height <= 2_000_000)
        #expect(max(size.width, size.height) <= 4000)
        let small = DetectionInput.size(width: 463, height: 1013, maxSide: 960, maxPixels: 2_000_000)
        #expect(small == (width: 448, height: 960))
        let unchanged = DetectionInput.size(width: 640, height: 320, maxSide: 960, maxPixels: 2_000_000)
        #expect(unchanged == (width: 640, height: 320))
    }

    @Test func detectionTilesCoverTheInputOverlappingAndNoLargerThanATile() {
        let tiles = DetectionInput.tiles(width: 2000, height: 700, tile: 1024, overlap: 96)
        #expect(tiles.count == 3)
        #expect(tiles.allSatisfy { $0.width <= 1024 && $0.height <= 1024 && $0.x >= 0 && $0.maxX <= 2000 && $0.maxY <= 700 })
        // Every column is covered, and neighbours share at least the overlap.
        let covered = Set(tiles.flatMap { $0.x..<$0.maxX })
        #expect(covered.count == 2000)
        for (a, b) in zip(tiles, tiles.dropFirst()) { #expect(a.maxX - b.x >= 96) }
        #expect(DetectionInput.tiles(width: 960, height: 736, tile: 1024) == [PixelRect(x: 0, y: 0, width: 960, height: 736)])
    }

    @Test func detectionInputIsNormalizedInBGROrder() {
        // One pure red pixel: the tensor's first plane is blue.
        var page = Raster(width: 32, height: 32, channels: 3, fill: 0)
        for i in 0..<(32 * 32) { page.pixels[3 * i] = 255 }
        let input = DetectionInput(page: page, maxSide: 960, maxPixels: 2_000_000)
        let plane = 32 * 32
        #expect(abs(input.tensor[0] - (0 - 0.485) / 0.229) < 1e-4)            // blue
        #expect(abs(input.tensor[2 * plane] - (1 - 0.406) / 0.225) < 1e-4)    // red
    }

    @Test func pageTurnsGiveTheReadingQuadAndTheTurnToUpright() {
        let box = LineQuad([Point2(x: 0, y: 0), Point2(x: 10, y: 0), Point2(x: 10, y: 40), Point2(x: 0, y: 40)])
        // Text running top to bottom: its top-left is the box's top-right.
        #expect(PageTurn.quarter.readingQuad(box).corners[0] == Point2(x: 10, y: 0))
        #expect(PageTurn.half.readingQuad(box).corners[0] == Point2(x: 10, y: 40))
        #expect(PageTurn.threeQuarters.readingQuad(box).corners[0] == Point2(x: 0, y: 40))
        #expect(PageTurn.quarter.readingQuad(box).width == 40)
        #expect(PageTurn.quarter.quarterTurnsToUpright == 3 && PageTurn.threeQuarters.quarterTurnsToUpright == 1)
        #expect(PageTurn.none.opposite == .half && PageTurn.quarter.opposite == .threeQuarters)
    }
}

import Foundation
