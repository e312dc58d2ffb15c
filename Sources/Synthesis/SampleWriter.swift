import Evaluation
import Foundation
import Imaging

/// Writes a sample beside its sidecars: NAME.jpg, NAME.gt.json, NAME.camera.json, NAME.depth.png
/// (16-bit millimetres) and NAME.flat.png. JSON has sorted keys, so equal samples give equal bytes.
/// In the phone formats the depth and the camera go inside the photo instead, as phones store them,
/// so that a corpus exercises the readers the pipeline uses on real phone photos.
public enum SampleWriter {
    public enum Format: String, Sendable, CaseIterable {
        /// NAME.jpg with NAME.depth.png and NAME.camera.json beside it.
        case jpeg
        /// NAME.heic as an iPhone writes a portrait photo: HEVC, 8-bit disparity auxiliary image, Apple
        /// depth XMP with the intrinsic matrix (`HEICDepthWriter`).
        case heic
        /// NAME.jpg in Android's Dynamic Depth 1.0 layout: the depth as a 16-bit PNG item after the
        /// primary JPEG, ImagingModel intrinsics (`DynamicDepthJPEGWriter`).
        case jpegDynamicDepth = "jpeg-dynamic-depth"

        /// Formats that carry the depth inside the photo: they cannot write a photo without depth.
        public var holdsDepth: Bool { self != .jpeg }
    }

    public static func write(_ sample: SynthesizedImage, folder: String, name: String, format: Format = .jpeg) throws(SynthesisError) {
        let base = (folder as NSString).appendingPathComponent(name)
        do {
            switch format {
            case .jpeg:
                try JPEGFile.write(sample.photo, quality: sample.jpegQuality, to: base + ".jpg")
                if let depth = sample.depth { try depth.writePNG(to: base + ".depth.png") }
            case .heic:
                guard let depth = sample.depth else { throw SynthesisError(noDepth(name, format)) }
                try HEICDepthWriter.write(photo: sample.photo, depth: depth, intrinsics: sample.camera, to: base + ".heic")
            case .jpegDynamicDepth:
                guard let depth = sample.depth else { throw SynthesisError(noDepth(name, format)) }
                var options = DynamicDepthJPEGWriter.Options()
                options.quality = sample.jpegQuality
                try DynamicDepthJPEGWriter.write(photo: sample.photo, depth: depth, intrinsics: sample.camera, options: options,
                                                 to: base + ".jpg")
            }
            if let flat = sample.flat { try PNGFile.write(flat, to: base + ".flat.png") }
        } catch let error as SynthesisError {
            throw error
        } catch {
            throw SynthesisError("\(name): \(error)")
        }
        try writeJSON(sample.truth, to: base + ".gt.json")
        if format == .jpeg { try writeJSON(sample.camera, to: base + ".camera.json") }
    }

    private static func noDepth(_ name: String, _ format: Format) -> String {
        "\(name): --format \(format.rawValue) stores the depth map inside the photo, and this photo has none "
            + "(a flat page without --depth-for-flat, or --depth-size none)"
    }

    static func writeJSON<T: Encodable>(_ value: T, to path: String) throws(SynthesisError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(value) + Data("\n".utf8)
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw SynthesisError("\((path as NSString).lastPathComponent): could not be written (\(error.localizedDescription))")
        }
    }
}
