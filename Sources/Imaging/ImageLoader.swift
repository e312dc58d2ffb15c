internal import CLeptonica
import Foundation

/// Decodes any supported photo into an upright Raster, refusing bad files with a message that names them.
public enum ImageLoader {
    /// `grayscale`: the caller reads only gray (the pipeline's flatteners convert at once), so the
    /// photo is converted as it is decoded (JPEG: row by row, never whole in colour) or at once
    /// after: a third of the memory (a 35 MP scan: 35 MB instead of 104). The same luma the
    /// flatteners would compute (`Raster.grayscale`), so the result is the same to the pixel.
    /// `chroma`: also keep the photo's colour, reduced (`Chroma`), for the depth path's page outline.
    public static func load(path: String, limits: ImageLimits = .default, grayscale: Bool = false,
                            chroma: Bool = false) throws(ImagingError) -> LoadedImage {
        let name = (path as NSString).lastPathComponent
        let bytes = try readBytes(path: path, limit: limits.maxFileBytes)
        return try decode(bytes, name: name, limits: limits, grayscale: grayscale, chroma: chroma)
    }

    /// Reads a whole file, with errors that say why it could not be read.
    public static func readBytes(path: String, limit: Int) throws(ImagingError) -> [UInt8] {
        let name = (path as NSString).lastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImagingError(.unreadable, file: name, "file not found (or a broken link)")
        }
        if isDirectory.boolValue { throw ImagingError(.unreadable, file: name, "is a folder, not an image") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ImagingError(.unreadable, file: name, "permission denied")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > limit {
            throw ImagingError(.tooLarge, file: name, "file is \(size / (1 << 20)) MiB, above the limit of \(limit / (1 << 20)) MiB")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImagingError(.unreadable, file: name, "could not be read")
        }
        if data.isEmpty { throw ImagingError(.empty, file: name, "file is empty (0 bytes)") }
        return [UInt8](data)
    }

    /// Below this many pixels on its shorter side an image is read but warned about: a page of
    /// print photographed that small leaves letters a few pixels tall, which no OCR reads, and a
    /// batch that quietly yields nothing for it would look like a failure of the reader.
    public static let smallestReadableSide = 300

    public static func decode(_ bytes: [UInt8], name: String, limits: ImageLimits = .default,
                              grayscale: Bool = false, chroma: Bool = false) throws(ImagingError) -> LoadedImage {
        // HEIC/AVIF through libheif, upright by irot/imir (the reader gives the small-photo notice itself).
        if ImageFormat.detect(bytes)?.isHEIF == true || PhonePhotoReader.isHEIF(bytes) {
            return try PhonePhotoReader.read(bytes: bytes, name: name, limits: limits, grayscale: grayscale, readDepth: false,
                                             chroma: chroma ? .always : .never).loadedImage
        }
        var image = try decodeImage(bytes, name: name, limits: limits, grayscale: grayscale, chroma: chroma)
        let w = image.raster.width, h = image.raster.height
        if min(w, h) < smallestReadableSide {
            image.warnings.append("\(name): only \(w)x\(h) pixels; print this small is unlikely to be read "
                                  + "(a page needs \(smallestReadableSide) px or more on its shorter side)")
        }
        return image
    }

    private static func decodeImage(_ bytes: [UInt8], name: String, limits: ImageLimits,
                                    grayscale: Bool, chroma: Bool) throws(ImagingError) -> LoadedImage {
        Leptonica.configure()
        guard let format = ImageFormat.detect(bytes) else {
            throw ImagingError(.unsupportedFormat, file: name,
                               "not a recognized image (expected PNG, JPEG, TIFF, WebP, BMP, PNM, HEIC or AVIF)")
        }
        // Header first: refuse decompression bombs before leptonica allocates the pixels.
        var format32: Int32 = 0, w: Int32 = 0, h: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, cmap: Int32 = 0
        let headerStatus = bytes.withUnsafeBufferPointer { buf in
            pixReadHeaderMem(buf.baseAddress, buf.count, &format32, &w, &h, &bps, &spp, &cmap)
        }
        guard headerStatus == 0, w > 0, h > 0 else {
            throw ImagingError(.corrupt, file: name, "\(format.rawValue.uppercased()) header is damaged or truncated")
        }
        if Int(w) * Int(h) > limits.maxPixels {
            throw ImagingError(.tooLarge, file: name,
                               "declares \(w)x\(h) pixels, above the limit of \(limits.maxPixels) (--max-pixels)")
        }
        if format == .png {
            // libpng through our own shim: full 16-bit range and no messages printed on damaged files.
            let png = try PNGFile.decode(bytes, name: name, maxPixels: limits.maxPixels)
            let raster = png.raster()
            return LoadedImage(raster: grayscale ? raster.grayscale() : raster, format: .png, exif: nil, declaredPPI: nil,
                               chroma: chroma ? raster.chroma() : nil)
        }
        if format == .jpeg {
            let jpeg = try JPEGDecoder.decode(bytes, name: name, maxPixels: limits.maxPixels, grayscale: grayscale,
                                              chromaReduction: chroma ? Chroma.defaultReduction : nil)
            var raster = jpeg.raster
            var colour = jpeg.chroma
            let exif = ExifInfo.read(from: bytes)
            if let orientation = exif?.orientation, orientation != .up {
                raster = raster.applying(orientation)
                colour = colour?.applying(orientation)
            }
            return LoadedImage(raster: raster, format: .jpeg, exif: exif, declaredPPI: nil,
                               warnings: jpeg.warning.map { ["\(name): \($0)"] } ?? [], chroma: colour)
        }
        let decoded = bytes.withUnsafeBufferPointer { buf in Pix(taking: pixReadMem(buf.baseAddress, buf.count)) }
        guard let pix = decoded else {
            throw ImagingError(.corrupt, file: name, "\(format.rawValue.uppercased()) data is damaged or truncated")
        }
        let flattened = try flattenAlpha(pix, name: name)
        let full = flattened.raster()
        var raster = grayscale ? full.grayscale() : full
        var colour = chroma ? full.chroma() : nil
        let exif = ExifInfo.read(from: bytes)
        if let orientation = exif?.orientation, orientation != .up {
            raster = raster.applying(orientation)
            colour = colour?.applying(orientation)
        }
        let xres = Int(pixGetXRes(pix.pointer))
        return LoadedImage(raster: raster, format: format, exif: exif,
                           declaredPPI: (70...2400).contains(xres) ? xres : nil, chroma: colour)
    }

    /// Images with an alpha channel are composited over white, as a page would look printed.
    private static func flattenAlpha(_ pix: Pix, name: String) throws(ImagingError) -> Pix {
        guard pix.depth == 32, pixGetSpp(pix.pointer) == 4 else { return pix }
        guard let blended = Pix(taking: pixAlphaBlendUniform(pix.pointer, 0xFFFFFF00)) else {
            throw ImagingError(.corrupt, file: name, "could not composite the alpha channel")
        }
        return blended
    }
}
