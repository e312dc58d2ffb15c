import DecantTestSupport
import Foundation
import Imaging
import Testing
@testable import PhoneFormats

@Suite("HEIC as an iPhone writes it: write, then read back")
struct HEICWriterTests {
    @Test("the photo keeps its size and the disparity reads back within 8-bit quantization")
    func roundTrip() throws {
        let depth = Fixture.depth()
        let bytes = try HEICDepthWriter.encode(photo: Fixture.photo(), depth: depth, intrinsics: Fixture.camera())
        let photo = try PhonePhotoReader.read(bytes: bytes, name: "round.heic")
        #expect(photo.container == .heic)
        #expect(photo.raster.width == 96 && photo.raster.height == 64)
        let read = try #require(photo.depth)
        #expect(read.width == 48 && read.height == 32)
        #expect(read.source == .heifAuxiliaryImage)
        #expect(read.encoding.kind == .appleDisparity)
        #expect(read.scale == .metres)
        // Half a step of 8-bit disparity over 1/0.62…1/0.3 m, at the far end: under 0.5 %.
        #expect(Fixture.worstRelativeError(depth, read) < 0.005)
        #expect(photo.intrinsics?.source == .appleIntrinsicMatrix)
        let camera = try #require(photo.intrinsics?.camera)
        #expect(abs(camera.fx - 80) < 1e-3 && abs(camera.cx - 50) < 1e-3 && abs(camera.cy - 30) < 1e-3)
        #expect(photo.warnings.isEmpty, "\(photo.warnings)")
    }
}
