import Foundation
import Imaging

/// The flattened page as the review report shows it: a downscaled JPEG in the job's report folder.
/// Entry boxes are in flattened-page pixels, so the report draws them in the flattened page's
/// coordinates over this smaller picture. The worker writes it as soon as the page is flattened
/// and keeps nothing: a 300-image run holds no pictures in memory, and each file stays small.
public struct PagePreview: Sendable, Equatable, Codable {
    /// Relative to the job's report folder, e.g. `pages/menu.jpg.jpg`.
    public var path: String
    public var width: Int
    public var height: Int

    public init(path: String, width: Int, height: Int) {
        self.path = path
        self.width = width
        self.height = height
    }

    /// Long enough a side to read a price on a phone-photo page; see docs/review-report.md.
    public static let maxSide = 1400
    public static let jpegQuality = 70
    public static let folder = "pages"

    /// The file name for an image: its whole name plus `.jpg`, so `menu.jpg` and `menu.png` of the
    /// same job do not collide.
    public static func relativePath(for image: String, page: Int? = nil) -> String {
        "\(folder)/\(image)\(page.map { ".p\($0)" } ?? "").jpg"
    }

    /// Writes the preview of `raster` for `image` into `jobDirectory`, shrunk so its longer side is
    /// at most `maxSide` (never enlarged; area-averaged, so thin strokes do not alias away).
    public static func write(_ raster: Raster, image: String, page: Int? = nil, jobDirectory: String,
                             maxSide: Int = PagePreview.maxSide) throws(PreviewError) -> PagePreview {
        let longer = max(raster.width, raster.height)
        let small = longer > maxSide ? raster.scaled(by: Double(maxSide) / Double(longer)) : raster
        let relative = relativePath(for: image, page: page)
        let path = "\(jobDirectory)/\(relative)"
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
        } catch {
            throw PreviewError(path: path, message: "cannot create folder (\((error as NSError).localizedDescription))")
        }
        let data: Data
        do { data = try JPEGFile.encode(small, quality: jpegQuality) } catch {
            throw PreviewError(path: path, message: error.description)
        }
        // Renamed into place but not synced to disk: a preview lost in a crash costs nothing.
        do { try data.write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw PreviewError(path: path, message: (error as NSError).localizedDescription)
        }
        return PagePreview(path: relative, width: small.width, height: small.height)
    }

    public struct PreviewError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(path): page preview not written (\(message))" }
    }
}
