import DecantTestSupport
import Documents
import Foundation
import Testing
@testable import Imaging

/// The load stage on phone photos: HEIC read upright, the depth and camera inside a file used when
/// no sidecar gives them, what pages.json records about them, and damaged depth never failing a page.
@Suite struct PhotoLoadingTests {
    let folder = TemporaryFolder("decant-photo-loading")
    let loader = PageLoader(grayscale: true)

    /// A photo with structure in both directions, so that a turn shows.
    static func photo(width: Int = 96, height: Int = 64) -> Raster {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                pixels[i] = UInt8(x * 255 / (width - 1)); pixels[i + 1] = UInt8(y * 255 / (height - 1))
                pixels[i + 2] = (x / 8 + y / 8) % 2 == 0 ? 40 : 200
            }
        }
        return Raster(width: width, height: height, channels: 3, pixels: pixels)
    }

    /// A page tilted away: 300 mm on the left to 600 mm on the right.
    static func depth(width: Int = 48, height: Int = 32) -> DepthMap {
        var mm = [Float](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { mm[y * width + x] = 300 + 300 * Float(x) / Float(width - 1) } }
        return DepthMap(width: width, height: height, millimetres: mm)
    }

    static let camera = CameraIntrinsics(fx: 80, fy: 80, cx: 50, cy: 30, width: 96, height: 64)

    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = folder.file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a HEIC loads upright (irot applied) with the depth and intrinsics inside it, and the facts say so")
    func heicWithDepth() throws {
        var options = HEICDepthWriter.Options()
        options.orientation = .right
        let path = try write(try HEICDepthWriter.encode(photo: Self.photo(), depth: Self.depth(), intrinsics: Self.camera, options: options),
                             "portrait.heic")
        let page = try loader.load(PageSource(path: path))
        guard case .photo(let photo) = page.content else { Issue.record("not a photo"); return }
        #expect(page.format == "heic")
        #expect(photo.image.raster.width == 96 && photo.image.raster.height == 64 && photo.image.raster.channels == 1)
        let depth = try #require(photo.depth)
        #expect(depth.width == 48 && depth.height == 32)
        // Left edge near, right edge far, as written (8-bit disparity: within half a percent).
        #expect(abs(depth[0, 16] - 300) / 300 < 0.005 && abs(depth[47, 16] - 600) / 600 < 0.005, "\(depth[0, 16]) \(depth[47, 16])")
        let camera = try #require(photo.camera)
        #expect(abs(camera.fx - 80) < 0.01 && abs(camera.cx - 50) < 0.01)
        #expect(photo.cameraSource?.contains("Apple") == true)
        let facts = try #require(page.photo)
        #expect(facts.container == "heic")
        #expect(facts.orientation?.contains("irot") == true, "\(String(describing: facts.orientation))")
        #expect(facts.depthSource == "heifAuxiliaryImage" && facts.depthScale == "metres")
        #expect(facts.depthEncoding == "8-bit appleDisparity", "\(String(describing: facts.depthEncoding))")
        #expect(facts.intrinsics == "appleIntrinsicMatrix")
        // The depth flattener finds the page's outline in colour too.
        #expect(photo.image.chroma != nil)
    }

    @Test("sidecars win over the depth and camera inside the file")
    func sidecarWins() throws {
        let path = try write(try HEICDepthWriter.encode(photo: Self.photo(), depth: Self.depth(), intrinsics: Self.camera), "menu.heic")
        let flat = DepthMap(width: 48, height: 32, millimetres: [Float](repeating: 777, count: 48 * 32))
        try flat.writePNG(to: folder.file("menu.depth.png"))
        let camera = CameraIntrinsics(fx: 120, fy: 120, cx: 48, cy: 32, width: 96, height: 64)
        try JSONEncoder().encode(camera).write(to: URL(fileURLWithPath: folder.file("menu.camera.json")))
        let photo = try loader.loadPhoto(PageSource(path: path, depthPath: folder.file("menu.depth.png"),
                                                    cameraPath: folder.file("menu.camera.json")))
        #expect(photo.depth?.millimetres.allSatisfy { $0 == 777 } == true)
        #expect(photo.camera?.fx == 120 && photo.cameraSource == nil)
        #expect(photo.facts?.depthSource == "sidecar" && photo.facts?.intrinsics == "camera.json")

        // Only the depth as a sidecar: the camera still comes from the file.
        let mixed = try loader.loadPhoto(PageSource(path: path, depthPath: folder.file("menu.depth.png")))
        #expect(mixed.facts?.depthSource == "sidecar" && mixed.facts?.intrinsics == "appleIntrinsicMatrix")
    }

    @Test("a Dynamic Depth JPEG gives its depth and imaging model; its pixels decode as the JPEG always did")
    func dynamicDepth() throws {
        let bytes = try DynamicDepthJPEGWriter.encode(photo: Self.photo(), depth: Self.depth(), intrinsics: Self.camera)
        let path = try write(bytes, "pixel.jpg")
        let photo = try loader.loadPhoto(PageSource(path: path))
        let plain = try ImageLoader.decode(bytes, name: "pixel.jpg", grayscale: true)
        #expect(photo.image.raster == plain.raster)
        #expect(photo.facts?.depthSource == "dynamicDepthItem" && photo.facts?.intrinsics == "dynamicDepthImagingModel")
        #expect(photo.facts?.depthScale == "metres")
        let depth = try #require(photo.depth)
        #expect(abs(depth[0, 16] - 300) / 300 < 0.002 && abs(depth[47, 16] - 600) / 600 < 0.002)
    }

    @Test("a plain JPEG loads exactly as ImageLoader decodes it, with no photo facts and no colour kept")
    func plainJPEG() throws {
        let path = folder.file("plain.jpg")
        try JPEGFile.write(Self.photo(width: 300, height: 200), quality: 85, to: path)
        let photo = try loader.loadPhoto(PageSource(path: path))
        let before = try ImageLoader.load(path: path, grayscale: true)
        #expect(photo.image.raster == before.raster && photo.image.warnings == before.warnings)
        #expect(photo.image.chroma == nil && photo.depth == nil && photo.camera == nil && photo.facts == nil)
    }

    @Test("relative depth is used for its shape at a nominal scale, and recorded as relative")
    func relativeDepth() throws {
        var options = DynamicDepthJPEGWriter.Options()
        options.units = "Diopters"
        let path = try write(try DynamicDepthJPEGWriter.encode(photo: Self.photo(), depth: Self.depth(), intrinsics: Self.camera,
                                                               options: options), "relative.jpg")
        let photo = try loader.loadPhoto(PageSource(path: path))
        #expect(photo.facts?.depthScale == "relative")
        #expect(photo.facts?.depthNotes?.contains { $0.contains("no metric scale") } == true)
        let valid = try #require(photo.depth).millimetres.filter { $0 > 0 }.sorted()
        #expect(abs(valid[valid.count / 2] - 400) < 0.5)
        // The shape stays: nearer on the left than on the right.
        #expect(try #require(photo.depth)[0, 16] < (try #require(photo.depth))[47, 16])
    }

    @Test("a depth item that does not decode: a warning naming the file, the photo read without depth")
    func brokenDepthItem() throws {
        var bytes = try HEICDepthWriter.encode(photo: Self.photo(), depth: Self.depth(), intrinsics: Self.camera)
        let extent = try #require(HEIFStructure.parse(bytes)?.locations[2]?.extents.first)
        for i in extent.offset..<(extent.offset + extent.length) { bytes[i] = 0 }
        let page = try loader.load(PageSource(path: try write(bytes, "broken.heic")))
        guard case .photo(let photo) = page.content else { Issue.record("not a photo"); return }
        #expect(photo.depth == nil && page.photo?.depthSource == nil)
        #expect(page.warnings.contains { $0.hasPrefix("broken.heic:") && $0.contains("without depth") }, "\(page.warnings)")
    }

    @Test("XMP that lies (a depth map of another aspect ratio): a warning naming the file, the photo read without depth")
    func otherAspect() throws {
        let square = DepthMap(width: 40, height: 40, millimetres: [Float](repeating: 500, count: 1600))
        let path = try write(try HEICDepthWriter.encode(photo: Self.photo(), depth: square, intrinsics: Self.camera), "square.heic")
        let page = try loader.load(PageSource(path: path))
        guard case .photo(let photo) = page.content else { Issue.record("not a photo"); return }
        #expect(photo.depth == nil)
        #expect(page.warnings.contains { $0.hasPrefix("square.heic:") && $0.contains("aspect") }, "\(page.warnings)")
    }

    @Test("a corrupt HEIC fails its page with an error naming the file")
    func corruptHEIC() throws {
        let bytes = try HEICDepthWriter.encode(photo: Self.photo(), depth: Self.depth(), intrinsics: Self.camera)
        let path = try write(Array(bytes.prefix(300)), "cut.heic")
        #expect(SourceFile.classify(name: "cut.heic", siblings: [], leadingBytes: { Array(bytes.prefix(16)) }) == .image)
        let failure = #expect(throws: LoadFailure.self) { _ = try loader.load(PageSource(path: path)) }
        #expect(failure?.message.hasPrefix("cut.heic:") == true, "\(String(describing: failure?.message))")
    }
}
