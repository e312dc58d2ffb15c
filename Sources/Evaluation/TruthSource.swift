import Foundation

/// Where an image's ground truth lives, in one of the formats Decant reads.
public struct TruthSource: Sendable, Equatable, Codable {
    public enum Format: String, Sendable, Codable {
        /// NAME.gt.json beside the image (Decant's own; written by `decant synth`).
        case decant
        /// NAME.gt.txt beside the image: the page's text only.
        case text
        /// SROIE: the image in `img/`, its lines in `box/NAME.csv`, its key fields in `key/NAME.json`.
        case sroie
        /// Inv3D: every photo in a folder shares the folder's `ground_truth_words.json`.
        case inv3d
        /// NAME.gt.json beside a real wine list, in the shared lists' format (`WineListTruth`): the
        /// document's entries, scored as a list rather than page by page.
        case winelist
    }

    public var format: Format
    /// The file read (for SROIE the box file when there is one, else the key file).
    public var path: String
    /// SROIE's key-field file, when present beside a box file.
    public var keyPath: String?

    public init(format: Format, path: String, keyPath: String? = nil) {
        self.format = format
        self.path = path
        self.keyPath = keyPath
    }

    /// Finds the ground truth for the image at `imagePath`, trying Decant's sidecars first.
    public static func locate(imagePath: String) -> TruthSource? {
        let fm = FileManager.default
        let directory = (imagePath as NSString).deletingLastPathComponent
        let base = ((imagePath as NSString).lastPathComponent as NSString).deletingPathExtension
        let folder = directory.isEmpty ? "." : directory
        if fm.fileExists(atPath: "\(folder)/\(base).gt.json") { return sidecar("\(folder)/\(base).gt.json") }
        if fm.fileExists(atPath: "\(folder)/\(base).gt.txt") { return TruthSource(format: .text, path: "\(folder)/\(base).gt.txt") }
        if (folder as NSString).lastPathComponent == "img" {
            let root = (folder as NSString).deletingLastPathComponent
            let box = "\(root.isEmpty ? "." : root)/box/\(base).csv", key = "\(root.isEmpty ? "." : root)/key/\(base).json"
            let hasBox = fm.fileExists(atPath: box), hasKey = fm.fileExists(atPath: key)
            if hasBox { return TruthSource(format: .sroie, path: box, keyPath: hasKey ? key : nil) }
            if hasKey { return TruthSource(format: .sroie, path: key) }
        }
        if fm.fileExists(atPath: "\(folder)/ground_truth_words.json") {
            return TruthSource(format: .inv3d, path: "\(folder)/ground_truth_words.json")
        }
        return nil
    }

    /// A Decant sidecar path (NAME.gt.json / NAME.gt.txt) as job discovery reports it.
    public static func sidecar(_ path: String) -> TruthSource {
        if path.lowercased().hasSuffix(".gt.txt") { return TruthSource(format: .text, path: path) }
        let isList = FileManager.default.contents(atPath: path).map(WineListTruth.recognizes) ?? false
        return TruthSource(format: isList ? .winelist : .decant, path: path)
    }

    /// Reads the truth for `image` (its file name: Inv3D takes the page shape from it).
    public func load(image: String) throws(GroundTruthError) -> GroundTruth {
        switch format {
        case .decant: return try GroundTruth.load(path: path)
        case .text: return GroundTruth(kind: .winelist, lines: ComparableText.plainLines(try Self.text(path)).map { String(String.UnicodeScalarView($0)) },
                                       generator: ["format": "text"])
        case .sroie: return try SROIETruth.load(box: keyPath == nil && path.hasSuffix(".json") ? nil : path,
                                                key: keyPath ?? (path.hasSuffix(".json") ? path : nil))
        case .inv3d: return try Inv3DTruth.load(path: path, image: image)
        case .winelist: throw GroundTruthError(file: (path as NSString).lastPathComponent,
                                               "is a wine list's truth: it scores the list's entries, not a page")
        }
    }

    /// UTF-8 text of a truth file; invalid bytes become U+FFFD rather than failing the image.
    static func text(_ path: String) throws(GroundTruthError) -> String {
        guard let text = TextFile.read(path) else {
            throw GroundTruthError(file: (path as NSString).lastPathComponent, "could not be read")
        }
        return text
    }
}
