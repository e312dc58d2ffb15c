import Foundation

/// Writes an Android Dynamic Depth 1.0 JPEG for the test corpus (`decant synth --format
/// jpeg-dynamic-depth`): the primary JPEG with the XMP description (Device profiles, camera with
/// DepthMap and ImagingModel, container directory) and the depth and confidence images appended.
/// The options reproduce the layouts met in the wild, so readers can be tested on each.
public enum DynamicDepthJPEGWriter {
    public enum DepthImage: String, Sendable { case png16, jpeg8 }
    public enum Directory: String, Sendable {
        /// `Device:Container` with `Item:DataURI`s, as the specification writes it.
        case dynamicDepth
        /// The GContainer directory (`Item:Semantic`) of Ultra HDR and recent Pixels, with the depth
        /// parameters in `Device:Cameras`.
        case gContainer
    }

    public struct Options: Sendable {
        public var quality = 90
        public var depthImage = DepthImage.png16
        public var format = "RangeInverse"
        public var units = "Meters"
        public var directory = Directory.dynamicDepth
        /// Zero bytes after each appended item, declared as `Item:Padding`.
        public var padding = 0
        /// Count the padding inside `Item:Length` (Android's library) rather than after it.
        public var paddingInsideLength = false
        /// Add an Ultra HDR gain map: a second JPEG listed in MPF and first in the directory.
        public var gainMap = false
        /// Put the description in extended XMP (the standard XMP then only names its GUID).
        public var extendedXMP = false
        public var confidence = true
        public init() {}
    }

