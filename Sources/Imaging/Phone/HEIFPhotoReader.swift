internal import CHeif
import Foundation

/// Reads a HEIF file (HEIC, AVIF): the primary image with its transformations applied by libheif,
/// its EXIF, and the depth auxiliary image with Apple's depth XMP or the depth representation SEI.
enum HEIFPhotoReader {
    /// Auxiliary types that hold depth (HEVC's, AVC's, and MPEG-B's used by AVIF).
    static let depthTypes: Set<String> = ["urn:mpeg:hevc:2015:auxid:2", "urn:mpeg:avc:2015:auxid:2",
                                          "urn:mpeg:mpegB:cicp:systems:auxiliary:depth"]

    static func read(_ bytes: [UInt8], name: String, limits: ImageLimits, grayscale: Bool,
                     readDepth: Bool, chroma: PhonePhotoReader.ChromaWanted = .never) throws(ImagingError) -> PhonePhoto {
        let container = PhonePhotoReader.heifContainer(bytes) ?? .heif
        let context = try HeifContext.read(bytes, name: name)
        let structure = HEIFStructure.parse(bytes)
        var warnings: [String] = []
        let count = context.topLevelImageCount
        if count > 1 { warnings.append("\(name): holds \(count) top-level images; read the primary one of \(count)") }
        let primary = try context.primaryImage(name: name)
        guard primary.width > 0, primary.height > 0 else {
            throw ImagingError(.corrupt, file: name, "HEIF primary image declares no size")
        }
        if primary.width * primary.height > limits.maxPixels {
            throw ImagingError(.tooLarge, file: name,
                               "declares \(primary.width)x\(primary.height) pixels, above the limit of \(limits.maxPixels) (--max-pixels)")
        }
        let decoded = try primary.decode(colorspace: heif_colorspace_RGB,
                                         chroma: primary.hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB,
                                         reduceTo8Bits: true, name: name, what: "HEIF primary image")
        let raster = try decoded.raster(name: name)
        warnings += decoded.decodingWarnings.map { "\(name): HEIF data is damaged (\($0)); the image was read, parts may be garbled" }
        if min(raster.width, raster.height) < ImageLoader.smallestReadableSide {
            // The same notice ImageLoader gives other formats.
            warnings.append("\(name): only \(raster.width)x\(raster.height) pixels; print this small is unlikely to be read "
                            + "(a page needs \(ImageLoader.smallestReadableSide) px or more on its shorter side)")
        }

        let metadata = primary.metadata()
        let exif = metadata.first { $0.type == "Exif" }.flatMap { exifInfo($0.bytes) }
        let transforms = structure.map { HEIFTransform.transforms(of: primary.id, in: $0, bytes: bytes) } ?? []
        let orientation = HEIFTransform.combined(transforms)
        var photo = PhonePhoto(raster: raster, container: container, exif: exif, orientation: orientation,
                               orientationSource: transforms.isEmpty ? "none" : transforms.map(\.text).joined(separator: ", "),
                               topLevelImages: count, depth: nil, intrinsics: nil, warnings: warnings)
        guard readDepth else { return finish(photo, grayscale: grayscale, chroma: chroma) }
        var camera: (CameraIntrinsics, PhotoIntrinsics.Source)?
        for auxID in primary.auxiliaryImageIDs() {
            guard let aux = try? primary.auxiliaryImage(auxID, name: name), let type = aux.auxiliaryType,
                  depthTypes.contains(type) else { continue }
            let (depth, apple, problems) = readDepthItem(aux, type: type, primary: primary, structure: structure,
                                                        bytes: bytes, name: name, limits: limits)
            photo.warnings += problems
            if let apple {
                let (c, problem) = apple.camera()
                if camera == nil, let c { camera = (c, .appleIntrinsicMatrix) }
                if let problem { photo.warnings.append("\(name): \(problem)") }
            }
            guard var depth else { continue }
            // libheif applied the depth item's own transformations. One that has none, beside a photo
            // that has some, was stored like the photo's pixels: it gets the photo's turns too.
            let own = structure.map { HEIFTransform.transforms(of: auxID, in: $0, bytes: bytes) } ?? []
            if own.isEmpty, orientation != .up {
                depth = depth.applying(orientation)
                depth.warnings.append("\(name): the depth image has no transformation of its own; the photo's (\(photo.orientationSource)) was applied to it")
            }
            photo.depth = PhonePhotoReader.aligned(depth, with: raster, name: name, warnings: &photo.warnings)
            if photo.depth != nil { break }
        }
        if let (c, source) = camera {
            let (aligned, problem) = PhotoIntrinsics.align(c, orientation: orientation, photoWidth: raster.width, photoHeight: raster.height)
            if let aligned { photo.intrinsics = PhotoIntrinsics(camera: aligned, source: source) }
            if let problem { photo.warnings.append("\(name): \(problem)") }
        }
        if photo.intrinsics == nil { photo.intrinsics = PhotoIntrinsics.fromEXIF(exif, width: raster.width, height: raster.height) }
        return finish(photo, grayscale: grayscale, chroma: chroma)
    }

