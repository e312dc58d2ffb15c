import Foundation
import Testing
@testable import Imaging

/// iPhone portrait JPEGs (MPF images with Apple XMP) and Google GDepth files, built here from
/// made-up maps: the layouts of the real files in data/phone-depth, at a size a test can hold.
enum JPEGBuilder {
    static func xmpSegment(_ text: String) -> [UInt8] {
        JPEGSegmentWriter.segment(marker: 0xE1, JPEGSegments.xmpSignature + Array(text.utf8))
    }

    static func appleXMP(type: String, subType: String? = nil, floatMin: Double, floatMax: Double, reference: (Int, Int)?) -> String {
        let camera = reference.map { w, h in
            "<depthData:IntrinsicMatrix><rdf:Seq><rdf:li>80</rdf:li><rdf:li>0</rdf:li><rdf:li>0</rdf:li><rdf:li>0</rdf:li>"
                + "<rdf:li>80</rdf:li><rdf:li>0</rdf:li><rdf:li>50</rdf:li><rdf:li>30</rdf:li><rdf:li>1</rdf:li></rdf:Seq></depthData:IntrinsicMatrix>"
                + "<depthData:IntrinsicMatrixReferenceWidth>\(w)</depthData:IntrinsicMatrixReferenceWidth>"
                + "<depthData:IntrinsicMatrixReferenceHeight>\(h)</depthData:IntrinsicMatrixReferenceHeight>"
        } ?? ""
        return """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:apdi="http://ns.apple.com/pixeldatainfo/1.0/" xmlns:depthData="http://ns.apple.com/depthData/1.0/">\
        <apdi:AuxiliaryImageType>\(type)</apdi:AuxiliaryImageType>\
        \(subType.map { "<apdi:AuxiliaryImageSubType>\($0)</apdi:AuxiliaryImageSubType>" } ?? "")\
        <apdi:IntMinValue>0</apdi:IntMinValue><apdi:IntMaxValue>255</apdi:IntMaxValue>\
        <apdi:FloatMinValue>\(floatMin)</apdi:FloatMinValue><apdi:FloatMaxValue>\(floatMax)</apdi:FloatMaxValue>\
        <depthData:Accuracy>relative</depthData:Accuracy>\(camera)</rdf:Description></rdf:RDF></x:xmpmeta>
        """
    }

    /// The 8-bit disparity levels Apple would store for a map, and its range in 1/m.
    static func disparity(_ depth: DepthMap) -> (levels: Raster, floatMin: Double, floatMax: Double) {
        let valid = depth.millimetres.filter { $0 > 0 }
        let floatMin = 1000 / Double(valid.max()!), floatMax = 1000 / Double(valid.min()!)
        let levels = depth.millimetres.map { mm -> UInt8 in
            UInt8(((1000 / Double(mm) - floatMin) / (floatMax - floatMin) * 255).rounded())
        }
        return (Raster(width: depth.width, height: depth.height, channels: 1, pixels: levels), floatMin, floatMax)
    }

    /// A primary JPEG with an MPF index listing `extras` (each a JPEG) appended after it.
    static func mpf(primary photo: Raster, extras: [[UInt8]]) throws -> [UInt8] {
        let primary = [UInt8](try JPEGFile.encode(photo, quality: 90))
        let at = JPEGSegmentWriter.insertionPoint(primary)
        let probe = MPFIndex.payload(sizes: Array(repeating: 0, count: extras.count + 1), types: Array(repeating: 0, count: extras.count + 1),
                                     segmentStart: 0, firstImageEnd: 0)
        let primarySize = primary.count + probe.count + 4
        let payload = MPFIndex.payload(sizes: [primarySize] + extras.map(\.count), types: [0x030000] + extras.map { _ in 0 },
                                       segmentStart: at, firstImageEnd: primarySize)
        let withIndex = Array(primary[..<at]) + JPEGSegmentWriter.segment(marker: 0xE2, payload) + Array(primary[at...])
        return withIndex + extras.flatMap { $0 }
    }

