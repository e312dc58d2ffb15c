import DecantTestSupport
import Foundation
import Testing
@testable import Imaging

/// Depth sidecars in every accepted format read back as the same millimetres; holes stay holes.
@Suite struct DepthFormatTests {
    static let depth = DepthMap(width: 5, height: 3, millimetres: [0, 350, 351.5, 1000, 412, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0])
    let folder = TemporaryFolder("decant-imaging")

    @Test func floatTIFFInMetresRoundTrips() throws {
        try Self.depth.writeTIFF(to: folder.file("p.depth.tiff"))
        let read = try DepthMap.load(path: folder.file("p.depth.tiff"))
        #expect(read.width == 5 && read.height == 3)
        for (a, b) in zip(read.millimetres, Self.depth.millimetres) { #expect(abs(a - b) < 0.001) }
    }

    @Test func pfmInMetresRoundTripsBottomRowFirst() throws {
        try Self.depth.writePFM(to: folder.file("p.depth.pfm"))
        let bytes = try #require(FileManager.default.contents(atPath: folder.file("p.depth.pfm")))
        #expect(bytes.starts(with: Array("Pf\n5 3\n-1.0\n".utf8)))
        let read = try DepthMap.load(path: folder.file("p.depth.pfm"))
        for (a, b) in zip(read.millimetres, Self.depth.millimetres) { #expect(abs(a - b) < 0.001) }
    }

    @Test func nonFiniteAndNegativeMetresAreHoles() throws {
        var bytes = Array("Pf\n3 1\n-1.0\n".utf8)
        for v: Float in [.nan, -0.5, 0.42] {
            let b = v.bitPattern
            bytes += [UInt8(b & 0xFF), UInt8(b >> 8 & 0xFF), UInt8(b >> 16 & 0xFF), UInt8(b >> 24)]
        }
        #expect(FileManager.default.createFile(atPath: folder.file("h.depth.pfm"), contents: Data(bytes)))
        let read = try DepthMap.load(path: folder.file("h.depth.pfm"))
        #expect(read.millimetres == [0, 0, 420])
    }

    @Test func colourPFMAndCompressedTIFFSayWhatIsWrong() throws {
        #expect(FileManager.default.createFile(atPath: folder.file("c.depth.pfm"), contents: Data(Array("PF\n1 1\n-1.0\n".utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])))
        #expect(throws: ImagingError(.depthInvalid, file: "c.depth.pfm", "depth map is a 3-channel PFM; expected one channel (Pf) in metres")) {
            try DepthMap.load(path: folder.file("c.depth.pfm"))
        }
        var tiff = DepthTIFF.encodeDepth(Self.depth)
        // Compression tag (259) → 8 (Deflate): the fourth entry's value.
        let entry = 8 + 2 + 3 * 12
        #expect(tiff[entry] == 3 && tiff[entry + 1] == 1)
        tiff[entry + 8] = 8
        #expect(FileManager.default.createFile(atPath: folder.file("z.depth.tiff"), contents: Data(tiff)))
        do {
            _ = try DepthMap.load(path: folder.file("z.depth.tiff"))
            Issue.record("a compressed depth TIFF must be refused")
        } catch {
            #expect(error.kind == .depthInvalid && error.message.contains("compression 8"))
        }
    }

    @Test func alignmentWithThePhotoIsChecked() {
        let lidar = DepthMap(width: 192, height: 256, millimetres: [Float](repeating: 400, count: 192 * 256))
        #expect(lidar.alignmentProblem(photoWidth: 3024, photoHeight: 4032) == nil)
        #expect(lidar.alignmentProblem(photoWidth: 4032, photoHeight: 3024)?.contains("aspect ratios differ") == true)
        let tiny = DepthMap(width: 4, height: 3, millimetres: [Float](repeating: 400, count: 12))
        #expect(tiny.alignmentProblem(photoWidth: 400, photoHeight: 300)?.contains("too small") == true)
    }
}
