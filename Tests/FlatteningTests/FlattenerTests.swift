import Documents
import Flattening
import Imaging
import Testing

@Suite struct FlattenerTests {
    @Test func withoutDepthThePhotoIsRectifiedImageOnly() {
        let image = LoadedImage(raster: SyntheticPage.text(), format: .png)
        let page = Flattener().flatten(PagePhoto(image: image, sidecarProblems: ["a.depth.png: depth map is 8-bit"]))
        #expect(page.report.method == .imageOnly)
        #expect(page.report.reason?.contains("depth map is 8-bit") == true)
        #expect(page.report.steps.time(.blobs) != nil, "every step records its time")
        #expect(page.report.steps.dictionary["ms.blobs"] != nil, "pages.json shows it as ms.blobs")
    }

    @Test func usableDepthIsUnwarpedThenEvenedOut() throws {
        let scene = SyntheticScene()
        let outcome = Flattener().flattenWithDetails(scene.input)
        let unwarp = try #require(outcome.depth, "the depth path was used")
        #expect(outcome.page.report.method == .plane)
        #expect(outcome.page.report.pageSizeMM == unwarp.page.report.pageSizeMM)
        // The resolution comes from the 3-D fit, not from the rectifier's text-size guess.
        #expect(outcome.page.ppi == unwarp.page.ppi)
        #expect(outcome.page.report.steps[.photometric] != nil)
        #expect(outcome.page.report.steps[.orientation] != nil)
        let turned = outcome.quarterTurns % 2 == 1
        #expect(outcome.page.raster.width == (turned ? unwarp.page.raster.height : unwarp.page.raster.width))
    }

    @Test func unusableDepthKeepsWhatItMeasured() {
        var scene = SyntheticScene()
        scene.holes = 0.9
        let outcome = Flattener().flattenWithDetails(scene.input)
        #expect(outcome.depth == nil)
        #expect(outcome.page.report.method == .fallback)
        #expect(outcome.page.report.steps.dictionary["depth.depth"]?.contains("valid") == true)
    }
}
