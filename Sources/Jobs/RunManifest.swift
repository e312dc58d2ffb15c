import Pipeline
import Reporting

/// OUT/manifest.json: for every image of the run, the hash of its content (image + sidecars) and
/// of the settings and build that produced its result — what a re-run compares to skip it.
struct RunManifest: Codable {
    struct Image: Codable {
        var job: String
        var image: String
        /// The page of a multi-page document, 1-based.
        var page: Int?
        var name: String { page.map { "\(image) p\($0)" } ?? image }
        /// SHA-256 of the image and its sidecars; empty when a file could not be read.
        var content: String
        /// SHA-256 of content + settings fingerprint: the name of its cached page.
        var key: String
    }

    var schemaVersion = ReportSchema.version
    var decantVersion = DecantVersion.string
    /// Hash of the settings, catalogue and build that shape every result.
    var fingerprint: String
    var images: [Image]

    init(fingerprint: String, tasks: [PageTask], keys: [ContentKey?]) {
        self.fingerprint = fingerprint
        self.images = zip(tasks, keys).map { task, key in
            Image(job: task.job, image: task.fileName, page: task.source.page, content: key?.content ?? "", key: key?.key ?? "")
        }.sorted { ($0.job, $0.image, $0.page ?? 0) < ($1.job, $1.image, $1.page ?? 0) }
    }
}
