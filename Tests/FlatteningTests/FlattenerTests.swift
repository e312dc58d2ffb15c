import Flattening
import Imaging
import Testing

@Suite struct FlattenerTests {
    @Test func withoutDepthThePhotoIsRectifiedImageOnly() {
        let image = LoadedImage(raster: SyntheticPage.text(), format: .png)
        let page = Flattener().flatten(FlattenInput(image: image, sidecarProblems: ["a.depth.png: depth map is 8-bit"]))
        #expect(page.report.method == .imageOnly)
        #expect(page.report.reason?.contains("depth map is 8-bit") == true)
        #expect(page.report.steps["ms.total"] == nil || page.report.steps.keys.contains { $0.hasPrefix("ms.") })
        #expect(page.report.steps.keys.contains("ms.blobs"), "every step records its time")
    }
}
