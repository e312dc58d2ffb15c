import Foundation

/// Writes one job's reports: entries.csv, entries.json, pages.json, one .txt per image and, when
/// the job holds receipts, receipts.csv/json (one row per receipt) and items.csv/json (one per item).
public struct JobReportWriter: Sendable {
    public var directory: String

    public init(directory: String) {
        self.directory = directory
    }

    struct EntriesFile: Codable {
        var schemaVersion = ReportSchema.version
        var job: String
        var entries: [EntryRecord]
    }

    struct PagesFile: Codable {
        var schemaVersion = ReportSchema.version
        var job: String
        var pages: [PageRecord]
    }

    /// Pages are written in file-name and page order whatever order workers finished in.
    public func write(job: String, pages: [PageResult]) throws(AtomicFile.WriteError) {
        let ordered = pages.sorted(by: PageResult.inReadingOrder)
        var csv = CSVWriter(header: EntryRecord.csvHeader)
        let entries = ordered.flatMap(\.entries)
        for entry in entries { csv.append(entry.csvRow) }
        try csv.write(to: "\(directory)/entries.csv")
        try AtomicFile.write(try JSONReport.encode(EntriesFile(job: job, entries: entries)), to: "\(directory)/entries.json")
        try AtomicFile.write(try JSONReport.encode(PagesFile(job: job, pages: ordered.map(\.writtenRecord))), to: "\(directory)/pages.json")
        let receipts = ordered.compactMap(\.receipt).filter { $0.duplicateOf == nil }
        if !receipts.isEmpty {
            var receiptsCSV = CSVWriter(header: ReceiptRecord.csvHeader)
            for receipt in receipts { receiptsCSV.append(receipt.csvRow) }
            let items = ordered.flatMap(\.items)
            var itemsCSV = CSVWriter(header: ReceiptItemRecord.csvHeader)
            for item in items { itemsCSV.append(item.csvRow) }
            try receiptsCSV.write(to: "\(directory)/receipts.csv")
            try AtomicFile.write(try JSONReport.encode(ReceiptsReport(job: job, receipts: receipts)), to: "\(directory)/receipts.json")
            try itemsCSV.write(to: "\(directory)/items.csv")
            try AtomicFile.write(try JSONReport.encode(ItemsReport(job: job, items: items)), to: "\(directory)/items.json")
        }
        for page in ordered {
            guard let text = page.text else { continue }
            try AtomicFile.write(text + (text.isEmpty ? "" : "\n"),
                                 to: "\(directory)/\(Self.textFileName(for: page.record.image, page: page.record.page))")
        }
    }

    /// `menu.jpg` → `menu.txt`, like OCRmyPDF's sidecar; page 3 of `list.pdf` → `list.p3.txt`.
    public static func textFileName(for image: String, page: Int? = nil) -> String {
        ((image as NSString).deletingPathExtension) + (page.map { ".p\($0)" } ?? "") + ".txt"
    }
}

/// JSON with sorted keys and stable formatting, so identical results give identical bytes.
public enum JSONReport {
    public static func encode<T: Encodable>(_ value: T) throws(AtomicFile.WriteError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do { return try encoder.encode(value) + Data("\n".utf8) } catch {
            throw AtomicFile.WriteError(path: "\(T.self)", message: "could not encode JSON: \(error)")
        }
    }
}
