import Evaluation
import Foundation
import Imaging

/// Writes a sample beside its sidecars: NAME.jpg, NAME.gt.json, NAME.camera.json, NAME.depth.png
/// (16-bit millimetres) and NAME.flat.png. JSON has sorted keys, so equal samples give equal bytes.
public enum SampleWriter {
    public static func write(_ sample: SynthesizedImage, folder: String, name: String) throws(SynthesisError) {
        let base = (folder as NSString).appendingPathComponent(name)
        do {
            try JPEGFile.write(sample.photo, quality: sample.jpegQuality, to: base + ".jpg")
            if let depth = sample.depth { try depth.writePNG(to: base + ".depth.png") }
            if let flat = sample.flat { try PNGFile.write(flat, to: base + ".flat.png") }
        } catch {
            throw SynthesisError("\(name): \(error.description)")
        }
        try writeJSON(sample.truth, to: base + ".gt.json")
        try writeJSON(sample.camera, to: base + ".camera.json")
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
