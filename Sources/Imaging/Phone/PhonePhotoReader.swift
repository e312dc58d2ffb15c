internal import CHeif
import Foundation

/// Reads any photo Decant takes, HEIF included, with the depth map inside it when there is one.
/// JPEG and the other formats decode through Imaging's ImageLoader (the same pixels the pipeline
/// gets today); HEIF/AVIF through libheif.
public enum PhonePhotoReader {
    /// When to keep the photo's colour, reduced (`Chroma`), beside its pixels: the depth path finds
    /// the sheet's outline in colour too, and nothing else needs it.
    public enum ChromaWanted: Sendable {
        case never, always
        /// Only when depth inside the file was found and kept. A JPEG's depth is looked for before its
        /// photo is decoded, so the photo is still decoded once.
        case withDepth
    }

    /// `grayscale`: luma only, as ImageLoader's option. `readDepth`: also look for depth inside.
    public static func read(path: String, limits: ImageLimits = .default, grayscale: Bool = false,
                            readDepth: Bool = true, chroma: ChromaWanted = .never) throws(ImagingError) -> PhonePhoto {
        let name = (path as NSString).lastPathComponent
        let bytes = try ImageLoader.readBytes(path: path, limit: limits.maxFileBytes)
        return try read(bytes: bytes, name: name, limits: limits, grayscale: grayscale, readDepth: readDepth, chroma: chroma)
    }

    public static func read(bytes: [UInt8], name: String, limits: ImageLimits = .default, grayscale: Bool = false,
                            readDepth: Bool = true, chroma: ChromaWanted = .never) throws(ImagingError) -> PhonePhoto {
        if isHEIF(bytes) || ImageFormat.detect(bytes)?.isHEIF == true {
            return try HEIFPhotoReader.read(bytes, name: name, limits: limits, grayscale: grayscale, readDepth: readDepth, chroma: chroma)
        }
        // The JPEG's own depth is found from its segments, before and without decoding the photo.
        let isJPEG = ImageFormat.detect(bytes) == .jpeg
        let found = readDepth && isJPEG ? JPEGDepthReader.read(bytes, name: name, maxPixels: limits.maxPixels) : nil
        let colour = chroma == .always || (chroma == .withDepth && found?.depth != nil)
        let loaded = try ImageLoader.decode(bytes, name: name, limits: limits, grayscale: grayscale, chroma: colour)
        let orientation = loaded.format == .jpeg ? (loaded.exif?.orientation ?? .up) : .up
        var photo = PhonePhoto(raster: loaded.raster, container: PhotoContainer(rawValue: loaded.format.rawValue) ?? .jpeg,
                               exif: loaded.exif, orientation: orientation,
                               orientationSource: orientation == .up ? "none" : "EXIF Orientation \(orientation.rawValue)",
                               topLevelImages: 1, depth: nil, intrinsics: nil, warnings: loaded.warnings)
        photo.declaredPPI = loaded.declaredPPI
        photo.chroma = loaded.chroma
        if let found {
            photo.warnings += found.warnings
            if let depth = found.depth {
                // The depth image is stored like the primary's pixels: it takes the same EXIF turn.
                photo.depth = aligned(depth.applying(orientation), with: photo.raster, name: name, warnings: &photo.warnings)
                if photo.depth == nil, chroma == .withDepth { photo.chroma = nil }
            }
            if let camera = found.camera, let source = found.cameraSource {
                let (c, problem) = PhotoIntrinsics.align(camera, orientation: orientation, photoWidth: photo.raster.width,
                                                         photoHeight: photo.raster.height)
                if let c { photo.intrinsics = PhotoIntrinsics(camera: c, source: source) }
                if let problem { photo.warnings.append("\(name): \(problem)") }
            }
        }
        if photo.intrinsics == nil {
            photo.intrinsics = PhotoIntrinsics.fromEXIF(loaded.exif, width: photo.raster.width, height: photo.raster.height)
        }
        return photo
    }

    /// The search for depth in a JPEG's segments alone (the depth decoded when found), for
    /// `decant-bench load` to say what it adds to decoding the photo. True when depth was found.
    public static func depthSearch(_ bytes: [UInt8], name: String, limits: ImageLimits = .default) -> Bool {
        JPEGDepthReader.read(bytes, name: name, maxPixels: limits.maxPixels).depth != nil
    }

    /// Whether the bytes are a HEIF file libheif recognizes (HEIC, AVIF, other brands of the family).
    public static func isHEIF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 12, bytes[4] == 0x66, bytes[5] == 0x74, bytes[6] == 0x79, bytes[7] == 0x70 else { return false }
        let result = bytes.withUnsafeBufferPointer { heif_check_filetype($0.baseAddress, Int32(min($0.count, 1 << 20))) }
        return result == heif_filetype_yes_supported || result == heif_filetype_yes_unsupported
    }

    /// HEIC, AVIF or another HEIF, from libheif's reading of the brands.
    static func heifContainer(_ bytes: [UInt8]) -> PhotoContainer? {
        let mime = bytes.withUnsafeBufferPointer { heif_get_file_mime_type($0.baseAddress, Int32(min($0.count, 1 << 20))) }
        switch mime.map({ String(cString: $0) }) {
        case "image/heic", "image/heic-sequence": return .heic
        case "image/avif", "image/avif-sequence": return .avif
        case .some: return .heif
        case .none: return nil
        }
    }

    /// The depth if it covers the photo's field of view (same aspect within 2 %, as Imaging's
    /// DepthMap requires), else nil with a warning: a map of another shape belongs to another image.
    static func aligned(_ depth: EmbeddedDepth, with raster: Raster, name: String, warnings: inout [String]) -> EmbeddedDepth? {
        let map = DepthMap(width: depth.width, height: depth.height, millimetres: [Float](repeating: 0, count: depth.width * depth.height))
        if let problem = map.alignmentProblem(photoWidth: raster.width, photoHeight: raster.height) {
            warnings.append("\(name): \(depth.location): \(problem); the photo is read without depth")
            return nil
        }
        return depth
    }
}
