import Documents
import Foundation
import Imaging
import Recognition
import RecognizedText

/// Recognized pages kept on disk, keyed by what Tesseract was given (the flattened pixels, the page
/// segmentation, the languages and variables), so that work on the stages after OCR (grouping,
/// normalization, matching) can be re-measured on a corpus in seconds instead of re-reading every
/// page. A changed flattener or OCR setting gives a new key, so a stale page is never reused.
/// A measuring aid (`decant run --ocr-cache`, `decant bench entries --ocr-cache`), not for production runs.
struct RecognitionCache: Sendable {
    let folder: String

    func key(_ raster: Raster, ppi: Int?, segmentation: PageSegmentation, recognizer: any TextRecognizer, upright: Bool = false) -> String {
        var hash = ContentHash()
        hash.update("\(raster.width)x\(raster.height)x\(raster.channels) ppi \(ppi ?? 0) psm \(segmentation.rawValue) \(recognizer.readingKey)\(upright ? " upright" : "")\n")
        hash.update(raster.pixels)
        return hash.hex()
    }

    /// File name of a page: job and image first (so a page can be found by name, e.g. to replay
    /// the stages after OCR against its ground truth), then the key.
    static func fileName(job: String, image: String, key: String) -> String {
        "\(job.replacingOccurrences(of: "/", with: "__"))__\((image as NSString).deletingPathExtension).\(key).json"
    }

    func load(job: String, image: String, key: String) -> RecognizedPage? {
        guard let data = FileManager.default.contents(atPath: "\(folder)/\(Self.fileName(job: job, image: image, key: key))") else { return nil }
        return try? JSONDecoder().decode(RecognizedPage.self, from: data)
    }

    /// A reading that also turned its page upright (PP-OCR's), with the turn.
    struct Upright: Codable {
        var page: RecognizedPage
        var quarterTurnsClockwise: Int
    }

    func loadUpright(job: String, image: String, key: String) -> Upright? {
        guard let data = FileManager.default.contents(atPath: "\(folder)/\(Self.fileName(job: job, image: image, key: key))") else { return nil }
        return try? JSONDecoder().decode(Upright.self, from: data)
    }

    func store(_ page: RecognizedPage, job: String, image: String, key: String) { write(page, job: job, image: image, key: key) }

    func storeUpright(_ reading: Upright, job: String, image: String, key: String) { write(reading, job: job, image: image, key: key) }

    /// Best effort: a cache that cannot be written only costs the next run its time.
    private func write<T: Encodable>(_ value: T, job: String, image: String, key: String) {
        guard let data = try? JSONEncoder().encode(value) else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let name = Self.fileName(job: job, image: image, key: key)
        let temporary = "\(folder)/.\(name).\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, "\(folder)/\(name)") != 0 { unlink(temporary) }
    }
}