    /// The colour kept (reduced) when wanted, then the pixels made gray when asked: the same
    /// planes and luma ImageLoader gives a PNG of these pixels.
    private static func finish(_ photo: PhonePhoto, grayscale: Bool, chroma: PhonePhotoReader.ChromaWanted) -> PhonePhoto {
        var photo = photo
        if chroma == .always || (chroma == .withDepth && photo.depth != nil) { photo.chroma = photo.raster.chroma() }
        if grayscale { photo.raster = photo.raster.grayscale() }
        return photo
    }

    /// HEIF EXIF blocks start with a 4-byte offset to the TIFF header.
    static func exifInfo(_ block: [UInt8]) -> ExifInfo? {
        guard block.count > 8 else { return nil }
        let skip = 4 + Int(ISOBox.readUInt32(block, 0))
        guard skip >= 4, skip + 8 <= block.count else { return nil }
        return ExifInfo.read(from: Array(block[skip...]))
    }

    private static func readDepthItem(_ aux: HeifImageHandle, type: String, primary: HeifImageHandle, structure: HEIFStructure?,
                                      bytes: [UInt8], name: String,
                                      limits: ImageLimits) -> (EmbeddedDepth?, AppleDepthXMP?, [String]) {
        let location = "HEIF auxiliary image \(aux.id) (\(type))"
        let xmpBlocks = aux.metadata().filter { $0.type == "mime" || $0.contentType == "application/rdf+xml" }
        let xmp = XMPDocument(packets: xmpBlocks.map(\.bytes))
        let apple = AppleDepthXMP(xmp)
        var problems = xmp.problems.map { "\(name): \(location): \($0)" }
        if let apple, !apple.isDepth, apple.auxiliarySubType != nil {
            return (nil, nil, problems)  // a matte labelled with the depth type
        }
        guard aux.width * aux.height <= limits.maxPixels else {
            return (nil, apple, problems + ["\(name): \(location) declares \(aux.width)x\(aux.height) pixels, above the limit; the photo is read without depth"])
        }
        let samples: (width: Int, height: Int, bitDepth: Int, samples: [UInt16])
        do {
            let image = try aux.decode(colorspace: heif_colorspace_monochrome, chroma: heif_chroma_monochrome,
                                       reduceTo8Bits: false, name: name, what: location)
            samples = try image.graySamples(name: name)
            problems += image.decodingWarnings.map { "\(name): \(location) is damaged (\($0)); parts may be wrong" }
        } catch {
            return (nil, apple, problems + ["\(name): \(error.message); the photo is read without depth"])
        }
        let encoding: DepthEncoding
        var scale = DepthScale.metres
        if let apple, apple.floatMin != nil || apple.floatMax != nil {
            encoding = apple.encoding(bitDepth: samples.bitDepth)
            scale = apple.scale
        } else if let info = primary.depthRepresentation(of: aux.id) ?? auxCInfo(aux.id, structure: structure, bytes: bytes) {
            guard let e = representationEncoding(info, bitDepth: samples.bitDepth) else {
                return (nil, apple, problems + ["\(name): \(location) uses a non-uniform disparity curve, which is not supported; the photo is read without depth"])
            }
            encoding = e
            scale = info.kind == .uniformDisparity ? .relative : .metres
        } else {
            return (nil, apple, problems + ["\(name): \(location) has neither Apple depth XMP nor a depth representation to convert it with; the photo is read without depth"])
        }
        guard let values = encoding.convert(samples.samples) else {
            return (nil, apple, problems + ["\(name): \(location): \(encoding.problem ?? "unusable parameters"); the photo is read without depth"])
        }
        let depth = EmbeddedDepth(width: samples.width, height: samples.height, values: values, raw: samples.samples, scale: scale,
                                  measure: .opticalAxis, source: .heifAuxiliaryImage,
                                  location: location + (xmpBlocks.isEmpty ? "" : " with depth XMP item \(xmpBlocks[0].id)"),
                                  encoding: encoding, orientation: .up, warnings: [])
        return (depth, apple, problems)
    }

    /// The depth representation from the item's `auxC` box, for types libheif 1.15 does not parse.
    private static func auxCInfo(_ id: UInt32, structure: HEIFStructure?, bytes: [UInt8]) -> DepthRepresentationInfo? {
        guard let box = structure?.property("auxC", of: id) else { return nil }
        var c = ByteCursor(bytes, from: box.payload.lowerBound + 4, to: box.payload.upperBound)
        _ = c.cString()
        guard c.remaining > 0 else { return nil }
        return DepthRepresentationInfo.parse(auxSubtype: Array(bytes[c.position..<c.end]))
    }

    static func representationEncoding(_ info: DepthRepresentationInfo, bitDepth: Int) -> DepthEncoding? {
        var parameters: [String: Double] = [:]
        if let v = info.zNear { parameters["z_near"] = v }
        if let v = info.zFar { parameters["z_far"] = v }
        if let v = info.dMin { parameters["d_min"] = v }
        if let v = info.dMax { parameters["d_max"] = v }
        let kind: DepthEncoding.Kind
        switch info.kind {
        case .uniformDisparity: kind = .uniformDisparity
        case .uniformDepth: kind = .uniformDepth
        case .uniformInverseDepth: kind = .uniformInverseDepth
        case .nonuniformDisparity: return nil
        }
        return DepthEncoding(kind: kind, bitDepth: bitDepth, parameters: parameters,
                             labels: ["representation": "\(info.kind)", "Units": kind == .uniformDisparity ? "none (relative)" : "assumed metres"])
    }
}
