import Foundation
import Imaging

/// Checks the readers against reference figures from independent decoders (libheif's heif-convert,
/// exiftool), as data/phone-depth/reference.json records them. Shared by `decant-bench phone-depth`
/// and the tests, so both judge by the same rules.
public enum PhoneDepthCheck {
    public struct Reference: Codable, Sendable {
        public struct Sample: Codable, Sendable {
            public var x: Int
            public var y: Int
            public var raw: Double
            public var value: Double
        }
        public var file: String
        public var depthWidth: Int
        public var depthHeight: Int
        public var encoding: String
        public var samples: [Sample]
    }

    public struct FileResult: Sendable {
        public var file: String
        public var passed: Bool
        public var line: String
        /// Relative errors of the converted sample values (files with a reference).
        public var relativeErrors: [Double]
    }

    public struct Report: Sendable {
        public var results: [FileResult]
        public var passed: Int { results.filter(\.passed).count }
        public var failed: Int { results.count - passed }
        public var lines: [String] { results.map(\.line) }
    }

    /// Bars: median relative error ≤ 1 %, 95th percentile ≤ 5 %; JPEG decoders may differ by one
    /// in a stored value, HEIF's by none.
    public static let medianBar = 0.01
    public static let p95Bar = 0.05

    public static func run(folder: String) -> Report {
        let references: [Reference]
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/reference.json"))
            references = try JSONDecoder().decode([Reference].self, from: data)
        } catch {
            return Report(results: [FileResult(file: "reference.json", passed: false, line: "reference.json: cannot be read (\(error))",
                                               relativeErrors: [])])
        }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { ["heic", "heif", "avif", "jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
        return Report(results: files.map { file in
            check(path: folder + "/" + file, reference: references.first { $0.file == file })
        })
    }

    public static func check(path: String, reference: Reference?) -> FileResult {
        let file = (path as NSString).lastPathComponent
        let photo: PhonePhoto
        do { photo = try PhonePhotoReader.read(path: path) } catch {
            return FileResult(file: file, passed: false, line: "FAIL \(file): \(error)", relativeErrors: [])
        }
        guard let reference else { return checkWithoutReference(path: path, photo: photo) }
        guard let depth = photo.depth else {
            return FileResult(file: file, passed: false,
                              line: "FAIL \(file): no depth found (\(photo.warnings.joined(separator: "; ")))", relativeErrors: [])
        }
        guard depth.width == reference.depthWidth, depth.height == reference.depthHeight else {
            return FileResult(file: file, passed: false,
                              line: "FAIL \(file): depth is \(depth.width)x\(depth.height), reference \(reference.depthWidth)x\(reference.depthHeight)",
                              relativeErrors: [])
        }
        let rawTolerance = photo.container == .jpeg ? 1.0 : 0.0
        var errors: [Double] = [], rawMisses: [String] = []
        for s in reference.samples {
            let raw = Double(depth.raw[s.y * depth.width + s.x]), value = Double(depth[s.x, s.y])
            if abs(raw - s.raw) > rawTolerance { rawMisses.append("(\(s.x),\(s.y)) raw \(Int(raw)) vs \(Int(s.raw))") }
            errors.append(abs(value - s.value) / abs(s.value))
        }
        let sorted = errors.sorted()
        let median = percentile(sorted, 0.5), p95 = percentile(sorted, 0.95)
        let passed = rawMisses.isEmpty && median <= medianBar && p95 <= p95Bar
        let line = String(format: "%@ %@: %dx%d %@, median relative error %.4f%% (bar 1%%), 95th percentile %.4f%% (bar 5%%)%@",
                          passed ? "PASS" : "FAIL", file, depth.width, depth.height, depth.source.rawValue,
                          median * 100, p95 * 100, rawMisses.isEmpty ? "" : "; raw values differ: " + rawMisses.joined(separator: ", "))
        return FileResult(file: file, passed: passed, line: line, relativeErrors: errors)
    }

    /// Linear interpolation between order statistics.
    static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let position = q * Double(sorted.count - 1)
        let low = Int(position.rounded(.down)), high = min(sorted.count - 1, low + 1)
        return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
    }

    /// A HEIF without a reference must decode at the size its boxes declare and claim no depth; a
    /// JPEG whose MPF holds a matte must not have taken the matte for depth.
    private static func checkWithoutReference(path: String, photo: PhonePhoto) -> FileResult {
        let file = (path as NSString).lastPathComponent
        guard let bytes = FileManager.default.contents(atPath: path).map([UInt8].init) else {
            return FileResult(file: file, passed: false, line: "FAIL \(file): cannot be read", relativeErrors: [])
        }
        if PhonePhotoReader.isHEIF(bytes) {
            guard let declared = PhonePhotoReader.declaredHEIFSize(bytes) else {
                return FileResult(file: file, passed: false, line: "FAIL \(file): its boxes declare no primary size", relativeErrors: [])
            }
            let sized = photo.raster.width == declared.width && photo.raster.height == declared.height
            let passed = sized && photo.depth == nil
            return FileResult(file: file, passed: passed, line: "\(passed ? "PASS" : "FAIL") \(file): HEIC without depth decodes at its size "
                                  + "(\(photo.raster.width)x\(photo.raster.height), declared \(declared.width)x\(declared.height)) "
                                  + "and claims \(photo.depth.map { "depth from \($0.location)" } ?? "no depth")",
                              relativeErrors: [])
        }
        let mattes = PhonePhotoReader.matteImages(bytes)
        guard !mattes.isEmpty else {
            return FileResult(file: file, passed: false, line: "FAIL \(file): no reference and no matte to check", relativeErrors: [])
        }
        let tookMatte = photo.depth.map { depth in mattes.contains { depth.location.hasPrefix("MPF image \($0) ") } } ?? false
        let passed = !tookMatte && photo.depth != nil
        return FileResult(file: file, passed: passed,
                          line: "\(passed ? "PASS" : "FAIL") \(file): the matte (MPF image \(mattes.map(String.init).joined(separator: ", "))) is not taken for depth; "
                              + "depth from \(photo.depth?.location ?? "nowhere")", relativeErrors: [])
    }
}
