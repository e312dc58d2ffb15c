import Testing
@testable import Recognition

/// DB post-processing on made-up probability maps: what becomes a box, where, and how big.
struct DBPostProcessorTests {
    /// A map of `value` inside the given axis-aligned rectangles, 0.05 elsewhere.
    static func map(width: Int, height: Int, _ rects: [(x: Int, y: Int, w: Int, h: Int, value: Float)]) -> ProbabilityMap {
        var values = [Float](repeating: 0.05, count: width * height)
        for r in rects {
            for y in r.y..<(r.y + r.h) { for x in r.x..<(r.x + r.w) { values[y * width + x] = r.value } }
        }
        return ProbabilityMap(width: width, height: height, values: values)
    }

    @Test func aTextKernelBecomesItsBoxGrownByTheUnclipDistance() {
        // Kernel pixels 20…59 × 30…39: pixel centers span 39 × 9.
        let m = Self.map(width: 100, height: 80, [(20, 30, 40, 10, 0.9)])
        let boxes = DBPostProcessor().boxes(in: m, pageWidth: 100, pageHeight: 80)
        #expect(boxes.count == 1)
        let box = boxes[0]
        let d = 39.0 * 9.0 * 1.6 / (2 * (39 + 9))   // area × ratio / perimeter
        #expect(abs(box.quad.corners[0].x - (20 - d).rounded()) <= 1)
        #expect(abs(box.quad.corners[0].y - (30 - d).rounded()) <= 1)
        #expect(abs(box.quad.corners[2].x - (59 + d).rounded()) <= 1)
        #expect(abs(box.quad.corners[2].y - (39 + d).rounded()) <= 1)
        #expect(abs(box.score - 0.9) < 1e-6)
    }

    @Test func boxesAreScaledToThePageAndClippedToIt() {
        // The map is half the page's size; a kernel at the map's edge stays on the page.
        let m = Self.map(width: 64, height: 32, [(10, 10, 30, 6, 0.8), (0, 20, 20, 6, 0.8)])
        let boxes = DBPostProcessor().boxes(in: m, pageWidth: 128, pageHeight: 64)
        #expect(boxes.count == 2)
        for box in boxes {
            for p in box.quad.corners {
                #expect(p.x >= 0 && p.x <= 127 && p.y >= 0 && p.y <= 63)
            }
        }
        let first = boxes.first { $0.quad.center.x > 40 }
        #expect(first.map { abs($0.quad.center.x - 2 * 24.5) <= 2 && abs($0.quad.center.y - 2 * 12.5) <= 2 } == true)
    }

    @Test func weakRegionsAndSpecksAreDropped() {
        // 0.35 passes the pixel threshold (0.3) but not the box score (0.5); a 2-pixel speck is too small.
        let m = Self.map(width: 100, height: 60, [(10, 10, 40, 8, 0.35), (70, 40, 2, 2, 0.95)])
        #expect(DBPostProcessor().boxes(in: m, pageWidth: 100, pageHeight: 60).isEmpty)
    }

    @Test func touchingPixelsDiagonallyAreOneRegion() {
        var values = [Float](repeating: 0, count: 20 * 20)
        for i in 0..<10 { values[(5 + i) * 20 + 5 + i] = 0.9 }
        let regions = DBPostProcessor.regions(in: ProbabilityMap(width: 20, height: 20, values: values), threshold: 0.3, limit: 10)
        #expect(regions.count == 1)
    }

    @Test func aTiltedKernelGivesATiltedBox() {
        // A 60 × 8 bar turned by atan(1/3) ≈ 18.4°.
        var values = [Float](repeating: 0, count: 120 * 80)
        for y in 0..<80 {
            for x in 0..<120 {
                let u = (Double(x) - 60) * 0.9487 + (Double(y) - 40) * 0.3162
                let v = -(Double(x) - 60) * 0.3162 + (Double(y) - 40) * 0.9487
                if abs(u) <= 30 && abs(v) <= 4 { values[y * 120 + x] = 0.9 }
            }
        }
        let boxes = DBPostProcessor().boxes(in: ProbabilityMap(width: 120, height: 80, values: values), pageWidth: 120, pageHeight: 80)
        #expect(boxes.count == 1)
        let q = boxes[0].quad.corners
        let angle = atan2(q[1].y - q[0].y, q[1].x - q[0].x) * 180 / .pi
        #expect(abs(angle - 18.43) < 3)
    }

    @Test func unclipWidensARectangleByAreaTimesRatioOverPerimeter() {
        let rect = LineQuad([Point2(x: 0, y: 0), Point2(x: 10, y: 0), Point2(x: 10, y: 4), Point2(x: 0, y: 4)])
        let grown = DBPostProcessor.unclip(rect, ratio: 1.5)
        let d = 40 * 1.5 / 28
        #expect(abs(grown.width - (10 + 2 * d)) < 1e-9)
        #expect(abs(grown.height - (4 + 2 * d)) < 1e-9)
        #expect(abs(grown.corners[0].x + d) < 1e-9 && abs(grown.corners[0].y + d) < 1e-9)
    }

    @Test func cornersAreOrderedClockwiseFromTheTopLeft() {
        let q = LineQuad([Point2(x: 10, y: 12), Point2(x: 0, y: 10), Point2(x: 1, y: 0), Point2(x: 11, y: 2)])
        let ordered = DBPostProcessor.orderedClockwise(q).corners
        #expect(ordered == [Point2(x: 1, y: 0), Point2(x: 11, y: 2), Point2(x: 10, y: 12), Point2(x: 0, y: 10)])
    }
}

import Foundation
