import Documents
import Foundation
import Imaging
import Synthesis

/// The shared real lists as a phone photographs them: every page their ground truth covers, rendered
/// (a PDF page at 200 ppi) or taken as published (an image), printed at its size (a PDF's own; an
/// image A4, or A3 landscape), and photographed by `decant synth`'s camera in two variants: mild
/// (a tilted or gently curled page, light effects) and hard (a curled or folded page, medium effects:
/// shadows, glare, blur, JPEG). Each photo gets the page's ground truth, its entries moved to page 1,
/// so the lists' own scorer reads them as it reads the originals. Written once into a cache folder,
/// never into the repository; a stamp names the generator and seed, and a change of either writes
/// them again.
enum PhotographedLists {
    struct Variant {
        var name: String
        var shapes: [PageShape]
        var strength: EffectStrength
        var maxTilt: Double
    }

    static let variants = [
        Variant(name: "mild", shapes: [.perspective, .curl], strength: .light, maxTilt: 25),
        Variant(name: "hard", shapes: [.curl, .fold], strength: .medium, maxTilt: 40),
    ]

    /// Writes the photographed pages of the lists in `source` (NAME.gt.json beside NAME.EXT) into
    /// `folder` unless it already holds this generator's; returns the number of photos. `only`: the
    /// pages to photograph ("olivo-p1"), nil for every page the truth covers. The stamp is written
    /// beside the folder (FOLDER.stamp), so the folder holds nothing but photos and their truth.
    static func make(from source: String, into folder: String, seed: UInt64, only: Set<String>? = nil) throws -> Int {
        let selection = only.map { $0.sorted().joined(separator: ",") } ?? "all"
        let stamp = "\(Synthesizer.generatorVersion) photographed-lists 2 seed \(seed) variants \(variants.map(\.name).joined(separator: ",")) pages \(selection)"
        let stampPath = "\(folder).stamp"
        let fm = FileManager.default
        if let existing = try? String(contentsOfFile: stampPath, encoding: .utf8), existing == stamp,
           let count = try? fm.contentsOfDirectory(atPath: folder).filter({ $0.hasSuffix(".jpg") }).count, count > 0 {
            return count
        }
        // Only a folder this generator wrote (its stamp beside it) or an empty one is written over.
        if let existing = try? fm.contentsOfDirectory(atPath: folder), !existing.isEmpty {
            guard fm.fileExists(atPath: stampPath) else {
                throw PhotographedListsError("\(folder): not a folder of photographed lists (no \(stampPath)); choose another --photos")
            }
            try fm.removeItem(atPath: folder)
        }
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let truths = try fm.contentsOfDirectory(atPath: source).filter { $0.hasSuffix(".gt.json") }.sorted()
        var index = 0
        var pageNumber = 0
        var written = 0
        for truthName in truths {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(source)/\(truthName)"))
            guard var truth = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let file = truth["file"] as? String, let entries = truth["entries"] as? [[String: Any]] else {
                throw PhotographedListsError("\(source)/\(truthName): not a wine list's ground truth (no file or entries)")
            }
            let base = String(truthName.dropLast(".gt.json".count))
            let pages = (truth["pages"] as? [Int]) ?? [1]
            for number in pages {
                // A page left out still takes its indices: each page is photographed the same way
                // whichever others are asked for.
                defer { pageNumber += 1 }
                guard only?.contains("\(base)-p\(number)") ?? true else {
                    index += variants.count
                    continue
                }
                let (raster, widthMM) = try page(number, of: "\(source)/\(file)")
                for variant in variants {
                    // Each variant's shapes alternate from page to page.
                    let shape = variant.shapes[pageNumber % variant.shapes.count]
                    let photographer = PagePhotographer(maxTilt: variant.maxTilt)
                    let photo = photographer.photograph(raster, widthMM: widthMM, shape: shape, strength: variant.strength,
                                                        seed: seed, index: index)
                    index += 1
                    let name = "\(base)-p\(number)-\(variant.name)"
                    try JPEGFile.write(photo.raster, quality: photo.jpegQuality, to: "\(folder)/\(name).jpg")
                    truth["file"] = "\(name).jpg"
                    truth["pages"] = [1]
                    truth["kind"] = "phone photo"
                    truth["notes"] = "page \(number) of \(file) photographed by decant synth (\(variant.name): "
                        + photo.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") + ")"
                    truth["entries"] = entries.filter { (($0["page"] as? Int) ?? 1) == number }.map { entry -> [String: Any] in
                        var moved = entry
                        moved["page"] = 1
                        return moved
                    }
                    let json = try JSONSerialization.data(withJSONObject: truth, options: [.prettyPrinted, .sortedKeys])
                    try json.write(to: URL(fileURLWithPath: "\(folder)/\(name).gt.json"))
                    written += 1
                }
            }
        }
        try stamp.write(toFile: stampPath, atomically: true, encoding: .utf8)
        return written
    }

    /// A page as printed: its pixels and its width on paper in millimetres.
    static func page(_ number: Int, of path: String) throws -> (Raster, Double) {
        if path.lowercased().hasSuffix(".pdf") {
            let document = try PDFDocument(path: path)
            let page = try document.page(number)
            let render = try page.render(ppi: 200, color: true)
            return (render.raster, page.size.width / 72 * 25.4)
        }
        let image = try ImageLoader.load(path: path)
        let landscape = image.raster.width > image.raster.height
        return (image.raster, landscape ? 420 : 210)
    }
}

struct PhotographedListsError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
