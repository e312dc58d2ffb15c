import Foundation
import Imaging

/// Fixed samples of `../shared/data`, laid out as an inbox `decant run` reads with each image's ground
/// truth where Decant finds it (`TruthSource.locate`): Inv3DReal photos in a folder per document with
/// its `ground_truth_words.json`, SROIE scans under `img/` beside `box/` and `key/`, real wine lists
/// beside their `NAME.gt.json`. Files are linked, never copied (nothing from `../shared` enters the
/// repository); scans made at another resolution are written into the inbox itself.
public struct SharedSamples: Sendable {
    /// One file of an inbox: its path inside the inbox, and the shared file it links to.
    public struct Link: Sendable, Equatable {
        public var path: String
        public var target: String

        public init(path: String, target: String) {
            self.path = path
            self.target = target
        }
    }

    /// The shared data folder (`../shared/data`).
    public var data: String

    /// `data` relative to the working directory or absolute; kept absolute, as links need it.
    public init(data: String) {
        self.data = data.hasPrefix("/") ? data : FileManager.default.currentDirectoryPath + "/" + data
    }

    public enum SampleError: Error, CustomStringConvertible {
        case missing(String)
        public var description: String {
            switch self {
            case .missing(let path): "\(path): shared data not found (expected ../shared/data beside the repository)"
            }
        }
    }

    public static let inv3dClasses = ["perspective", "curled", "fewfold", "multifold", "crumpleseasy", "crumpleshard"]
    public static let inv3dLightings = ["bright", "color", "shadow"]

    /// Inv3DReal photos: of each document in `documents`, `classesPerDocument` warp classes under every
    /// lighting, the classes turning from one document to the next so every class is read as often.
    public func inv3d(documents: [String], classesPerDocument: Int = Self.inv3dClasses.count, folder: String = "inv3d") throws -> [Link] {
        var links: [Link] = []
        for (k, document) in documents.enumerated() {
            let source = "\(data)/inv3d/\(document)"
            guard FileManager.default.fileExists(atPath: "\(source)/ground_truth_words.json") else { throw SampleError.missing(source) }
            links.append(Link(path: "\(folder)/\(document)/ground_truth_words.json", target: "\(source)/ground_truth_words.json"))
            let classes = (0..<classesPerDocument).map { Self.inv3dClasses[(k * classesPerDocument + $0) % Self.inv3dClasses.count] }
            for warp in classes {
                for light in Self.inv3dLightings {
                    let name = "warped_document_\(warp)_\(light).jpg"
                    links.append(Link(path: "\(folder)/\(document)/\(name)", target: "\(source)/\(name)"))
                }
            }
        }
        return links
    }

    /// Every Inv3DReal document of the shared folder, in name order.
    public func inv3dDocuments() throws -> [String] {
        let folder = "\(data)/inv3d"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { throw SampleError.missing(folder) }
        return names.sorted().filter { FileManager.default.fileExists(atPath: "\(folder)/\($0)/ground_truth_words.json") }
    }

    /// SROIE scans: every `every`-th receipt by number, starting at `offset`, at most `limit`.
    public func sroie(every: Int = 1, offset: Int = 0, limit: Int? = nil, folder: String = "sroie") throws -> [Link] {
        let images = "\(data)/sroie/img"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: images) else { throw SampleError.missing(images) }
        var picked = names.sorted().filter { $0.lowercased().hasSuffix(".jpg") }.enumerated()
            .filter { $0.offset >= offset && ($0.offset - offset) % every == 0 }.map(\.element)
        if let limit { picked = Array(picked.prefix(limit)) }
        return picked.flatMap { image -> [Link] in
            let name = (image as NSString).deletingPathExtension
            return [Link(path: "\(folder)/img/\(image)", target: "\(images)/\(image)"),
                    Link(path: "\(folder)/box/\(name).csv", target: "\(data)/sroie/box/\(name).csv"),
                    Link(path: "\(folder)/key/\(name).json", target: "\(data)/sroie/key/\(name).json")]
        }
    }

    /// The real wine lists with ground truth; `images` / `pdfs` choose which of them.
    public func winelists(images: Bool = true, pdfs: Bool = true, folder: String = "winelists") throws -> [Link] {
        let docs = "\(data)/winelists/docs"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: docs) else { throw SampleError.missing(docs) }
        var links: [Link] = []
        for truth in names.sorted() where truth.hasSuffix(".gt.json") {
            let base = String(truth.dropLast(".gt.json".count))
            guard let document = names.first(where: { $0 != truth && ($0 as NSString).deletingPathExtension == base }) else { continue }
            let isPDF = document.lowercased().hasSuffix(".pdf")
            guard isPDF ? pdfs : images else { continue }
            links.append(Link(path: "\(folder)/\(document)", target: "\(docs)/\(document)"))
            links.append(Link(path: "\(folder)/\(truth)", target: "\(docs)/\(truth)"))
        }
        return links
    }

    /// Makes `links` under `inbox` (which is emptied first).
    public static func make(_ links: [Link], inbox: String) throws {
        try? FileManager.default.removeItem(atPath: inbox)
        try add(links, inbox: inbox)
    }

    /// Adds links to an inbox laid out by `make`.
    public static func add(_ links: [Link], inbox: String) throws {
        let fm = FileManager.default
        for link in links {
            let path = "\(inbox)/\(link.path)"
            try fm.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let target = link.target.hasPrefix("/") ? link.target : fm.currentDirectoryPath + "/" + link.target
            try fm.createSymbolicLink(atPath: path, withDestinationPath: target)
        }
    }

    /// Inv3DReal's flat renders (about 200 dpi) scanned again at `scale` times their resolution
    /// (1.5: 300 dpi, 3: 600 dpi), written as PNG into `inbox/folder/DOCUMENT/` beside a link to the
    /// document's truth: the same print at the sizes a scanner gives.
    public func inv3dScans(documents: [String], scale: Double, inbox: String, folder: String) throws {
        for document in documents {
            let source = "\(data)/inv3d/\(document)"
            let out = "\(inbox)/\(folder)/\(document)"
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let image = try ImageLoader.load(path: "\(source)/flat_document.png").raster
            let scaled = scale == 1 ? image : image.resized(width: Int((Double(image.width) * scale).rounded()),
                                                           height: Int((Double(image.height) * scale).rounded()))
            try PNGFile.write(scaled, to: "\(out)/flat_document.png")
            try? FileManager.default.removeItem(atPath: "\(out)/ground_truth_words.json")
            try FileManager.default.createSymbolicLink(atPath: "\(out)/ground_truth_words.json", withDestinationPath: "\(source)/ground_truth_words.json")
        }
    }
}
