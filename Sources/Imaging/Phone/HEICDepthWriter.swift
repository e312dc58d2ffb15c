import Foundation

/// Writes a HEIC the way an iPhone does for a portrait photo, for the test corpus (`decant synth
/// --format heic`): an HEVC primary image, an 8-bit disparity auxiliary image
/// (`urn:mpeg:hevc:2015:auxid:2`) with its depth representation SEI in `auxC`, Apple's depth XMP
/// (`apdi:`, `depthData:IntrinsicMatrix`) as a `mime` item linked to it by `cdsc`, and EXIF.
///
/// libheif 1.15's encoder cannot attach an auxiliary image (its API has no call for it), so libheif
/// and x265 code each image into a HEIF of its own, and the file is assembled here around the coded
/// bytes and their property boxes.
public enum HEICDepthWriter {
    public struct Options: Sendable {
        /// x265 quality of the photo (0–100).
        public var quality: Int = 90
        /// Stored with irot so that a reader shows it this way up (the photo and depth passed in are
        /// upright); `.up`, `.right`, `.down`, `.left`.
        public var orientation: Raster.Orientation = .up
        /// Apple's `depthData:Accuracy`: "absolute" or "relative".
        public var accuracy = "absolute"
        /// The auxiliary type URN of the depth item.
        public var depthType = "urn:mpeg:hevc:2015:auxid:2"
        /// Code the disparity losslessly (x265 lossless), so a round trip differs by quantization only.
        public var losslessDepth = true
        /// Write Apple's depth XMP item; without it a reader has only the depth representation SEI.
        public var appleDepthXMP = true
        /// An `apdi:AuxiliaryImageSubType` (e.g. "portraiteffectsmatte"): the item is then a matte that
        /// borrows the depth type, as iPhones label their mattes, and must not be read as depth.
        public var auxiliaryImageSubType: String?
        public init() {}
    }

    public static func encode(photo: Raster, depth: DepthMap, intrinsics: CameraIntrinsics,
                              options: Options = Options()) throws(ImagingError) -> [UInt8] {
        let name = "(HEIC writer)"
        guard [.up, .right, .down, .left].contains(options.orientation) else {
            throw ImagingError(.unsupportedFormat, file: name, "HEIC writer stores rotations only, not mirrored orientations")
        }
        let range = try DepthQuantizer.range(depth, name: name)
        // Disparity in 1/m, 8 bits over [1/far, 1/near], as Apple stores it; holes take the far end.
        let floatMin = 1 / range.far, floatMax = 1 / range.near
        let levels = depth.millimetres.map { mm -> UInt8 in
            guard mm > 0, mm.isFinite else { return 0 }
            let d = 1000 / Double(mm)
            return UInt8(max(0, min(255, ((d - floatMin) / (floatMax - floatMin) * 255).rounded())))
        }
        // Pixels are stored turned back; irot turns them upright again for the reader.
        let back = Orientations.inverse(options.orientation)
        let storedPhoto = (photo.channels == 3 ? photo : Raster(width: photo.width, height: photo.height, channels: 3,
                                                                pixels: photo.pixels.flatMap { [$0, $0, $0] })).applying(back)
        let storedDepth = Raster(width: depth.width, height: depth.height, channels: 1, pixels: levels).applying(back)
        let storedCamera = PhotoIntrinsics.oriented(intrinsics.scaled(toWidth: photo.width, height: photo.height), by: back)

        let primary = try HEVCCodedImage.encode(storedPhoto, quality: options.quality, lossless: false, name: name)
        let disparity = try HEVCCodedImage.encode(storedDepth, quality: 100, lossless: options.losslessDepth, name: name)
        let dri = DepthRepresentationInfo(kind: .uniformDisparity, dMin: floatMin, dMax: floatMax)
        let xmp = options.appleDepthXMP
            ? appleDepthXMP(floatMin: floatMin, floatMax: floatMax, camera: storedCamera, accuracy: options.accuracy,
                            subType: options.auxiliaryImageSubType)
            : nil
        let exif = ExifBlock.tiff(orientation: options.orientation, focalLength35mm: ExifBlock.equivalentFocalLength(intrinsics))
        return assemble(primary: primary, depth: disparity, depthType: options.depthType, representation: dri, xmp: xmp,
                        exif: [0, 0, 0, 0] + exif, orientation: options.orientation)
    }

