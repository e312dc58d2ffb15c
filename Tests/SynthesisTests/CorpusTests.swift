import DecantTestSupport
import Documents
import Entries
import Evaluation
import Foundation
import Imaging
import Testing

/// Every committed corpus image has what the accuracy regression needs: valid ground truth of the
/// right kind, corners inside the photo, intrinsics of the photo's size, and depth for every photo
/// that is not flat: beside it, or inside it for the photos written as phones write them.
@Suite struct CorpusTests {
    static func images() -> [String] {
        let corpus = Repository.root + "/Corpus"
        guard let walker = FileManager.default.enumerator(atPath: corpus) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".heic") }.sorted().map { corpus + "/" + $0 }
    }

    @Test func theCorpusHasItsShareOfShapes() throws {
        let images = Self.images().filter { !$0.contains("/smoke/") }
        #expect(images.count >= 30)
        var shapes: [String: Int] = [:]
        for image in images {
            let truth = try GroundTruth.load(path: (image as NSString).deletingPathExtension + ".gt.json")
            shapes[truth.page?.shape ?? "?", default: 0] += 1
        }
        let flat = shapes["flat", default: 0], perspective = shapes["perspective", default: 0]
        let bent = shapes["curl", default: 0] + shapes["wrinkle", default: 0] + shapes["fold", default: 0]
        #expect(flat * 4 >= images.count && perspective * 4 >= images.count && bent * 4 >= images.count, "\(shapes)")
    }

    @Test func everyCommittedImageHasValidGroundTruth() throws {
        let images = Self.images()
        #expect(!images.isEmpty, "no images under Corpus/")
        for image in images {
            let base = (image as NSString).deletingPathExtension
            let name = (image as NSString).lastPathComponent
            let truth = try GroundTruth.load(path: base + ".gt.json")
            #expect(!truth.lines.isEmpty, "\(name): no text lines")
            let folderKind: DocumentKind? = image.contains("/winelists/") ? .winelist : image.contains("/receipts/") ? .receipt : nil
            if let folderKind { #expect(truth.kind == folderKind, "\(name): kind \(truth.kind) in the \(folderKind) folder") }
            switch truth.kind {
            case .winelist:
                #expect(!truth.entries.isEmpty, "\(name): no entries")
                for entry in truth.entries {
                    #expect(!entry.prices.isEmpty && entry.vintage != nil, "\(name): entry without price or vintage: \(entry.text)")
                    #expect(truth.lines.contains(entry.text.split(separator: "\n").first.map(String.init) ?? ""), "\(name): entry text not among the lines")
                }
            case .receipt:
                let receipt = try #require(truth.receipt, "\(name): receipt fields missing")
                #expect(!receipt.items.isEmpty && receipt.total != nil && receipt.date != nil, "\(name): receipt fields incomplete")
            }
            // A photo without sidecars carries its depth and camera inside (docs/corpus-contents.md).
            let inside = try PhonePhotoReader.read(path: image)
            let ownCamera = inside.intrinsics.flatMap { $0.source == .exifFocalLength35mm ? nil : $0.camera }
            let cameraPath = base + ".camera.json"
            let camera = FileManager.default.fileExists(atPath: cameraPath) ? try CameraIntrinsics.load(path: cameraPath)
                : try #require(ownCamera, "\(name): no camera.json and no intrinsics inside the photo")
            #expect(inside.raster.width == camera.width && inside.raster.height == camera.height, "\(name): camera size differs from the photo")
            let page = try #require(truth.page, "\(name): no page block")
            let corners = try #require(page.corners, "\(name): no corners")
            #expect(corners.count == 4)
            for c in corners {
                #expect(c[0] >= 0 && c[1] >= 0 && c[0] < Double(camera.width) && c[1] < Double(camera.height), "\(name): corner \(c) outside the photo")
            }
            let depthPath = base + ".depth.png"
            let sidecar = FileManager.default.fileExists(atPath: depthPath)
            if page.shape != "flat" {
                #expect(sidecar || inside.depth != nil, "\(name): \(page.shape) photo without depth")
            }
            let depth: DepthMap? = sidecar ? try DepthMap.load(path: depthPath) : inside.depth?.depthMap().map
            if let depth {
                #expect(depth.validCount > depth.width * depth.height / 2, "\(name): depth map mostly holes")
                // Same aspect as the photo, so the intrinsics scale to it.
                #expect(abs(Double(depth.width) / Double(depth.height) - Double(camera.width) / Double(camera.height)) < 0.01)
            }
        }
    }
}