    public static func encode(photo: Raster, depth: DepthMap, intrinsics: CameraIntrinsics,
                              options: Options = Options()) throws(ImagingError) -> [UInt8] {
        let name = "(Dynamic Depth writer)"
        let range = try DepthQuantizer.range(depth, name: name)
        let inverse = options.format.lowercased() != "rangelinear"
        let top = options.depthImage == .png16 ? 65535.0 : 255.0
        let levels = depth.millimetres.map { mm -> Int in
            // Holes take the far end; the confidence map marks them 0.
            let d = mm > 0 && mm.isFinite ? Double(mm) / 1000 : range.far
            let dn = inverse ? range.far * (d - range.near) / (d * (range.far - range.near)) : (d - range.near) / (range.far - range.near)
            return Int((max(0, min(1, dn)) * top).rounded())
        }
        let depthBytes = try image(levels, width: depth.width, height: depth.height, options: options, name: name)
        let confidenceBytes = options.confidence
            ? try image(depth.millimetres.map { $0 > 0 && $0.isFinite ? Int(top) : 0 }, width: depth.width, height: depth.height,
                        options: options, name: name)
            : nil
        let gainMapBytes = options.gainMap ? try gainMapJPEG(width: max(8, photo.width / 4), height: max(8, photo.height / 4), name: name) : nil
        let mime = options.depthImage == .png16 ? "image/png" : "image/jpeg"
        var items: [(mime: String, semantic: String, uri: String, bytes: [UInt8])] = []
        if let gainMapBytes { items.append(("image/jpeg", "GainMap", "android/gainmap", gainMapBytes)) }
        items.append((mime, "Depth", "android/depthmap", depthBytes))
        if let confidenceBytes { items.append((mime, "Confidence", "android/confidencemap", confidenceBytes)) }

        let camera = intrinsics.scaled(toWidth: photo.width, height: photo.height)
        let xmp = description(items: items.map { ($0.mime, $0.semantic, $0.uri, $0.bytes.count) }, near: range.near, far: range.far,
                              camera: camera, options: options)
        var segments: [UInt8] = []
        if options.extendedXMP {
            let extended = ExtendedXMP.segments(for: xmp)
            let standard = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description rdf:about="" xmlns:xmpNote="\(XMPNamespace.xmpNote)" xmpNote:HasExtendedXMP="\(extended.guid)"/>\
            </rdf:RDF></x:xmpmeta>
            """
            segments = JPEGSegmentWriter.segment(marker: 0xE1, JPEGSegments.xmpSignature + Array(standard.utf8)) + extended.segments.flatMap { $0 }
        } else {
            segments = JPEGSegmentWriter.segment(marker: 0xE1, JPEGSegments.xmpSignature + xmp)
        }
        var primary = JPEGSegmentWriter.inserting(segments, into: [UInt8](try JPEGFile.encode(photo, quality: options.quality)))
        if let gainMapBytes {
            // MPF sits in the primary, so its size is known before the offsets it records.
            let at = JPEGSegmentWriter.insertionPoint(primary)
            let mpfLength = MPFIndex.payload(sizes: [0, 0], types: [0x030000, 0], segmentStart: 0, firstImageEnd: 0).count + 4
            let primarySize = primary.count + mpfLength
            let payload = MPFIndex.payload(sizes: [primarySize, gainMapBytes.count], types: [0x030000, 0], segmentStart: at,
                                           firstImageEnd: primarySize + options.padding)
            primary = Array(primary[..<at]) + JPEGSegmentWriter.segment(marker: 0xE2, payload) + Array(primary[at...])
        }
        var file = primary + [UInt8](repeating: 0, count: options.padding)
        for item in items { file += item.bytes + [UInt8](repeating: 0, count: options.padding) }
        return file
    }

    public static func write(photo: Raster, depth: DepthMap, intrinsics: CameraIntrinsics, options: Options = Options(),
                             to path: String) throws(ImagingError) {
        let bytes = try encode(photo: photo, depth: depth, intrinsics: intrinsics, options: options)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw ImagingError(.unreadable, file: (path as NSString).lastPathComponent, "could not be written")
        }
    }

    /// 16-bit gray PNG or 8-bit gray JPEG of the levels.
    private static func image(_ levels: [Int], width: Int, height: Int, options: Options, name: String) throws(ImagingError) -> [UInt8] {
        if options.depthImage == .jpeg8 {
            return [UInt8](try JPEGFile.encode(Raster(width: width, height: height, channels: 1, pixels: levels.map { UInt8($0) }),
                                               quality: 95))
        }
        return try DepthPNG.encode16(levels, width: width, height: height, name: name)
    }

    /// A gray JPEG with Ultra HDR's gain map XMP: it must be skipped by depth readers.
    private static func gainMapJPEG(width: Int, height: Int, name: String) throws(ImagingError) -> [UInt8] {
        let jpeg = [UInt8](try JPEGFile.encode(Raster(width: width, height: height, channels: 1, fill: 128), quality: 80))
        let xmp = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" hdrgm:Version="1.0" \
        hdrgm:GainMapMax="2.0" hdrgm:HDRCapacityMax="2.0"/></rdf:RDF></x:xmpmeta>
        """
        return JPEGSegmentWriter.inserting(JPEGSegmentWriter.segment(marker: 0xE1, JPEGSegments.xmpSignature + Array(xmp.utf8)), into: jpeg)
    }

    static func description(items: [(mime: String, semantic: String, uri: String, length: Int)], near: Double, far: Double,
                            camera: CameraIntrinsics, options: Options) -> [UInt8] {
        let padding = options.padding
        func itemLength(_ length: Int) -> Int { options.paddingInsideLength ? length + padding : length }
        let paddingAttribute = padding > 0 ? " Item:Padding=\"\(padding)\"" : ""
        let depthMap = """
        <Camera:DepthMap DepthMap:ItemSemantic="Depth" DepthMap:Format="\(options.format)" DepthMap:Near="\(near)" \
        DepthMap:Far="\(far)" DepthMap:Units="\(options.units)" DepthMap:MeasureType="OpticalAxis" DepthMap:DepthURI="android/depthmap"\
        \(options.confidence ? " DepthMap:ConfidenceURI=\"android/confidencemap\"" : "")/>
        """
        let model = """
        <Camera:ImagingModel ImagingModel:FocalLengthX="\(camera.fx)" ImagingModel:FocalLengthY="\(camera.fy)" \
        ImagingModel:PrincipalPointX="\(camera.cx)" ImagingModel:PrincipalPointY="\(camera.cy)" \
        ImagingModel:ImageWidth="\(camera.width)" ImagingModel:ImageHeight="\(camera.height)" \
        ImagingModel:PixelAspectRatio="1" ImagingModel:Skew="0"/>
        """
        let cameras = """
        <Device:Profiles><rdf:Seq><rdf:li rdf:parseType="Resource"><Device:Profile Profile:Type="DepthPhoto">\
        <Profile:CameraIndices><rdf:Seq><rdf:li>0</rdf:li></rdf:Seq></Profile:CameraIndices></Device:Profile></rdf:li></rdf:Seq></Device:Profiles>\
        <Device:Cameras><rdf:Seq><rdf:li rdf:parseType="Resource"><Device:Camera rdf:parseType="Resource">\
        <Camera:Trait>Physical</Camera:Trait><Camera:Image Image:ItemSemantic="Primary" Image:ItemURI="primary_image"/>\
        \(depthMap)\(model)</Device:Camera></rdf:li></rdf:Seq></Device:Cameras>
        """
        var directory = ""
        switch options.directory {
        case .dynamicDepth:
            directory = "<Device:Container><Container:Directory><rdf:Seq>"
                + "<rdf:li rdf:parseType=\"Resource\"><Container:Item Item:Mime=\"image/jpeg\" Item:Length=\"0\"\(paddingAttribute) Item:DataURI=\"primary_image\"/></rdf:li>"
                + items.map { "<rdf:li rdf:parseType=\"Resource\"><Container:Item Item:Mime=\"\($0.mime)\" Item:Length=\"\(itemLength($0.length))\"\(paddingAttribute) Item:DataURI=\"\($0.uri)\"/></rdf:li>" }.joined()
                + "</rdf:Seq></Container:Directory></Device:Container>"
        case .gContainer:
            directory = "<GContainer:Directory><rdf:Seq>"
                + "<rdf:li rdf:parseType=\"Resource\"><GContainer:Item GItem:Semantic=\"Primary\" GItem:Mime=\"image/jpeg\"\(paddingAttribute.replacingOccurrences(of: "Item:", with: "GItem:"))/></rdf:li>"
                + items.map { "<rdf:li rdf:parseType=\"Resource\"><GContainer:Item GItem:Semantic=\"\($0.semantic)\" GItem:Mime=\"\($0.mime)\" GItem:Length=\"\(itemLength($0.length))\"\(paddingAttribute.replacingOccurrences(of: "Item:", with: "GItem:"))/></rdf:li>" }.joined()
                + "</rdf:Seq></GContainer:Directory>"
        }
        let text = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:Device="\(XMPNamespace.device)" xmlns:Container="\(XMPNamespace.ddContainer)" \
        xmlns:Item="\(XMPNamespace.ddItem)" xmlns:GContainer="\(XMPNamespace.gContainer)" xmlns:GItem="\(XMPNamespace.gItem)" \
        xmlns:Profile="http://ns.google.com/photos/dd/1.0/profile/" xmlns:Camera="\(XMPNamespace.camera)" \
        xmlns:DepthMap="\(XMPNamespace.depthMap)" xmlns:Image="http://ns.google.com/photos/dd/1.0/image/" \
        xmlns:ImagingModel="\(XMPNamespace.imagingModel)" xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/"\
        \(options.gainMap ? " hdrgm:Version=\"1.0\"" : "")>\(cameras)\(directory)</rdf:Description></rdf:RDF></x:xmpmeta>
        """
        return Array(text.utf8)
    }
}
