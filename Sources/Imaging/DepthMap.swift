import Foundation

/// Distances along the camera's optical axis, in millimetres; 0 marks a hole (no measurement).
/// Phone depth sensors deliver far fewer pixels than the photo, so the map keeps its own size.
public struct DepthMap: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var millimetres: [Float]

    public init(width: Int, height: Int, millimetres: [Float]) {
        precondition(millimetres.count == width * height)
        self.width = width
        self.height = height
        self.millimetres = millimetres
    }

    public subscript(x: Int, y: Int) -> Float { millimetres[y * width + x] }

    public var validCount: Int { millimetres.reduce(0) { $0 + ($1 > 0 ? 1 : 0) } }

    /// Loads a depth sidecar by its content: a single-channel 16-bit PNG in millimetres, a 32-bit
    /// float TIFF or PFM in metres (16-bit TIFF: millimetres). Non-finite or non-positive values are holes.
    public static func load(path: String, maxPixels: Int = 20_000_000) throws(ImagingError) -> DepthMap {
        let name = PNGFile.fileName(path)
        let bytes: [UInt8]
        do { bytes = try ImageLoader.readBytes(path: path, limit: max(1 << 20, maxPixels * 8)) } catch {
            throw ImagingError(.depthInvalid, file: name, "depth map could not be read (\(error.message))")
        }
        if bytes.count >= 2, bytes[0] == 0x50, bytes[1] == 0x66 || bytes[1] == 0x46 {
            return try PFMFile.decodeDepth(bytes, name: name, maxPixels: maxPixels)
        }
        switch ImageFormat.detect(bytes) {
        case .png: return try loadPNG(path: path, name: name, maxPixels: maxPixels)
        case .tiff: return try DepthTIFF.decodeDepth(bytes, name: name, maxPixels: maxPixels)
        case let other:
            throw ImagingError(.depthInvalid, file: name,
                               "depth map is \(other.map { $0.rawValue.uppercased() } ?? "not an image"); expected 16-bit PNG millimetres, 32-bit float TIFF or PFM metres")
        }
    }

    private static func loadPNG(path: String, name: String, maxPixels: Int) throws(ImagingError) -> DepthMap {
        let header: (width: Int, height: Int, bitDepth: Int, channels: Int)
        do { header = try PNGFile.readHeader(path: path) } catch {
            throw ImagingError(.depthInvalid, file: name, "depth map is not a readable PNG (\(error.message))")
        }
        guard header.bitDepth == 16 else {
            throw ImagingError(.depthInvalid, file: name, "depth map is \(header.bitDepth)-bit; expected 16-bit millimetres")
        }
        guard header.channels == 1 else {
            throw ImagingError(.depthInvalid, file: name, "depth map has \(header.channels) channels; expected 1 (gray, millimetres)")
        }
        let png: PNGFile.Image
        do { png = try PNGFile.read(path: path, maxPixels: maxPixels) } catch {
            throw ImagingError(.depthInvalid, file: name, "depth map could not be decoded (\(error.message))")
        }
        return DepthMap(width: png.width, height: png.height, millimetres: png.samples.map { Float($0) })
    }

    /// Metres to millimetres; NaN, infinities and non-positive values mark holes.
    static func millimetres(fromMetres m: Float) -> Float {
        guard m.isFinite, m > 0 else { return 0 }
        return m * 1000
    }

    /// Why this map cannot be laid over a photo of the given size, or nil when it can. The depth
    /// covers the photo's field of view at its own resolution, so only the aspect must agree
    /// (within 2 %, for sensors that crop a row or column), and it must hold enough pixels to fit a page.
    public func alignmentProblem(photoWidth: Int, photoHeight: Int) -> String? {
        guard width >= 8, height >= 8 else { return "depth map is \(width)x\(height); too small to fit a page (at least 8x8)" }
        let depthAspect = Double(width) / Double(height), photoAspect = Double(photoWidth) / Double(photoHeight)
        guard abs(depthAspect / photoAspect - 1) <= 0.02 else {
            return "depth map is \(width)x\(height) but the photo is \(photoWidth)x\(photoHeight): the aspect ratios differ, so the depth cannot be aligned with the photo"
        }
        return nil
    }

    /// Writes the map as a 32-bit float TIFF in metres (uncompressed; holes as 0).
    public func writeTIFF(to path: String) throws(ImagingError) {
        try Self.write(DepthTIFF.encodeDepth(self), to: path)
    }

    /// Writes the map as a one-channel PFM in metres (holes as 0).
    public func writePFM(to path: String) throws(ImagingError) {
        try Self.write(PFMFile.encodeDepth(self), to: path)
    }

    private static func write(_ bytes: [UInt8], to path: String) throws(ImagingError) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw ImagingError(.unreadable, file: PNGFile.fileName(path), "could not be written")
        }
    }

    /// Writes the map as a 16-bit PNG in millimetres (values rounded, clamped to 0…65535).
    public func writePNG(to path: String) throws(ImagingError) {
        let samples = millimetres.map { UInt16(max(0, min(65535, $0.rounded()))) }
        try PNGFile.write(path: path, samples: samples, width: width, height: height, channels: 1, bitDepth: 16)
    }
}