    static func jpeg(_ raster: Raster, xmp: String) throws -> [UInt8] {
        JPEGSegmentWriter.inserting(xmpSegment(xmp), into: [UInt8](try JPEGFile.encode(raster, quality: 100)))
    }

    /// A GDepth JPEG: standard XMP with Format/Near/Far/Mime, the base64 PNG in extended XMP.
    static func gdepth(photo: Raster, png: [UInt8], near: Double, far: Double, units: String?, chunkSize: Int,
                       shuffle: Bool = false, strayChunk: Bool = false) throws -> [UInt8] {
        let extended = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:GDepth="http://ns.google.com/photos/1.0/depthmap/" \
        GDepth:Data="\(Data(png).base64EncodedString())"/></rdf:RDF></x:xmpmeta>
        """
        let split = ExtendedXMP.segments(for: Array(extended.utf8), chunkSize: chunkSize)
        var chunks = split.segments
        if shuffle { chunks.reverse() }
        if strayChunk {
            chunks.insert(ExtendedXMP.segments(for: Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)).segments[0], at: 1)
        }
        let standard = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:GDepth="http://ns.google.com/photos/1.0/depthmap/" xmlns:xmpNote="http://ns.adobe.com/xmp/note/" \
        GDepth:Format="RangeInverse" GDepth:Near="\(near)" GDepth:Far="\(far)" GDepth:Mime="image/png"\
        \(units.map { " GDepth:Units=\"\($0)\"" } ?? "") xmpNote:HasExtendedXMP="\(split.guid)"/></rdf:RDF></x:xmpmeta>
        """
        return JPEGSegmentWriter.inserting(xmpSegment(standard) + chunks.flatMap { $0 }, into: [UInt8](try JPEGFile.encode(photo, quality: 90)))
    }
}

@Suite("iPhone portrait JPEG (MPF) and Google GDepth")
struct AppleAndGDepthTests {
    @Test("the MPF disparity image is read, the portrait matte beside it is not")
    func iPhoneMPF() throws {
        let depth = Fixture.depth()
        let (levels, floatMin, floatMax) = JPEGBuilder.disparity(depth)
        let disparity = try JPEGBuilder.jpeg(levels, xmp: JPEGBuilder.appleXMP(type: "disparity", floatMin: floatMin, floatMax: floatMax,
                                                                                reference: (96, 64)))
        let matte = try JPEGBuilder.jpeg(Raster(width: 48, height: 32, channels: 1, fill: 255),
                                         xmp: JPEGBuilder.appleXMP(type: "depth", subType: "portraiteffectsmatte", floatMin: 0, floatMax: 1,
                                                                   reference: nil))
        // The matte first: order must not decide.
        let bytes = try JPEGBuilder.mpf(primary: Fixture.photo(), extras: [matte, disparity])
        let photo = try PhonePhotoReader.read(bytes: bytes, name: "iphone.jpg")
        let read = try #require(photo.depth, "\(photo.warnings)")
        #expect(read.source == .appleMPFImage)
        #expect(read.location.hasPrefix("MPF image 3 of 3"))
        #expect(read.scale == .relativeMetres)
        // JPEG at quality 100 may move a level by one: 1/255 of the disparity range.
        #expect(Fixture.worstRelativeError(depth, read) < 0.01)
        #expect(photo.intrinsics?.source == .appleIntrinsicMatrix)
        #expect(abs((photo.intrinsics?.camera.cx ?? 0) - 50) < 1e-6)

        let matteOnly = try PhonePhotoReader.read(bytes: try JPEGBuilder.mpf(primary: Fixture.photo(), extras: [matte]), name: "matte.jpg")
        #expect(matteOnly.depth == nil)
    }

