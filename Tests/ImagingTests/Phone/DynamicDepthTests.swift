import Foundation
import Testing
@testable import Imaging

@Suite("Android Dynamic Depth JPEG: each layout met in the wild, written then read")
struct DynamicDepthTests {
    static func options(_ change: (inout DynamicDepthJPEGWriter.Options) -> Void) -> DynamicDepthJPEGWriter.Options {
        var o = DynamicDepthJPEGWriter.Options()
        change(&o)
        return o
    }

    static let layouts: [(String, DynamicDepthJPEGWriter.Options)] = [
        ("16-bit PNG, RangeInverse, Device:Container", options { _ in }),
        ("8-bit JPEG, RangeLinear", options { $0.depthImage = .jpeg8; $0.format = "RangeLinear" }),
        ("GContainer directory with an Ultra HDR gain map in MPF and padding",
         options { $0.directory = .gContainer; $0.gainMap = true; $0.padding = 7 }),
        ("padding counted inside Item:Length", options { $0.padding = 5; $0.paddingInsideLength = true }),
        ("description in extended XMP, 8-bit JPEG items", options { $0.extendedXMP = true; $0.depthImage = .jpeg8 }),
        ("no confidence item, gain map before the depth", options { $0.confidence = false; $0.gainMap = true }),
    ]

    @Test("the photo keeps its size and the depth reads back within quantization", arguments: layouts.indices)
    func roundTrip(layout: Int) throws {
        let (label, options) = Self.layouts[layout]
        let depth = Fixture.depth(holes: true)
        let bytes = try DynamicDepthJPEGWriter.encode(photo: Fixture.photo(), depth: depth, intrinsics: Fixture.camera(), options: options)
        let photo = try PhonePhotoReader.read(bytes: bytes, name: "pixel.jpg")
        #expect(photo.raster.width == 96 && photo.raster.height == 64, "\(label)")
        let read = try #require(photo.depth, "\(label): \(photo.warnings)")
        #expect(read.source == .dynamicDepthItem)
        #expect(read.width == 48 && read.height == 32)
        #expect(read.scale == .metres)
        // 16 bits: 1e-4; 8-bit RangeLinear over 0.3…0.62 m: half a step is 0.2 % of the far end; JPEG adds a level or two.
        let bound = options.depthImage == .png16 ? 1e-3 : 0.02
        #expect(Fixture.worstRelativeError(depth, read) < bound, "\(label)")
        #expect(photo.intrinsics?.source == .dynamicDepthImagingModel)
        #expect(abs((photo.intrinsics?.camera.fx ?? 0) - 80) < 1e-6)
        #expect(Fixture.unexpected(photo.warnings).isEmpty, "\(label): \(photo.warnings)")
    }

    @Test("Diopters are not metres: the map is relative and DepthMap gets a nominal scale")
    func diopters() throws {
        let bytes = try DynamicDepthJPEGWriter.encode(photo: Fixture.photo(), depth: Fixture.depth(), intrinsics: Fixture.camera(),
                                                      options: Self.options { $0.units = "Diopters" })
        let read = try #require(try PhonePhotoReader.read(bytes: bytes, name: "p4.jpg").depth)
        #expect(read.scale == .relative)
        let conversion = read.depthMap(nominalMedianMillimetres: 400)
        #expect(conversion.nominalScale)
        let valid = conversion.map.millimetres.filter { $0 > 0 }.sorted()
        #expect(abs(valid[valid.count / 2] - 400) < 0.01)
    }

    @Test("XMP that lies (Near not below Far, a NaN) leaves the photo readable without depth, with a warning",
          arguments: [("DepthMap:Near=\"0.3\"", "DepthMap:Near=\"9.9\""), ("DepthMap:Far=\"0.62\"", "DepthMap:Far=\"nan\" ")])
    func lyingXMP(original: String, lie: String) throws {
        let bytes = try DynamicDepthJPEGWriter.encode(photo: Fixture.photo(), depth: Fixture.depth(), intrinsics: Fixture.camera())
        let patched = try #require(Self.replacing(original, with: lie, in: bytes))
        let photo = try PhonePhotoReader.read(bytes: patched, name: "lie.jpg")
        #expect(photo.raster.width == 96)
        #expect(photo.depth == nil)
        #expect(photo.warnings.contains { $0.hasPrefix("lie.jpg:") && $0.contains("without depth") }, "\(photo.warnings)")
    }

    @Test("a depth item cut short by a truncated file gives a warning, not a crash")
    func truncatedItem() throws {
        let bytes = try DynamicDepthJPEGWriter.encode(photo: Fixture.photo(), depth: Fixture.depth(), intrinsics: Fixture.camera(),
                                                      options: Self.options { $0.confidence = false })
        let photo = try PhonePhotoReader.read(bytes: Array(bytes.dropLast(200)), name: "cut.jpg")
        #expect(photo.depth == nil)
        #expect(photo.warnings.contains { $0.hasPrefix("cut.jpg:") }, "\(photo.warnings)")
    }

    @Test("EXIF orientation turns the depth with the photo, and the intrinsics with both")
    func exifOrientation() throws {
        // Store the photo and depth turned back, as a phone held upright stores them, and say 6.
        let upright = Fixture.photo(), depth = Fixture.depth()
        let stored = upright.applying(.left)
        let storedDepth = EmbeddedDepthTests.rotate(depth, by: .left)
        let storedCamera = PhotoIntrinsics.oriented(Fixture.camera(), by: .left)
        let file = try DynamicDepthJPEGWriter.encode(photo: stored, depth: storedDepth, intrinsics: storedCamera)
        let exif = ExifBlock.tiff(orientation: .right, focalLength35mm: nil)
        let bytes = JPEGSegmentWriter.inserting(JPEGSegmentWriter.segment(marker: 0xE1, JPEGSegments.exifSignature + exif), into: file)
        let photo = try PhonePhotoReader.read(bytes: bytes, name: "upright.jpg")
        #expect(photo.orientation == .right)
        #expect(photo.raster.width == 96 && photo.raster.height == 64)
        let read = try #require(photo.depth)
        #expect(read.width == 48 && read.height == 32 && read.orientation == .right)
        #expect(Fixture.worstRelativeError(depth, read) < 1e-3)
        let camera = try #require(photo.intrinsics?.camera)
        #expect(abs(camera.cx - 50) < 1e-6 && abs(camera.cy - 30) < 1e-6)
    }

    /// The bytes with one occurrence of `original` replaced by `replacement` of the same length
    /// (segment lengths stay right).
    static func replacing(_ original: String, with replacement: String, in bytes: [UInt8]) -> [UInt8]? {
        let a = Array(original.utf8), b = Array(replacement.utf8)
        guard a.count == b.count, bytes.count >= a.count else { return nil }
        for i in 0...(bytes.count - a.count) where bytes[i] == a[0] && Array(bytes[i..<(i + a.count)]) == a {
            var out = bytes
            out.replaceSubrange(i..<(i + a.count), with: b)
            return out
        }
        return nil
    }
}
