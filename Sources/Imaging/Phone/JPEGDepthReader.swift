import Foundation

/// Finds the depth map inside a JPEG: an Android Dynamic Depth container item, an iPhone MPF image
/// with Apple's depth XMP, or Google's GDepth XMP, tried in that order (a Pixel file may carry both
/// Dynamic Depth and a legacy GDepth copy; the newer one is the fuller). The map is returned as
/// stored; the caller aligns it with the photo.
enum JPEGDepthReader {
    struct Found: Sendable {
        var depth: EmbeddedDepth?
        /// Intrinsics as the file gives them, for its stored pixels (not yet oriented or scaled).
        var camera: CameraIntrinsics?
        var cameraSource: PhotoIntrinsics.Source?
        var warnings: [String] = []
    }

    static func read(_ bytes: [UInt8], name: String, maxPixels: Int) -> Found {
        let segments = JPEGSegments(bytes)
        var found = Found()
        var xmpPackets: [[UInt8]] = []
        if let standard = segments.standardXMP(in: bytes) { xmpPackets.append(standard) }
        let standardDocument = XMPDocument(packets: xmpPackets)
        if let guid = standardDocument.value(XMPNamespace.xmpNote, "HasExtendedXMP")?.trimmingCharacters(in: .whitespaces),
           !guid.isEmpty {
            if let extended = ExtendedXMP.reassemble(guid: guid, segments: segments, in: bytes) {
                found.warnings += extended.problems.map { "\(name): \($0)" }
                xmpPackets.append(extended.packet)
            } else {
                found.warnings.append("\(name): XMP names extended XMP \(guid) but no segment carries it")
            }
        }
        let xmp = xmpPackets.count > 1 ? XMPDocument(packets: xmpPackets) : standardDocument
        found.warnings += xmp.problems.map { "\(name): \($0)" }

        typealias Attempt = (depth: EmbeddedDepth?, camera: CameraIntrinsics?, source: PhotoIntrinsics.Source?, problems: [String])
        let attempts: [() -> Attempt?] = [
            { dynamicDepth(bytes, segments: segments, xmp: xmp, maxPixels: maxPixels) },
            { appleMPF(bytes, segments: segments, maxPixels: maxPixels) },
            { googleDepth(xmp, maxPixels: maxPixels) },
        ]
        for attempt in attempts {
            guard let result = attempt() else { continue }
            found.warnings += result.problems.map { "\(name): \($0)" }
            if found.camera == nil, let camera = result.camera { found.camera = camera; found.cameraSource = result.source }
            if let depth = result.depth {
                found.depth = depth
                found.depth?.warnings = depth.warnings.map { "\(name): \($0)" }
                break
            }
        }
        return found
    }

    /// An embedded depth from decoded samples, or the reason there is none.
    static func make(_ decoded: Result<DepthImageDecoder.Samples, DepthImageDecoder.Failure>, encoding: (Int) -> DepthEncoding,
                     unitFactor: Double, scale: DepthScale, measure: DepthMeasure, source: DepthSource,
                     location: String) -> (EmbeddedDepth?, [String]) {
        let samples: DepthImageDecoder.Samples
        switch decoded {
        case .success(let s): samples = s
        case .failure(let f): return (nil, ["\(location): \(f.message); the photo is read without depth"])
        }
        let enc = encoding(samples.bitDepth)
        guard var values = enc.convert(samples.samples) else {
            return (nil, ["\(location): \(enc.problem ?? "parameters cannot be used"); the photo is read without depth"])
        }
        if unitFactor != 1 { values = values.map { $0 * Float(unitFactor) } }
        let depth = EmbeddedDepth(width: samples.width, height: samples.height, values: values, raw: samples.samples,
                                  scale: scale, measure: measure, source: source, location: location, encoding: enc,
                                  orientation: .up, warnings: samples.warnings)
        return (depth, [])
    }