    @Test("an intrinsic matrix with a reference size of 0 is refused with a warning; the depth stays")
    func zeroReference() throws {
        let depth = Fixture.depth()
        let (levels, floatMin, floatMax) = JPEGBuilder.disparity(depth)
        let disparity = try JPEGBuilder.jpeg(levels, xmp: JPEGBuilder.appleXMP(type: "disparity", floatMin: floatMin, floatMax: floatMax,
                                                                                reference: (0, 0)))
        let photo = try PhonePhotoReader.read(bytes: try JPEGBuilder.mpf(primary: Fixture.photo(), extras: [disparity]), name: "zero.jpg")
        #expect(photo.depth != nil)
        #expect(photo.intrinsics?.source != .appleIntrinsicMatrix)
        #expect(photo.warnings.contains { $0.hasPrefix("zero.jpg:") && $0.contains("ReferenceWidth") }, "\(photo.warnings)")
    }

    @Test("GDepth's PNG is reassembled from extended XMP chunks in any order, beside another GUID's chunk",
          arguments: [(false, false), (true, true)])
    func gdepth(shuffle: Bool, stray: Bool) throws {
        let depth = Fixture.depth()
        let near = 0.3, far = 0.62
        let levels = depth.millimetres.map { mm -> UInt8 in
            let d = Double(mm) / 1000
            return UInt8((far * (d - near) / (d * (far - near)) * 255).rounded())
        }
        let png = [UInt8](try DepthPNG.encode8(Raster(width: 48, height: 32, channels: 1, pixels: levels)))
        let bytes = try JPEGBuilder.gdepth(photo: Fixture.photo(), png: png, near: near, far: far, units: "m", chunkSize: 1000,
                                           shuffle: shuffle, strayChunk: stray)
        let photo = try PhonePhotoReader.read(bytes: bytes, name: "lensblur.jpg")
        let read = try #require(photo.depth, "\(photo.warnings)")
        #expect(read.source == .googleDepthXMP)
        #expect(read.scale == .metres)
        #expect(Fixture.worstRelativeError(depth, read) < 0.01)
        #expect(Fixture.unexpected(photo.warnings).isEmpty, "\(photo.warnings)")
    }

    @Test("GDepth without Units is relative (Lens Blur's Near/Far are not metres)")
    func gdepthRelative() throws {
        let png = [UInt8](try DepthPNG.encode8(Raster(width: 48, height: 32, channels: 1, fill: 128)))
        let bytes = try JPEGBuilder.gdepth(photo: Fixture.photo(), png: png, near: 12.4, far: 390.5, units: nil, chunkSize: 65000)
        let read = try #require(try PhonePhotoReader.read(bytes: bytes, name: "lb.jpg").depth)
        #expect(read.scale == .relative)
        // dn = 128/255 with RangeInverse: far·near/(far − dn(far − near)).
        let dn = 128.0 / 255
        #expect(abs(Double(read[0, 0]) - 390.5 * 12.4 / (390.5 - dn * (390.5 - 12.4))) < 1e-3)
    }

    @Test("a damaged extended XMP chunk is reported against its MD5, and the photo still reads")
    func damagedChunk() throws {
        let png = [UInt8](try DepthPNG.encode8(Raster(width: 48, height: 32, channels: 1, fill: 100)))
        var bytes = try JPEGBuilder.gdepth(photo: Fixture.photo(), png: png, near: 0.3, far: 0.6, units: "m", chunkSize: 100)
        // Flip one letter inside the second chunk's data (after its 40-byte header).
        let chunks = JPEGSegments(bytes).payloads(marker: 0xE1, signature: JPEGSegments.extendedXMPSignature, in: bytes)
        try #require(chunks.count >= 2)
        let at = chunks[1].lowerBound + 60
        bytes[at] = bytes[at] == 0x41 ? 0x42 : 0x41
        let photo = try PhonePhotoReader.read(bytes: bytes, name: "md5.jpg")
        #expect(photo.raster.width == 96)
        #expect(photo.warnings.contains { $0.hasPrefix("md5.jpg:") && $0.contains("MD5") }, "\(photo.warnings)")
    }
}
