import Imaging
import Testing
@testable import Recognition

/// Line crops: level, `height` tall, as wide as the line's aspect, with the page behind them.
struct LineCropTests {
    /// A white page with a dark bar of `length` × `thickness` centered at (cx, cy), turned by `angle`.
    static func page(angle: Double, length: Double = 200, thickness: Double = 30, cx: Double = 200, cy: Double = 150) -> (Raster, LineQuad) {
        var page = Raster(width: 400, height: 300, channels: 1, fill: 255)
        let c = cos(angle), s = sin(angle)
        for y in 0..<300 {
            for x in 0..<400 {
                let u = (Double(x) - cx) * c + (Double(y) - cy) * s
                let v = -(Double(x) - cx) * s + (Double(y) - cy) * c
                if abs(u) <= length / 2 && abs(v) <= thickness / 2 { page[x, y] = 0 }
            }
        }
        func at(_ u: Double, _ v: Double) -> Point2 { Point2(x: cx + u * c - v * s, y: cy + u * s + v * c) }
        // The quad one bar-thickness around the bar, in reading order.
        let (hu, hv) = (length / 2 + 15, thickness / 2 + 15)
        return (page, LineQuad([at(-hu, -hv), at(hu, -hv), at(hu, hv), at(-hu, hv)]))
    }

    @Test func aLevelLineIsCutToTheLineHeightAndItsAspect() {
        let (page, quad) = Self.page(angle: 0)
        let crop = LineCrop(page: page, quad: quad, height: 48, maxWidth: 2000)
        #expect(crop.raster.height == 48)
        #expect(crop.raster.width == Int((48 * quad.width / quad.height).rounded(.up)))
        // The bar fills the middle rows, white above and below.
        #expect(crop.raster[crop.raster.width / 2, 24] < 40)
        #expect(crop.raster[crop.raster.width / 2, 3] > 215)
        #expect(crop.raster[2, 24] > 215)
    }

    @Test func aTiltedLineComesOutLevel() {
        let (page, quad) = Self.page(angle: 0.35)
        let crop = LineCrop(page: page, quad: quad, height: 48, maxWidth: 2000)
        // Along the middle row the bar is dark from end to end; the rows near the edges stay white.
        let w = crop.raster.width
        for x in stride(from: w / 5, to: 4 * w / 5, by: 5) {
            #expect(crop.raster[x, 24] < 60)
            #expect(crop.raster[x, 2] > 200)
            #expect(crop.raster[x, 45] > 200)
        }
    }

    @Test func cropColumnsMapBackToThePage() {
        let (page, quad) = Self.page(angle: 0)
        let crop = LineCrop(page: page, quad: quad, height: 48, maxWidth: 2000)
        let rect = crop.pageRect(columns: 0, Double(crop.raster.width))
        #expect(abs(Double(rect.x) - quad.corners[0].x) <= 1)
        #expect(abs(Double(rect.maxX) - quad.corners[1].x) <= 1)
        #expect(abs(Double(rect.y) - quad.corners[0].y) <= 1)
    }

    @Test func theRecognizerTensorIsBGRScaledToMinusOneOneAndPaddedWithZero() {
        var raster = Raster(width: 2, height: 1, channels: 3, fill: 0)
        raster[0, 0, 0] = 255   // red
        raster[1, 0, 2] = 255   // blue
        let crop = LineCrop(raster: raster)
        let t = crop.tensor(width: 4)
        // Plane 0 (blue): -1 then 1, then two padding zeros; plane 2 (red): 1 then -1.
        #expect(t[0..<4] == [-1, 1, 0, 0])
        #expect(t[8..<12] == [1, -1, 0, 0])
    }
}

extension LineCrop {
    /// A crop made straight from a raster, for tensor tests.
    init(raster: Raster) {
        self.init(raster: raster, toPage: Homography(width: Double(raster.width), height: Double(raster.height),
                                 to: LineQuad([Point2(x: 0, y: 0), Point2(x: Double(raster.width), y: 0),
                                           Point2(x: Double(raster.width), y: Double(raster.height)),
                                           Point2(x: 0, y: Double(raster.height))])))
    }
}

import Foundation
