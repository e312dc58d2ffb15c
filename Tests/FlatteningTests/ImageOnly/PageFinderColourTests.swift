import Foundation
import Imaging
import Testing
@testable import Flattening

/// A cream sheet on pale marble: in gray the two differ by less than the photo's noise, so the
/// outermost clean edges in gray are the text columns'; the yellow-blue plane shows the sheet.
@Suite struct PageFinderColourTests {
    static let size = (w: 320, h: 400)
    /// The sheet's sides in view pixels (left, right, top, bottom), tilted by `tilt` about its centre.
    static let sheet = (left: 60.0, right: 250.0, top: 50.0, bottom: 350.0)
    /// Level: the finder's angle search is not what this suite is about (real photos exercise it).
    static let tilt = 0.0

    /// View position → position in the sheet's own (untilted) frame.
    static func sheetFrame(_ x: Double, _ y: Double) -> (u: Double, v: Double) {
        let cx = (sheet.left + sheet.right) / 2, cy = (sheet.top + sheet.bottom) / 2
        let c = cos(-tilt), s = sin(-tilt)
        return (cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c)
    }

    /// The scene rendered 3 × 3 times per pixel and averaged, as a lens would: hard pixel steps
    /// along a tilted edge would point its gradients along the pixel grid instead of the edge.
    static func scene() -> (gray: Raster, colour: [Raster]) {
        var rng = SplitMix64(seed: 21)
        let (w, h) = size
        var gray = [UInt8](repeating: 0, count: w * h), yb = gray, rg = gray
        for y in 0..<h {
            for x in 0..<w {
                var g = 0.0, b = 0.0, r = 0.0
                for sy in 0..<3 {
                    for sx in 0..<3 {
                        let (u, v) = sheetFrame(Double(x) + (Double(sx) - 1) / 3, Double(y) + (Double(sy) - 1) / 3)
                        let onSheet = u >= sheet.left && u <= sheet.right && v >= sheet.top && v <= sheet.bottom
                        // Text: lines of words in two columns, ragged on the right.
                        let line = Int(v - 80) / 14, inLine = (v - 80).truncatingRemainder(dividingBy: 14)
                        let column = u < 155 ? 0 : 1
                        let lineEnd = (column == 0 ? 140.0 : 235.0) - Double((line * 37 + column * 11) % 30)
                        let inText = onSheet && v >= 80 && v < 320 && inLine >= 3 && inLine < 10
                            && u >= (column == 0 ? 80 : 170) && u < lineEnd && u.truncatingRemainder(dividingBy: 9) >= 1.5
                        g += inText ? 70 : (onSheet ? 193 : 191)
                        b += inText ? 132 : (onSheet ? 150 : 140)
                        r += onSheet ? 137 : 135
                    }
                }
                let noise = (rng.unit() + rng.unit() + rng.unit() - 1.5) * 6
                gray[y * w + x] = UInt8(max(0, min(255, (g / 9 + noise).rounded())))
                // JPEG's chroma is smooth but not flat: about a level of noise.
                yb[y * w + x] = UInt8((b / 9 + (rng.unit() - 0.5) * 2).rounded())
                rg[y * w + x] = UInt8((r / 9 + (rng.unit() - 0.5) * 2).rounded())
            }
        }
        return (Raster(width: w, height: h, channels: 1, pixels: gray),
                [Raster(width: w, height: h, channels: 1, pixels: yb), Raster(width: w, height: h, channels: 1, pixels: rg)])
    }

    /// Worst distance (view pixels) of the found corners from the sheet's.
    static func cornerError(_ found: PageFinder.Found) -> Double {
        let cx = (sheet.left + sheet.right) / 2, cy = (sheet.top + sheet.bottom) / 2
        let c = cos(tilt), s = sin(tilt)
        let truth = [(sheet.left, sheet.top), (sheet.right, sheet.top), (sheet.right, sheet.bottom), (sheet.left, sheet.bottom)].map { p in
            (x: cx + (p.0 - cx) * c - (p.1 - cy) * s, y: cy + (p.0 - cx) * s + (p.1 - cy) * c)
        }
        return truth.map { t in
            found.corners.map { ((($0.x - t.x) * ($0.x - t.x) + ($0.y - t.y) * ($0.y - t.y))).squareRoot() }.min() ?? .infinity
        }.max() ?? .infinity
    }

    @Test func colourPlanesFindASheetGrayCannotTellFromTheTable() throws {
        let (gray, colour) = Self.scene()
        let n = gray.width * gray.height
        let all = [Bool](repeating: true, count: n)
        let finder = PageFinder()
        let centre = (x: Double(gray.width) / 2, y: Double(gray.height) / 2)
        // The depth cannot separate a sheet lying on the table: the region is the whole view.
        let grayOnly = finder.find(view: gray, valid: all, region: all, regionTolerance: 3, centre: centre)
        #expect(grayOnly.map(Self.cornerError) ?? .infinity > 8, "gray alone should not see this sheet")
        // As DepthFlattener asks: the colour planes alone, gray's angle tried too; the more complete outline wins.
        let withColour = try #require(finder.find(view: colour[0], colour: [colour[1]], valid: all, region: all, regionTolerance: 3,
                                                  centre: centre, alsoTry: grayOnly.map { [$0.angle] } ?? []))
        #expect(Self.cornerError(withColour) < 2.5, "corners off by \(Self.cornerError(withColour)) px: \(withColour.corners) angle \(withColour.angle) \(withColour.sources)")
        #expect(abs(withColour.angle - Self.tilt) < 0.5 * .pi / 180)
        #expect(withColour.sources.allSatisfy { $0.hasPrefix("edge") })
        #expect(withColour.score > (grayOnly?.score ?? 0))
    }

    /// Planes merged with the gray that show nothing (a white sheet on a grey table) leave the
    /// outline where the gray puts it.
    @Test func neutralColourPlanesChangeNothing() throws {
        let (gray, _) = Self.scene()
        var stronger = gray
        for y in 0..<gray.height {
            for x in 0..<gray.width {
                let (u, v) = Self.sheetFrame(Double(x), Double(y))
                let onSheet = u >= Self.sheet.left && u <= Self.sheet.right && v >= Self.sheet.top && v <= Self.sheet.bottom
                if !onSheet { stronger[x, y] = UInt8(max(0, Int(gray[x, y]) - 60)) }
            }
        }
        let all = [Bool](repeating: true, count: gray.width * gray.height)
        let neutral = [Raster](repeating: Raster(width: gray.width, height: gray.height, channels: 1,
                                                 pixels: [UInt8](repeating: 128, count: gray.width * gray.height)), count: 2)
        let centre = (x: Double(gray.width) / 2, y: Double(gray.height) / 2)
        let finder = PageFinder()
        let plain = try #require(finder.find(view: stronger, valid: all, region: all, regionTolerance: 3, centre: centre))
        let withNeutral = try #require(finder.find(view: stronger, colour: neutral, valid: all, region: all, regionTolerance: 3, centre: centre))
        #expect(Self.cornerError(plain) < 2.5, "corners \(plain.corners), angle \(plain.angle), \(plain.sources)")
        #expect(plain.corners.map(\.x) == withNeutral.corners.map(\.x) && plain.corners.map(\.y) == withNeutral.corners.map(\.y))
    }
}
