import Evaluation
import Foundation

/// Reads a job's reports back (pages.json, entries.json, receipts.json, one .txt per image), so
/// metrics can be recomputed from an earlier run without OCR.
public struct JobReportReader: Sendable {
    public var directory: String

    public init(directory: String) {
        self.directory = directory
    }

    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    /// The job's name and its pages, with their entries and recognized text.
    public func read() throws(ReadError) -> (job: String, pages: [PageResult]) {
        let pagesFile: JobReportWriter.PagesFile = try decode("pages.json")
        let entriesFile: JobReportWriter.EntriesFile? = FileManager.default.fileExists(atPath: "\(directory)/entries.json")
            ? try decode("entries.json") : nil
        let receiptsFile: ReceiptsReport? = FileManager.default.fileExists(atPath: "\(directory)/receipts.json")
            ? try decode("receipts.json") : nil
        let byPage = Dictionary(grouping: entriesFile?.entries ?? [], by: { PageKey(image: $0.image, page: $0.page) })
        let receipts = Dictionary((receiptsFile?.receipts ?? []).map { (PageKey(image: $0.image, page: $0.page), $0) },
                                  uniquingKeysWith: { first, _ in first })
        var duplicated: [String: ReceiptRecord] = [:]
        for receipt in receiptsFile?.receipts ?? [] { for name in receipt.duplicatePhotos ?? [] { duplicated[name] = receipt } }
        let pages = pagesFile.pages.map { written in
            let key = PageKey(image: written.image, page: written.page)
            let textPath = "\(directory)/\(JobReportWriter.textFileName(for: written.image, page: written.page))"
            let text = TextFile.read(textPath)
            // The receipt is receipts.json's record; pages.json's copy of its fields is only shown.
            var record = written
            record.receipt = nil
            return PageResult(record: record, text: written.error == nil ? text : nil, entries: byPage[key] ?? [],
                              receipt: receipts[key] ?? duplicated[written.sourceName].map { kept in
                                  // A photo of a receipt reported once from another photo reads as that receipt.
                                  var copy = kept
                                  copy.image = written.image
                                  copy.page = written.page
                                  copy.duplicatePhotos = nil
                                  copy.duplicateOf = PageRecord(image: kept.image, job: kept.job).withPage(kept.page).sourceName
                                  return copy
                              })
        }
        return (pagesFile.job, pages)
    }

    private func decode<T: Decodable>(_ name: String) throws(ReadError) -> T {
        let path = "\(directory)/\(name)"
        guard let data = FileManager.default.contents(atPath: path) else { throw ReadError(path: path, message: "cannot be read") }
        do { return try JSONDecoder().decode(T.self, from: data) } catch {
            throw ReadError(path: path, message: "is not a Decant report (\(error))")
        }
    }

    /// Every job folder under a run's output folder (those holding pages.json), sorted. Folders
    /// holding their own summary.json are other runs (Reports/ci beside Reports/ci-degraded) and
    /// are left out.
    public static func jobDirectories(in output: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: output) else { return [] }
        var jobs: [String] = [], otherRuns: [String] = []
        while let relative = walker.nextObject() as? String {
            let slash = relative.lastIndex(of: "/")
            let name = slash.map { String(relative[relative.index(after: $0)...]) } ?? relative
            let folder = slash.map { String(relative[..<$0]) } ?? ""
            if name == "summary.json", !folder.isEmpty { otherRuns.append(folder + "/") }
            if name == "pages.json" { jobs.append(folder) }
        }
        return jobs.filter { job in !otherRuns.contains { (job + "/").hasPrefix($0) } }
            .map { $0.isEmpty ? output : "\(output)/\($0)" }
            .sorted()
    }
}

/// A page of a job by file name and page (nil for a single-page file).
struct PageKey: Hashable {
    var image: String
    var page: Int?
}
