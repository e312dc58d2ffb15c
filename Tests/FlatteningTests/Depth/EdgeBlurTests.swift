import Foundation
import Imaging
import Testing
@testable import Flattening

@Suite struct EdgeBlurTests {
    /// A sheet (level 200) on a darker table (level 70) whose edge runs through (cx, cy) at `angle`,
    /// blurred by a Gaussian of `sigma` pixels (the step's exact integral at each pixel centre), with
    /// sensor noise of `noise` levels. Returns the photo and points along the edge with their
    /// off-sheet normals.
    static func edgePhoto(sigma: Double, angle: Double, noise: Double, seed: UInt64)
        -> (Raster, [EdgeBlur.EdgePoint]) {
        let w = 320, h = 240, cx = 160.0, cy = 120.0
        // The normal points off the sheet (toward the table).
        let nx = -sin(angle), ny = cos(angle)
        var rng = SplitMix64(seed: seed)
        var pixels = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let d = (Double(x) - cx) * nx + (Double(y) - cy) * ny
                let share = 0.5 * (1 - erf(d / (sigma * 2.0.squareRoot())))
                let n = SurfaceFitTests.gaussian(&rng) * noise
                pixels[y * w + x] = UInt8(min(255, max(0, (70 + 130 * share + n).rounded())))
            }
        }
        let points = stride(from: -100.0, through: 100.0, by: 2).map { t in
            EdgeBlur.EdgePoint(x: cx + t * cos(angle), y: cy + t * sin(angle), nx: nx, ny: ny)
        }
        return (Raster(width: w, height: h, channels: 1, pixels: pixels), points)
    }

    @Test(arguments: [0.7, 1.2, 1.7, 2.3])
    func theBlurOfAStepIsMeasuredUnderNoise(sigma: Double) throws {
        let (photo, points) = Self.edgePhoto(sigma: sigma, angle: 0.3, noise: 6, seed: 11)
        let measured = try #require(EdgeBlur().measure(photo, sides: [points]))
        #expect(abs(measured.sigma - sigma) < 0.15, "measured \(measured.sigma) for \(sigma)")
        #expect(measured.runs >= 10)
    }

    @Test func anOutlineAFewPixelsOffStillFindsTheStep() throws {
        let (photo, points) = Self.edgePhoto(sigma: 1.5, angle: -0.2, noise: 4, seed: 12)
        let shifted = points.map { EdgeBlur.EdgePoint(x: $0.x + 4 * $0.nx, y: $0.y + 4 * $0.ny, nx: $0.nx, ny: $0.ny) }
        let measured = try #require(EdgeBlur().measure(photo, sides: [shifted]))
        #expect(abs(measured.sigma - 1.5) < 0.15)
    }

    @Test func noStepNoMeasurement() {
        var rng = SplitMix64(seed: 13)
        let flat = Raster(width: 320, height: 240, channels: 1,
                          pixels: (0..<(320 * 240)).map { _ in UInt8(150 + Int(rng.unit() * 12)) })
        let (_, points) = Self.edgePhoto(sigma: 1, angle: 0, noise: 0, seed: 1)
        #expect(EdgeBlur().measure(flat, sides: [points]) == nil)
    }

    @Test func pointsOffThePhotoAreSkippedNotSampledAsBlack() {
        let (photo, points) = Self.edgePhoto(sigma: 1, angle: 0, noise: 2, seed: 14)
        let outside = points.map { EdgeBlur.EdgePoint(x: $0.x, y: $0.y + 200, nx: $0.nx, ny: $0.ny) }
        #expect(EdgeBlur().measure(photo, sides: [outside]) == nil)
    }
}
