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
    func write(_ flat: FlattenedPage, job: String, image: String) -> (preview: PagePreview?, warnings: [String]) {
        var warnings: [String] = []
        if let folder {
            let name = "\(job.replacingOccurrences(of: "/", with: "_"))__\((image as NSString).deletingPathExtension).png"
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try PNGFile.write(flat.raster, to: "\(folder)/\(name)")
            } catch {
                warnings.append("could not save flattened page: \(error)")
            }
        }
        guard let previews else { return (nil, warnings) }
        do { return (try PagePreview.write(flat.raster, image: image, jobDirectory: "\(previews)/\(job)"), warnings) } catch {
            return (nil, warnings + [error.description])
        }
    }
}