    private static func dynamicDepth(_ bytes: [UInt8], segments: JPEGSegments, xmp: XMPDocument,
                                     maxPixels: Int) -> (depth: EmbeddedDepth?, camera: CameraIntrinsics?, source: PhotoIntrinsics.Source?, problems: [String])? {
        guard let dd = DynamicDepthXMP(xmp) else { return nil }
        var problems: [String] = []
        let chosen = dd.cameras.first { ($0.depthMap.itemSemantic ?? "Depth").lowercased() != "segmentation" }
        var camera: CameraIntrinsics?
        if let model = chosen?.imagingModel {
            let (c, problem) = model.camera()
            camera = c
            if let problem { problems.append(problem) }
        }
        let uri = chosen?.depthMap.depthURI ?? ""
        var hit: (items: [DynamicDepthXMP.ContainerItem], index: Int)?
        for items in dd.directories {
            if !uri.isEmpty, let i = items.firstIndex(where: { $0.uri == uri }) { hit = (items, i); break }
        }
        if hit == nil {
            for items in dd.directories {
                if let i = items.firstIndex(where: { $0.semantic.lowercased() == "depth" }) { hit = (items, i); break }
            }
        }
        guard let (items, index) = hit else {
            if chosen != nil {
                problems.append("Dynamic Depth describes a depth map\(uri.isEmpty ? "" : " (\(uri))") but its container directory lists no such item")
            }
            return (nil, camera, camera == nil ? nil : .dynamicDepthImagingModel, problems)
        }
        let location = "Dynamic Depth container item \(index + 1) of \(items.count) (\(items[index].mime.isEmpty ? "no MIME type" : items[index].mime))"
        guard index > 0, let range = ContainerLayout.locate(items, index: index, in: bytes, primaryEnd: segments.end) else {
            problems.append("\(location) is not where the directory's lengths and paddings put it (no JPEG or PNG there); the photo is read without depth")
            return (nil, camera, camera == nil ? nil : .dynamicDepthImagingModel, problems)
        }
        let itemBytes = Array(bytes[range])
        var info = chosen?.depthMap ?? DynamicDepthXMP.DepthMapInfo()
        if info.near == nil || info.far == nil {
            // Without Device:Cameras, the depth image's own XMP may carry the parameters.
            let own = JPEGSegments(itemBytes)
            let ownXMP = XMPDocument(packets: own.standardXMP(in: itemBytes).map { [$0] } ?? [])
            if let g = GoogleDepthXMP(ownXMP), g.near != nil {
                info = .init(format: g.format, near: g.near, far: g.far, units: g.units, measureType: g.measureType,
                             itemSemantic: "Depth", depthURI: uri)
            } else if let other = DynamicDepthXMP(ownXMP)?.cameras.first?.depthMap, other.near != nil {
                info = other
            } else {
                problems.append("\(location) has no DepthMap Near/Far to convert it with; the photo is read without depth")
                return (nil, camera, camera == nil ? nil : .dynamicDepthImagingModel, problems)
            }
        }
        let unit = DynamicDepthXMP.unit(info.units)
        let (depth, more) = make(DepthImageDecoder.decode(itemBytes, maxPixels: maxPixels), encoding: { bits in
            var labels = ["Format": info.format ?? "RangeInverse"]
            if let u = info.units { labels["Units"] = u }
            if let m = info.measureType { labels["MeasureType"] = m }
            return DepthEncoding(kind: GoogleDepthXMP.kind(info.format), bitDepth: bits,
                                 parameters: ["Near": info.near ?? .nan, "Far": info.far ?? .nan], labels: labels)
        }, unitFactor: unit.metresPerUnit, scale: unit.scale, measure: GoogleDepthXMP.measure(info.measureType),
           source: .dynamicDepthItem, location: location)
        return (depth, camera, camera == nil ? nil : .dynamicDepthImagingModel, problems + more)
    }

    private static func appleMPF(_ bytes: [UInt8], segments: JPEGSegments,
                                 maxPixels: Int) -> (depth: EmbeddedDepth?, camera: CameraIntrinsics?, source: PhotoIntrinsics.Source?, problems: [String])? {
        guard let index = MPFIndex(segments: segments, in: bytes) else { return nil }
        var problems: [String] = []
        for (k, entry) in index.entries.enumerated().dropFirst() {
            let location = "MPF image \(k + 1) of \(index.entries.count)"
            guard entry.offset > 0, entry.size > 0, entry.offset + entry.size <= bytes.count,
                  ContainerLayout.startsLikeImage(bytes, at: entry.offset) else {
                problems.append("\(location) lies outside the file or is not a JPEG (offset \(entry.offset), \(entry.size) bytes)")
                continue
            }
            let image = Array(bytes[entry.offset..<(entry.offset + entry.size)])
            let own = JPEGSegments(image)
            let xmp = XMPDocument(packets: own.standardXMP(in: image).map { [$0] } ?? [])
            // Gain maps (Apple HDRGainMap, Ultra HDR hdrgm) and mattes carry no depth type; skip them.
            guard let apple = AppleDepthXMP(xmp), apple.isDepth else { continue }
            let (camera, cameraProblem) = apple.camera()
            if let cameraProblem { problems.append("\(location): \(cameraProblem)") }
            let (depth, more) = make(DepthImageDecoder.decode(image, maxPixels: maxPixels), encoding: { apple.encoding(bitDepth: $0) },
                                     unitFactor: 1, scale: apple.scale, measure: .opticalAxis, source: .appleMPFImage,
                                     location: "\(location) (Apple \(apple.auxiliaryType ?? "depth"))")
            return (depth, camera, camera == nil ? nil : .appleIntrinsicMatrix, problems + more)
        }
        return problems.isEmpty ? nil : (nil, nil, nil, problems)
    }

    private static func googleDepth(_ xmp: XMPDocument,
                                    maxPixels: Int) -> (depth: EmbeddedDepth?, camera: CameraIntrinsics?, source: PhotoIntrinsics.Source?, problems: [String])? {
        guard let g = GoogleDepthXMP(xmp) else { return nil }
        let location = "GDepth XMP (\(g.mime ?? "no MIME type"))"
        guard let text = g.data, !text.isEmpty else {
            return (nil, nil, nil, ["\(location) has no GDepth:Data (its extended XMP is missing); the photo is read without depth"])
        }
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
            return (nil, nil, nil, ["\(location): GDepth:Data is not valid base64; the photo is read without depth"])
        }
        let unit = g.unit
        let (depth, problems) = make(DepthImageDecoder.decode([UInt8](data), maxPixels: maxPixels), encoding: { g.encoding(bitDepth: $0) },
                                     unitFactor: unit.metresPerUnit, scale: unit.scale, measure: GoogleDepthXMP.measure(g.measureType),
                                     source: .googleDepthXMP, location: location)
        return (depth, nil, nil, problems)
    }
}
