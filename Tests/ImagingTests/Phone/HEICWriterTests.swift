import CHeif
import DecantTestSupport
import Foundation
import Testing
@testable import Imaging

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
        #expect(Fixture.unexpected(photo.warnings).isEmpty, "\(photo.warnings)")
    }

    @Test("irot is applied to the photo by libheif and to the depth, and the intrinsics follow",
          arguments: [Raster.Orientation.right, .down, .left])
    func rotation(orientation: Raster.Orientation) throws {
        var options = HEICDepthWriter.Options()
        options.orientation = orientation
        let depth = Fixture.depth()
        let bytes = try HEICDepthWriter.encode(photo: Fixture.photo(), depth: depth, intrinsics: Fixture.camera(), options: options)
        let photo = try PhonePhotoReader.read(bytes: bytes, name: "turned.heic")
        #expect(photo.orientation == orientation)
        #expect(photo.orientationSource.hasPrefix("irot"))
        // EXIF is read from the HEIF and reported, not applied again.
        #expect(photo.exif?.orientation == orientation)
        // Upright again: red grows to the right, green downwards, as in the photo written.
        #expect(photo.raster.width == 96 && photo.raster.height == 64)
        #expect(Int(photo.raster[90, 32, 0]) > Int(photo.raster[5, 32, 0]) + 150)
        #expect(Int(photo.raster[48, 60, 1]) > Int(photo.raster[48, 3, 1]) + 150)
        let read = try #require(photo.depth)
        #expect(read.width == 48 && read.height == 32)
        #expect(Fixture.worstRelativeError(depth, read) < 0.005)
        let camera = try #require(photo.intrinsics?.camera)
        #expect(abs(camera.cx - 50) < 1e-6 && abs(camera.cy - 30) < 1e-6 && camera.width == 96)
    }

    @Test("without Apple's XMP the depth representation SEI converts it; the MPEG-B depth type is read from auxC")
    func representationOnly() throws {
        var options = HEICDepthWriter.Options()
        options.appleDepthXMP = false
        options.depthType = "urn:mpeg:mpegB:cicp:systems:auxiliary:depth"
        let depth = Fixture.depth()
        let bytes = try HEICDepthWriter.encode(photo: Fixture.photo(), depth: depth, intrinsics: Fixture.camera(), options: options)
        let photo = try PhonePhotoReader.read(bytes: bytes, name: "sei.heic")
        let read = try #require(photo.depth)
        #expect(read.encoding.kind == .uniformDisparity)
        // Disparity without Apple's units is only relative; here d_min/d_max were written in 1/m.
        #expect(read.scale == .relative)
        #expect(Fixture.worstRelativeError(depth, read) < 0.005)
        // No intrinsic matrix: the EXIF 35 mm-equivalent focal length the writer put there.
        #expect(photo.intrinsics?.source == .exifFocalLength35mm)
    }

    @Test("a gain map or a matte with the depth type is not depth")
    func notDepth() throws {
        var gainMap = HEICDepthWriter.Options()
        gainMap.depthType = "urn:com:apple:photo:2020:aux:hdrgainmap"
        var matte = HEICDepthWriter.Options()
        matte.auxiliaryImageSubType = "portraiteffectsmatte"
        for options in [gainMap, matte] {
            let bytes = try HEICDepthWriter.encode(photo: Fixture.photo(), depth: Fixture.depth(), intrinsics: Fixture.camera(), options: options)
            let photo = try PhonePhotoReader.read(bytes: bytes, name: "aux.heic")
            #expect(photo.depth == nil)
            #expect(photo.raster.width == 96)
        }
    }

    @Test("a depth map of another aspect ratio than the photo is dropped with a warning naming the file")
    func otherAspect() throws {
        let square = DepthMap(width: 40, height: 40, millimetres: [Float](repeating: 500, count: 1600))
        let bytes = try HEICDepthWriter.encode(photo: Fixture.photo(), depth: square, intrinsics: Fixture.camera())
        let photo = try PhonePhotoReader.read(bytes: bytes, name: "square.heic")
        #expect(photo.depth == nil)
        #expect(photo.warnings.contains { $0.hasPrefix("square.heic:") && $0.contains("aspect") })
    }

    @Test("a depth item that does not decode leaves the photo readable, with a warning")
    func brokenDepthItem() throws {
        var bytes = try HEICDepthWriter.encode(photo: Fixture.photo(), depth: Fixture.depth(), intrinsics: Fixture.camera())
        let structure = try #require(HEIFStructure.parse(bytes))
        let extent = try #require(structure.locations[2]?.extents.first)
        // Zero the depth item's coded bytes: no NAL unit is left for the decoder.
        for i in extent.offset..<(extent.offset + extent.length) { bytes[i] = 0 }
        let photo = try PhonePhotoReader.read(bytes: bytes, name: "broken.heic")
        #expect(photo.raster.width == 96 && photo.raster.height == 64)
        #expect(photo.depth == nil)
        #expect(photo.warnings.contains { $0.hasPrefix("broken.heic:") && $0.contains("without depth") }, "\(photo.warnings)")
    }

    @Test("a truncated HEIC is an error naming the file")
    func truncated() throws {
        let bytes = try HEICDepthWriter.encode(photo: Fixture.photo(), depth: Fixture.depth(), intrinsics: Fixture.camera())
        let error = #expect(throws: ImagingError.self) {
            _ = try PhonePhotoReader.read(bytes: Array(bytes.prefix(300)), name: "cut.heic")
        }
        #expect(error?.file == "cut.heic")
    }

    @Test("the pixel limit refuses the photo before decoding it")
    func pixelLimit() throws {
        let bytes = try HEICDepthWriter.encode(photo: Fixture.photo(), depth: Fixture.depth(), intrinsics: Fixture.camera())
        let error = #expect(throws: ImagingError.self) {
            _ = try PhonePhotoReader.read(bytes: bytes, name: "big.heic", limits: ImageLimits(maxPixels: 1000))
        }
        #expect(error?.kind == .tooLarge && error?.message.contains("96x64") == true)
    }

    /// A HEIF of plain images coded by libheif (HEVC or AV1), no depth.
    static func plainHEIF(_ rasters: [Raster], format: heif_compression_format, name: String) throws -> [UInt8] {
        let context = try HeifContext.empty(name: name)
        for raster in rasters {
            var created: OpaquePointer?
            _ = heif_image_create(Int32(raster.width), Int32(raster.height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &created)
            let image = HeifImage(taking: try #require(created))
            _ = heif_image_add_plane(image.pointer, heif_channel_interleaved, Int32(raster.width), Int32(raster.height), 8)
            var stride: Int32 = 0
            let plane = try #require(heif_image_get_plane(image.pointer, heif_channel_interleaved, &stride))
            for y in 0..<raster.height {
                for x in 0..<(raster.width * 3) { plane[y * Int(stride) + x] = raster.pixels[y * raster.width * 3 + x] }
            }
            let encoder = try HeifEncoder(context: context, format: format, name: name)
            let options = try HeifEncodingOptions(name: name)
            #expect(heif_context_encode_image(context.pointer, image.pointer, encoder.pointer, options.pointer, nil).code == heif_error_Ok)
        }
        return try context.write(name: name)
    }

    @Test("a HEIF with two top-level images says so, reads the primary one, and claims no depth")
    func twoImages() throws {
        let bytes = try Self.plainHEIF([Fixture.photo(), Fixture.photo(width: 32, height: 32)], format: heif_compression_HEVC, name: "two.heic")
        let photo = try PhonePhotoReader.read(bytes: bytes, name: "two.heic")
        #expect(photo.topLevelImages == 2)
        #expect(photo.warnings.contains { $0.contains("primary one of 2") })
        #expect(photo.raster.width == 96 && photo.raster.height == 64)
        #expect(photo.depth == nil)
    }

    @Test("an AVIF decodes through libheif (dav1d or aom) at its size, and claims no depth")
    func avif() throws {
        let bytes = try Self.plainHEIF([Fixture.photo()], format: heif_compression_AV1, name: "photo.avif")
        let photo = try PhonePhotoReader.read(bytes: bytes, name: "photo.avif")
        #expect(photo.container == .avif)
        #expect(photo.raster.width == 96 && photo.raster.height == 64)
        #expect(Int(photo.raster[90, 32, 0]) > Int(photo.raster[5, 32, 0]) + 150)
        #expect(photo.depth == nil)
    }
}
