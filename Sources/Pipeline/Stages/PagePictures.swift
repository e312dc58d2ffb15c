import Flattening
import Foundation
import Imaging
import Reporting

/// The flattened page as OCR read it, kept as pictures: a PNG in `--save-flattened`'s folder, and
/// the small JPEG the HTML review draws entry boxes over. Written as soon as the page is read, so
/// no picture waits in memory for the job's report.
struct PagePictures: Sendable {
    /// Where flattened pages are saved, if anywhere.
    let folder: String?
    /// The run's output folder when the review page is written (previews go to OUT/JOB/pages/).
    let previews: String?

    /// Writes the pictures; returns the preview for pages.json and what could not be written.
    /// `saving`: also save it with the flattened pages (a picture drawn only for the review is not one).
    func write(_ raster: Raster, job: String, image: String, page: Int?, saving: Bool = true) -> (preview: PagePreview?, warnings: [String]) {
        var warnings: [String] = []
        if let folder, saving {
            let name = "\(job.replacingOccurrences(of: "/", with: "_"))__\((image as NSString).deletingPathExtension)"
                + (page.map { ".p\($0)" } ?? "") + ".png"
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try PNGFile.write(raster, to: "\(folder)/\(name)")
            } catch {
                warnings.append("could not save flattened page: \(error)")
            }
        }
        guard let previews else { return (nil, warnings) }
        do { return (try PagePreview.write(raster, image: image, page: page, jobDirectory: "\(previews)/\(job)"), warnings) } catch {
            return (nil, warnings + [error.description])
        }
    }
}
