import Foundation

/// What `decant inspect FILE [--json]` shows about a photo: plain values, Codable for the JSON form,
/// with `text` for the terminal.
public struct PhotoDescription: Sendable, Equatable, Codable {
    public struct Depth: Sendable, Equatable, Codable {
        public var source: DepthSource
        public var location: String
        public var width: Int
        public var height: Int
        public var encoding: DepthEncoding
        public var scale: DepthScale
        public var measure: DepthMeasure
        /// The orientation applied to the stored map to align it with the photo.
        public var orientation: String
        /// Range and median of the converted values (metres, or the file's units when relative).
        public var minimum: Float?
        public var median: Float?
        public var maximum: Float?
        public var rawMinimum: Int
        public var rawMaximum: Int
        /// Share of pixels with a valid distance.
        public var validFraction: Double
    }

    public var file: String
    public var container: PhotoContainer
    public var width: Int
    public var height: Int
    public var channels: Int
    public var orientation: String
    public var topLevelImages: Int
    public var exifOrientation: Int?
    public var exifFocalLength35mm: Double?
    public var intrinsics: CameraIntrinsics?
    public var intrinsicsSource: PhotoIntrinsics.Source?
    public var depth: Depth?
    public var warnings: [String]

    public init(file: String, photo: PhonePhoto) {
        self.file = file
        container = photo.container
        width = photo.raster.width
        height = photo.raster.height
        channels = photo.raster.channels
        orientation = photo.orientationSource == "none" ? "none" : "\(photo.orientationSource): \(Orientations.describe(photo.orientation))"
        topLevelImages = photo.topLevelImages
        exifOrientation = photo.exif?.orientation.rawValue
        exifFocalLength35mm = photo.exif?.focalLength35mm
        intrinsics = photo.intrinsics?.camera
        intrinsicsSource = photo.intrinsics?.source
        warnings = photo.warnings + (photo.depth?.warnings ?? [])
        depth = photo.depth.map { d in
            let summary = d.validSummary
            var rawLow = UInt16.max, rawHigh: UInt16 = 0
            for v in d.raw { rawLow = min(rawLow, v); rawHigh = max(rawHigh, v) }
            return Depth(source: d.source, location: d.location, width: d.width, height: d.height, encoding: d.encoding, scale: d.scale,
                         measure: d.measure, orientation: Orientations.describe(d.orientation), minimum: summary?.minimum,
                         median: summary?.median, maximum: summary?.maximum,
                         rawMinimum: d.raw.isEmpty ? 0 : Int(rawLow), rawMaximum: Int(rawHigh),
                         validFraction: d.values.isEmpty ? 0 : Double(summary?.count ?? 0) / Double(d.values.count))
        }
    }

    /// Reads the file and describes it.
    public static func describe(path: String, limits: ImageLimits = .default) throws(ImagingError) -> PhotoDescription {
        PhotoDescription(file: (path as NSString).lastPathComponent, photo: try PhonePhotoReader.read(path: path, limits: limits))
    }

    /// Sorted keys and pretty printing, so two runs over the same file print the same bytes.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Lines for a terminal.
    public var text: String {
        var lines = ["\(file): \(container.rawValue.uppercased()), \(width)x\(height), \(channels == 1 ? "gray" : "RGB")",
                     "  orientation applied: \(orientation)"]
        if topLevelImages > 1 { lines.append("  top-level images: \(topLevelImages) (the primary was read)") }
        if let c = intrinsics, let s = intrinsicsSource {
            lines.append(String(format: "  intrinsics (%@): fx %.2f fy %.2f cx %.2f cy %.2f for %dx%d", s.rawValue, c.fx, c.fy, c.cx, c.cy,
                                c.width, c.height))
        } else {
            // What Flattening's CameraModel then does.
            lines.append("  intrinsics: none in the file (no depth calibration, no EXIF 35 mm focal length); a typical phone lens is assumed")
        }
        if let d = depth {
            lines.append("  depth: \(d.source.rawValue), \(d.location)")
            lines.append("    \(d.width)x\(d.height), \(d.encoding.bitDepth)-bit \(d.encoding.kind.rawValue), scale \(d.scale.rawValue), measured along \(d.measure.rawValue), aligned: \(d.orientation)")
            let parameters = d.encoding.parameters.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                + d.encoding.labels.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            lines.append("    parameters: \(parameters.joined(separator: ", "))")
            if let lo = d.minimum, let mid = d.median, let hi = d.maximum {
                lines.append(String(format: "    range %.4g … %.4g (median %.4g) %@; stored %d … %d; %.1f%% valid", lo, hi, mid,
                                    d.scale == .relative ? "file units" : "m", d.rawMinimum, d.rawMaximum, d.validFraction * 100))
            }
        } else {
            lines.append("  depth: none")
        }
        lines += warnings.map { "  warning: \($0)" }
        return lines.joined(separator: "\n")
    }
}
