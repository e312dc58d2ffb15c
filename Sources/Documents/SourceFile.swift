import Foundation
import Imaging

/// What one file of a job folder is to Decant: a page source (a photo or scan), a sidecar that
/// describes a page source beside it, the job's own settings, or something Decant does not read.
/// Every file a job folder holds gets exactly one of these, so none is dropped without a word.
public enum SourceFile: Sendable, Equatable {
    /// An image to flatten and read.
    case image
    /// A PDF: each of its pages is read from its text layer, or rendered and read as a scan.
    case pdf
    /// Describes the page source named `base` beside it (depth, camera, ground truth, flat render).
    case sidecar(Sidecar, base: String)
    /// `decant-job.json`: the job's settings.
    case jobSettings
    /// Ground truth in a public data set's own layout, read by the accuracy metrics: Inv3D's
    /// `ground_truth_words.json` for the photos of its folder, SROIE's `box/NAME.csv` and
    /// `key/NAME.json` for `img/NAME.*` beside them.
    case datasetTruth
    /// Not read: why, in words a user can act on (the report adds the file name).
    case unsupported(String)

    /// The job folder's settings file.
    public static let jobSettingsName = "decant-job.json"

    /// Decides by the file's name first (sidecars and job settings are known by name), then by its
    /// first bytes: a photo is recognized by content, whatever its extension says. `siblings` are
    /// the other names in the folder; a sidecar is one only when its page source is among them.
    /// `leadingBytes` reads up to the first 16 bytes of the file (nil: it cannot be read).
    /// `isDatasetTruth` says whether the file is a data set's ground truth (`datasetTruth(path:)`).
    public static func classify(name: String, siblings: Set<String>, isDatasetTruth: () -> Bool = { false },
                                leadingBytes: () -> [UInt8]?) -> SourceFile {
        if name == jobSettingsName { return .jobSettings }
        if isDatasetTruth() { return .datasetTruth }
        if let (sidecar, base) = Sidecar.match(name) {
            if siblings.contains(where: { $0 != name && Self.base(of: $0) == base && Sidecar.match($0) == nil }) {
                return .sidecar(sidecar, base: base)
            }
            return .unsupported("\(sidecar.description) with no photo named \(base).* beside it, skipped")
        }
        let bytes = leadingBytes() ?? []
        // HEIC/AVIF: by the major brand, or by libheif's reading of the brands for the rarer ones.
        if ImageFormat.detect(bytes) != nil || PhonePhotoReader.isHEIF(bytes) { return .image }
        let ext = (name as NSString).pathExtension.lowercased()
        // A file named .pdf goes to the PDF reader even when it is not one: it says what the file is instead.
        if bytes.starts(with: Array("%PDF".utf8)) || ext == "pdf" { return .pdf }
        // A file named like an image still goes to the loader, which says what is wrong with it
        // (empty, truncated, not an image after all) as it does for any damaged photo.
        if ImageFormat.extensions.contains(ext) { return .image }
        return .unsupported("not an image or PDF, skipped")
    }

    /// Inv3D's truth file name, shared by every photo of its folder.
    public static let inv3dTruthName = "ground_truth_words.json"

    /// Whether the file at `path` is ground truth in Inv3D's or SROIE's layout: `ground_truth_words.json`
    /// beside photos, or `box/NAME.csv` / `key/NAME.json` whose `img/NAME.*` exists.
    public static func isDatasetTruth(path: String, siblings: Set<String>) -> Bool {
        let name = (path as NSString).lastPathComponent
        if name == inv3dTruthName { return siblings.contains { $0 != name && ImageFormat.extensions.contains(($0 as NSString).pathExtension.lowercased()) } }
        let folder = (path as NSString).deletingLastPathComponent
        let ext = (name as NSString).pathExtension.lowercased()
        guard ((folder as NSString).lastPathComponent == "box" && ext == "csv") || ((folder as NSString).lastPathComponent == "key" && ext == "json") else {
            return false
        }
        let images = "\((folder as NSString).deletingLastPathComponent)/img"
        let base = Self.base(of: name)
        return ((try? FileManager.default.contentsOfDirectory(atPath: images)) ?? []).contains { Self.base(of: $0) == base }
    }

    /// The name without its extension: `menu.jpg` → `menu`.
    static func base(of name: String) -> String { (name as NSString).deletingPathExtension }

    /// Reads the first bytes of a file (nil when it cannot be opened).
    public static func leadingBytes(path: String, count: Int = 16) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: count)).map { [UInt8]($0) } ?? []
    }
}

/// Files that describe a page source beside them, by the name contract `NAME.depth.png` …
public enum Sidecar: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    case depth, camera, truth, flatRender

    /// Suffixes of each kind, most preferred first (a PNG depth map wins over a TIFF one).
    public var suffixes: [String] {
        switch self {
        case .depth: [".depth.png", ".depth.tiff", ".depth.tif", ".depth.pfm"]
        case .camera: [".camera.json"]
        case .truth: [".gt.json", ".gt.txt"]
        case .flatRender: [".flat.png"]
        }
    }

    public var description: String {
        switch self {
        case .depth: "depth map"
        case .camera: "camera intrinsics"
        case .truth: "ground truth"
        case .flatRender: "flat render"
        }
    }

    /// The sidecar kind and the base name of the page source it belongs to, when `name` is one.
    public static func match(_ name: String) -> (Sidecar, String)? {
        let lower = name.lowercased()
        for sidecar in allCases {
            for suffix in sidecar.suffixes where lower.hasSuffix(suffix) && lower.count > suffix.count {
                return (sidecar, String(name.dropLast(suffix.count)))
            }
        }
        return nil
    }
}