    public static func write(photo: Raster, depth: DepthMap, intrinsics: CameraIntrinsics, options: Options = Options(),
                             to path: String) throws(ImagingError) {
        let bytes = try encode(photo: photo, depth: depth, intrinsics: intrinsics, options: options)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw ImagingError(.unreadable, file: (path as NSString).lastPathComponent, "could not be written")
        }
    }

    static func appleDepthXMP(floatMin: Double, floatMax: Double, camera: CameraIntrinsics, accuracy: String,
                              subType: String?) -> [UInt8] {
        let matrix = [camera.fx, 0, 0, 0, camera.fy, 0, camera.cx, camera.cy, 1].map { "<rdf:li>\($0)</rdf:li>" }.joined()
        let text = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:apdi="\(XMPNamespace.apdi)" xmlns:depthData="\(XMPNamespace.depthData)">\
        <apdi:NativeFormat>1751411059</apdi:NativeFormat><apdi:StoredFormat>1278226488</apdi:StoredFormat>\
        <apdi:IntMinValue>0</apdi:IntMinValue><apdi:IntMaxValue>255</apdi:IntMaxValue>\
        <apdi:FloatMinValue>\(floatMin)</apdi:FloatMinValue><apdi:FloatMaxValue>\(floatMax)</apdi:FloatMaxValue>\
        <apdi:AuxiliaryImageType>disparity</apdi:AuxiliaryImageType>\
        \(subType.map { "<apdi:AuxiliaryImageSubType>\($0)</apdi:AuxiliaryImageSubType>" } ?? "")\
        <depthData:Accuracy>\(accuracy)</depthData:Accuracy><depthData:Filtered>True</depthData:Filtered>\
        <depthData:IntrinsicMatrix><rdf:Seq>\(matrix)</rdf:Seq></depthData:IntrinsicMatrix>\
        <depthData:IntrinsicMatrixReferenceWidth>\(camera.width)</depthData:IntrinsicMatrixReferenceWidth>\
        <depthData:IntrinsicMatrixReferenceHeight>\(camera.height)</depthData:IntrinsicMatrixReferenceHeight>\
        </rdf:Description></rdf:RDF></x:xmpmeta>
        """
        return Array(text.utf8)
    }

    /// ftyp, meta (hdlr, pitm, iinf, iref, iprp, iloc) and mdat. Items: 1 photo, 2 depth (hidden,
    /// `auxl` to 1), 4 EXIF (`cdsc` to 1), and 3 depth XMP (`cdsc` to 2) when there is one.
    static func assemble(primary: HEVCCodedImage, depth: HEVCCodedImage, depthType: String, representation: DepthRepresentationInfo,
                         xmp: [UInt8]?, exif: [UInt8], orientation: Raster.Orientation) -> [UInt8] {
        var properties: [(bytes: [UInt8], essential: Bool)] = []
        func add(_ list: [HEVCCodedImage.Property]) -> [Int] {
            list.map { p in properties.append((p.bytes, p.essential || ["clap", "irot", "imir"].contains(p.type))); return properties.count }
        }
        var irot: [Int] = []
        let turns: Int
        switch orientation {
        case .left: turns = 1
        case .down: turns = 2
        case .right: turns = 3
        default: turns = 0
        }
        var auxC = BoxWriter()
        auxC.box("auxC", fullBox: (0, 0)) { $0.cString(depthType); $0.append(representation.auxSubtype()) }
        let primaryProperties = add(primary.properties)
        var depthProperties = add(depth.properties)
        properties.append((auxC.bytes, false))
        depthProperties.append(properties.count)
        if turns != 0 {
            var w = BoxWriter()
            w.box("irot") { $0.u8(turns) }
            properties.append((w.bytes, true))
            irot = [properties.count]
        }
        let payloads: [(id: Int, data: [UInt8])] = [(1, primary.data), (2, depth.data), (4, exif)] + (xmp.map { [(3, $0)] } ?? [])

        func meta(mdatDataStart: Int) -> [UInt8] {
            var w = BoxWriter()
            w.box("meta", fullBox: (0, 0)) { m in
                m.box("hdlr", fullBox: (0, 0)) { $0.u32(0); $0.fourCC("pict"); $0.u32(0); $0.u32(0); $0.u32(0); $0.cString("") }
                m.box("pitm", fullBox: (0, 0)) { $0.u16(1) }
                m.box("iinf", fullBox: (0, 0)) { i in
                    i.u16(payloads.count)
                    i.box("infe", fullBox: (2, 0)) { $0.u16(1); $0.u16(0); $0.fourCC("hvc1"); $0.cString("") }
                    i.box("infe", fullBox: (2, 1)) { $0.u16(2); $0.u16(0); $0.fourCC("hvc1"); $0.cString("") }
                    i.box("infe", fullBox: (2, 0)) { $0.u16(4); $0.u16(0); $0.fourCC("Exif"); $0.cString("") }
                    if xmp != nil {
                        i.box("infe", fullBox: (2, 0)) { $0.u16(3); $0.u16(0); $0.fourCC("mime"); $0.cString(""); $0.cString("application/rdf+xml") }
                    }
                }
                m.box("iref", fullBox: (0, 0)) { r in
                    r.box("auxl") { $0.u16(2); $0.u16(1); $0.u16(1) }
                    if xmp != nil { r.box("cdsc") { $0.u16(3); $0.u16(1); $0.u16(2) } }
                    r.box("cdsc") { $0.u16(4); $0.u16(1); $0.u16(1) }
                }
                m.box("iprp") { p in
                    p.box("ipco") { c in for property in properties { c.append(property.bytes) } }
                    p.box("ipma", fullBox: (0, 0)) { a in
                        a.u32(2)
                        for (id, list) in [(1, primaryProperties + irot), (2, depthProperties + irot)] {
                            a.u16(id); a.u8(list.count)
                            for index in list { a.u8((properties[index - 1].essential ? 0x80 : 0) | index) }
                        }
                    }
                }
                m.box("iloc", fullBox: (0, 0)) { l in
                    l.u8(0x44); l.u8(0x00)  // 4-byte offsets and lengths, no base offset
                    l.u16(payloads.count)
                    var offset = mdatDataStart
                    for payload in payloads {
                        l.u16(payload.id); l.u16(0); l.u16(1); l.u32(offset); l.u32(payload.data.count)
                        offset += payload.data.count
                    }
                }
            }
            return w.bytes
        }
        var ftyp = BoxWriter()
        ftyp.box("ftyp") { $0.fourCC("heic"); $0.u32(0); $0.fourCC("mif1"); $0.fourCC("heic") }
        // The meta box's size does not depend on the offsets it records (fixed-width fields).
        let metaSize = meta(mdatDataStart: 0).count
        let dataStart = ftyp.bytes.count + metaSize + 8
        var mdat = BoxWriter()
        mdat.box("mdat") { m in for payload in payloads { m.append(payload.data) } }
        return ftyp.bytes + meta(mdatDataStart: dataStart) + mdat.bytes
    }
}
