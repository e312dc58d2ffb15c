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

    /// Loads `NAME.depth.png`: a single-channel 16-bit PNG holding millimetres.
    public static func load(path: String, maxPixels: Int = 20_000_000) throws(ImagingError) -> DepthMap {
        let name = PNGFile.fileName(path)
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

    /// Writes the map as a 16-bit PNG in millimetres (values rounded, clamped to 0…65535).
    public func writePNG(to path: String) throws(ImagingError) {
        let samples = millimetres.map { UInt16(max(0, min(65535, $0.rounded()))) }
        try PNGFile.write(path: path, samples: samples, width: width, height: height, channels: 1, bitDepth: 16)
    }
}
