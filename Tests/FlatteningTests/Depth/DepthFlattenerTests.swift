import Documents
import Foundation
import Imaging
import Testing
@testable import Flattening

@Suite struct DepthFlattenerTests {
    /// Largest distance of a true corner from its place in the flattened page, as a share of the
    /// page's width (x) or height (y).
    static func cornerError(_ scene: SyntheticScene, _ flattening: DepthFlattener.Unwarped) -> Double {
        let w = Double(flattening.page.raster.width), h = Double(flattening.page.raster.height)
        let ideal = [(-0.5, -0.5), (w - 0.5, -0.5), (w - 0.5, h - 0.5), (-0.5, h - 0.5)]
        var worst = 0.0
        for (corner, target) in zip(scene.cornersInPhoto, ideal) {
            guard let p = flattening.flattenedPosition(ofPhoto: corner) else { return .infinity }
            worst = max(worst, abs(p.x - target.0) / w, abs(p.y - target.1) / h)
        }
        return worst
    }

    @Test(arguments: [0.2, 60.0])
    func flattensATiltedPageWithHolesAndLowResolutionDepth(tableGap: Double) throws {
        var scene = SyntheticScene()
        scene.tableGap = tableGap
        let result = DepthFlattener().flatten(scene.input)
        let flattening = try result.get()
        let report = flattening.page.report
        #expect(report.method == .plane)
        let size = try #require(report.pageSizeMM)
        #expect(abs(size[0] / scene.pageWidth - 1) < 0.015, "width \(size[0]) mm")
        #expect(abs(size[1] / scene.pageHeight - 1) < 0.015, "height \(size[1]) mm")
        #expect(Self.cornerError(scene, flattening) < 0.01)
        #expect((report.residualMM ?? 99) < 2)
        // The resolution told to Tesseract matches the output's pixels per physical inch.
        let ppi = try #require(flattening.page.ppi)
        let measured = Double(flattening.page.raster.width) / (size[0] / 25.4)
        #expect(abs(Double(ppi) / measured - 1) < 0.02)
        #expect(report.assumptions.isEmpty)
    }

    @Test func printBlurredByAFifthOfItsHeightIsFlaggedAsHardToRead() throws {
        // The Corpus's winelist-0104 (read: 2 of 43 entries) and winelist-0105 (101 of 106).
        let blurred = try #require(DepthFlattener.legibilityWarning(blur: 2.04, xHeight: 6))
        #expect(blurred.hasPrefix("print blurred by σ 2.0 px on a 6 px x-height (0.34 of it)"))
        #expect(DepthFlattener.legibilityWarning(blur: 1.02, xHeight: 6) == nil)
        #expect(DepthFlattener.legibilityWarning(blur: 1.3, xHeight: 6) != nil)
        #expect(DepthFlattener.legibilityWarning(blur: 1.0, xHeight: 0) == nil)
    }

    @Test func depthOfAnotherAspectFallsBackWithTheReason() {
        let scene = SyntheticScene()
        var input = scene.input
        input.depth = DepthMap(width: 100, height: 30, millimetres: [Float](repeating: 400, count: 3000))
        let page = Flattener().flatten(input)
        #expect(page.report.method == .fallback)
        #expect(page.report.reason?.contains("aspect ratios differ") == true)
    }

    @Test func depthMostlyHolesFallsBack() {
        var scene = SyntheticScene()
        scene.holes = 0.9
        let page = Flattener().flatten(scene.input)
        #expect(page.report.method == .fallback)
        #expect(page.report.reason?.contains("too few valid depth points") == true)
    }

    @Test func unreadableDepthIsRecordedAsTheFallbackReason() {
        let scene = SyntheticScene()
        let input = PagePhoto(image: scene.photo(), depth: nil, camera: scene.camera,
                                 depthProblem: "p.depth.png: depth map is 8-bit; expected 16-bit millimetres")
        let page = Flattener().flatten(input)
        #expect(page.report.method == .fallback)
        #expect(page.report.reason == "depth not used: p.depth.png: depth map is 8-bit; expected 16-bit millimetres")
    }

    @Test func missingIntrinsicsAreAssumedAndSaid() throws {
        let scene = SyntheticScene()
        var input = scene.input
        input.camera = nil
        let flattening = try DepthFlattener().flatten(input).get()
        #expect(flattening.page.report.assumptions.contains { $0.contains("mm-equivalent phone lens") })
        // The synthetic lens is close to the assumed one: the page keeps roughly its shape.
        let size = try #require(flattening.page.report.pageSizeMM)
        #expect(abs(size[1] / size[0] - scene.pageHeight / scene.pageWidth) < 0.1)
    }

    @Test func exifFocalLengthGivesTheIntrinsics() {
        let exif = ExifInfo(focalLength35mm: 26)
        let model = CameraModel.resolve(camera: nil, exif: exif, width: 3024, height: 4032)
        // 26 mm equivalent over the 43.3 mm full-frame diagonal, times the 5040-pixel diagonal.
        #expect(abs(model.intrinsics.fx - 26 / CameraModel.fullFrameDiagonal * 5040) < 1e-6)
        #expect(model.assumptions.count == 1)
        let given = CameraIntrinsics(fx: 1000, fy: 1000, cx: 511.5, cy: 383.5, width: 1024, height: 768)
        let scaled = CameraModel.resolve(camera: given, exif: exif, width: 2048, height: 1536)
        #expect(abs(scaled.intrinsics.fx - 2000) < 1e-9)
        #expect(scaled.assumptions.isEmpty)
    }
}
