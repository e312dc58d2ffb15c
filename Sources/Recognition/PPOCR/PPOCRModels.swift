import Foundation

/// Where the converted PP-OCRv5 files are. They are fetched and converted once by
/// scripts/setup-ppocr.sh and never committed, so they live outside the repository by default.
public struct PPOCRModels: Sendable, Equatable {
    public var detector: String
    public var recognizer: String
    public var dictionary: String

    public init(detector: String, recognizer: String, dictionary: String) {
        self.detector = detector
        self.recognizer = recognizer
        self.dictionary = dictionary
    }

    /// Which recognizer output: every class the model was trained on, or only the Latin-script
    /// characters, punctuation and currency signs (setup-ppocr.sh cuts the output layer; faster,
    /// and a Latin page cannot be misread into CJK characters).
    public enum Alphabet: String, Sendable, CaseIterable {
        case full, latin
    }

    /// The three files of a folder laid out as setup-ppocr.sh writes it.
    public init(folder: String, alphabet: Alphabet = .latin) {
        switch alphabet {
        case .full:
            self.init(detector: "\(folder)/det.onnx", recognizer: "\(folder)/rec.onnx", dictionary: "\(folder)/dict.txt")
        case .latin:
            self.init(detector: "\(folder)/det.onnx", recognizer: "\(folder)/rec-latin.onnx",
                      dictionary: "\(folder)/dict-latin.txt")
        }
    }

    /// `DECANT_PPOCR_MODELS` when set, else `$XDG_CACHE_HOME/decant/ppocr`, else `~/.cache/decant/ppocr`:
    /// the same rule as setup-ppocr.sh.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let folder = environment["DECANT_PPOCR_MODELS"], !folder.isEmpty { return folder }
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "\(environment["HOME"] ?? NSHomeDirectory())/.cache"
        return "\(cache)/decant/ppocr"
    }

    /// The default folder's files, or nil when any is missing (PP-OCR is optional).
    public static func installed(alphabet: Alphabet = .latin,
                                 environment: [String: String] = ProcessInfo.processInfo.environment) -> PPOCRModels? {
        let models = PPOCRModels(folder: defaultFolder(environment: environment), alphabet: alphabet)
        return models.missingFiles.isEmpty ? models : nil
    }

    public var missingFiles: [String] {
        [detector, recognizer, dictionary].filter { !FileManager.default.isReadableFile(atPath: $0) }
    }
}
