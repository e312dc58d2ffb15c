import DecantTestSupport
import Foundation
import Testing
@testable import Imaging

@Suite struct ImageLoaderTests {
    let folder = TemporaryFolder("decant-imaging")

    @Test func pngRoundTripThroughLeptonica() throws {
        let raster = Raster(width: 5, height: 3, channels: 3, pixels: (0..<45).map { UInt8($0 * 5) })
        try PNGFile.write(raster, to: folder.file("a.png"))
        let loaded = try ImageLoader.load(path: folder.file("a.png"))
        #expect(loaded.format == .png)
        #expect(loaded.raster == raster)
    }

    @Test func aTinyImageLoadsWithAWarningThatNamesIt() throws {
        let side = ImageLoader.smallestReadableSide
        try PNGFile.write(Raster(width: 40, height: 20, channels: 1, pixels: [UInt8](repeating: 200, count: 800)),
                          to: folder.file("thumb.png"))
        let tiny = try ImageLoader.load(path: folder.file("thumb.png"))
        #expect(tiny.warnings.count == 1)
        #expect(tiny.warnings.first?.hasPrefix("thumb.png: only 40x20 pixels") == true)
        try PNGFile.write(Raster(width: side, height: side, channels: 1, pixels: [UInt8](repeating: 200, count: side * side)),
                          to: folder.file("page.png"))
        #expect(try ImageLoader.load(path: folder.file("page.png")).warnings.isEmpty)
    }

    @Test func grayPixRoundTrip() {
        let raster = Raster(width: 7, height: 2, channels: 1, pixels: (0..<14).map { UInt8($0 * 17) })
        #expect(Pix(raster).raster() == raster)
    }

    @Test func emptyFileIsReportedByName() {
        #expect(FileManager.default.createFile(atPath: folder.file("empty.jpg"), contents: Data()))
        #expect(throws: ImagingError(.empty, file: "empty.jpg", "file is empty (0 bytes)")) {
            try ImageLoader.load(path: folder.file("empty.jpg"))
        }
    }

    @Test func nonImageIsUnsupported() {
        #expect(FileManager.default.createFile(atPath: folder.file("notes.png"), contents: Data("just text".utf8)))
        do {
            _ = try ImageLoader.load(path: folder.file("notes.png"))
            Issue.record("a text file must not load")
        } catch {
            #expect(error.kind == .unsupportedFormat)
            #expect(error.description.hasPrefix("notes.png: "))
        }
    }

    @Test func truncatedPNGIsCorrupt() throws {
        let raster = Raster(width: 64, height: 64, channels: 1, pixels: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try PNGFile.write(raster, to: folder.file("t.png"))
        let bytes = try #require(FileManager.default.contents(atPath: folder.file("t.png")))
        #expect(FileManager.default.createFile(atPath: folder.file("t.png"), contents: bytes.prefix(bytes.count / 2)))
        #expect(throws: ImagingError.self) { try ImageLoader.load(path: folder.file("t.png")) }
    }

    @Test func decompressionBombIsRefusedBeforeDecoding() throws {
        try PNGFile.write(Raster(width: 300, height: 200), to: folder.file("big.png"))
        do {
            _ = try ImageLoader.load(path: folder.file("big.png"), limits: ImageLimits(maxPixels: 10_000))
            Issue.record("over-limit image must be refused")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.message.contains("300x200"))
        }
    }

    @Test func missingFileSaysSo() {
        #expect(throws: ImagingError.self) { try ImageLoader.load(path: "/nonexistent/x.jpg") }
    }
}

@Suite struct DepthMapTests {
    let folder = TemporaryFolder("decant-imaging")

    @Test func sixteenBitRoundTrip() throws {
        let depth = DepthMap(width: 4, height: 3, millimetres: [0, 350, 351, 1000, 65535, 2, 3, 4, 5, 6, 7, 8])
        try depth.writePNG(to: folder.file("p.depth.png"))
        #expect(try DepthMap.load(path: folder.file("p.depth.png")) == depth)
    }

    @Test func eightBitDepthIsAClearError() throws {
        try PNGFile.write(Raster(width: 4, height: 4, fill: 100), to: folder.file("page-3.depth.png"))
        #expect(throws: ImagingError(.depthInvalid, file: "page-3.depth.png", "depth map is 8-bit; expected 16-bit millimetres")) {
            try DepthMap.load(path: folder.file("page-3.depth.png"))
        }
    }

    @Test func intrinsicsScaleToTheDepthResolution() {
        let photo = CameraIntrinsics(fx: 1500, fy: 1500, cx: 959.5, cy: 719.5, width: 1920, height: 1440)
        let depth = photo.scaled(toWidth: 256, height: 192)
        #expect(abs(depth.fx - 200) < 1e-9)
        #expect(abs(depth.cx - 127.5) < 1e-9)
        #expect(abs(depth.cy - 95.5) < 1e-9)
    }

    @Test func malformedCameraJSONNamesTheField() {
        #expect(FileManager.default.createFile(atPath: folder.file("a.camera.json"), contents: Data(#"{"fx": 1, "fy": 1, "cx": 0}"#.utf8)))
        do {
            _ = try CameraIntrinsics.load(path: folder.file("a.camera.json"))
            Issue.record("incomplete camera.json must fail")
        } catch {
            #expect(error.kind == .cameraInvalid)
            #expect(error.message.contains("cy"))
        }
    }
}
