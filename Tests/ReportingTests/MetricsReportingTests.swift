import DecantTestSupport
import Entries
import Evaluation
import Foundation
import Testing
@testable import Reporting

@Suite struct MetricsReportingTests {
    static func image(_ job: String, _ name: String, shape: String, errors: Int) -> ImageEvaluation {
        ImageEvaluation(job: job, image: name, truth: "\(name).gt.txt", truthFormat: .text, kind: "winelist", shape: shape,
                        layout: nil, flatten: "none", failed: false,
                        text: TextMetrics(characterErrors: errors, nCharacters: 100, wordErrors: 1, nWords: 20,
                                          wordBag: WordBagCounts(hits: 19, truth: 20, recognized: 20)))
    }

    static let report = MetricsReport(images: [image("bistro", "a.jpg", shape: "flat", errors: 2),
                                               image("bistro", "b.jpg", shape: "curl", errors: 8),
                                               image("cave|1", "c.jpg", shape: "curl", errors: 0)])

    @Test func csvHasARowPerImageJobGroupAndTheCorpus() throws {
        let rows = try CSVRows.parse(try MetricsReportWriter.csv(Self.report).text)
        #expect(rows.first == MetricsReportWriter.csvHeader)
        let scopes = rows.dropFirst().map { "\($0[0]) \($0[1])" }
        #expect(scopes == ["image bistro/a.jpg", "image bistro/b.jpg", "image cave|1/c.jpg", "corpus ", "shape curl", "shape flat",
                           "flatten none", "kind winelist", "job bistro", "job cave|1"])
        let cer = MetricsReportWriter.csvHeader.firstIndex(of: "cer") ?? 0
        #expect(rows[4][cer] == "0.033333")
        #expect(rows[5][cer] == "0.040000")
    }

    @Test func markdownTableLeavesOutUnmeasuredColumnsAndEscapesPipes() {
        let table = MetricsTable.summary(Self.report)
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines[0] == "| Scope | Images | CER | WER | Word-bag F1 |")
        #expect(lines[2] == "| corpus | 3 | 3.3% | 5.0% | 95.0% |")
        #expect(lines.contains("| job cave\\|1 | 1 | 0.0% | 5.0% | 95.0% |"))
        #expect(!MetricsTable.summary(Self.report, includeJobs: false).contains("job "))
    }

    @Test func jobFoldersOfNestedRunsAreLeftOut() throws {
        let root = NSTemporaryDirectory() + "decant-reader-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["a", "b/c", "ci/a"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: URL(fileURLWithPath: "\(root)/\(folder)/pages.json"))
        }
        try Data("{}".utf8).write(to: URL(fileURLWithPath: "\(root)/summary.json"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: "\(root)/ci/summary.json"))
        #expect(JobReportReader.jobDirectories(in: root) == ["\(root)/a", "\(root)/b/c"])
    }

    @Test func reportsReadBackAsWritten() throws {
        let root = NSTemporaryDirectory() + "decant-reader-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        var ok = PageRecord(image: "a.jpg", job: "bistro")
        ok.lineCount = 2
        var failed = PageRecord(image: "b.jpg", job: "bistro")
        failed.error = PageError(stage: .load, kind: "corrupt", message: "b.jpg: not an image")
        try JobReportWriter(directory: root).write(job: "bistro", pages: [
            PageResult(record: ok, text: "Opus One 2019\nSassicaia", entries: []),
            PageResult(record: failed, text: nil, entries: []),
        ])
        let (job, pages) = try JobReportReader(directory: root).read()
        #expect(job == "bistro")
        #expect(pages.map(\.record.image) == ["a.jpg", "b.jpg"])
        #expect(pages[0].text == "Opus One 2019\nSassicaia\n")
        #expect(pages[1].text == nil)
        #expect(pages[0].observation.text != nil && pages[1].observation.text == nil)
    }

    @Test("a receipt is written once: pages.json shows its fields, reading back joins receipts.json's record")
    func receiptReadsBackAsItsOneRecord() throws {
        let root = NSTemporaryDirectory() + "decant-reader-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        var receipt = ReceiptRecord(job: "trip", image: "slip.jpg", receipt: Receipt(merchant: "CAFE ROMA", total: 12.5))
        receipt.merchantAsRead = "CAFE R0MA"
        try JobReportWriter(directory: root).write(job: "trip", pages: [
            PageResult(record: PageRecord(image: "slip.jpg", job: "trip"), text: "CAFE ROMA\nTOTAL 12.50", entries: [],
                       receipt: receipt),
        ])
        let written = try String(contentsOfFile: "\(root)/pages.json", encoding: .utf8)
        #expect(written.contains("\"merchant\" : \"CAFE ROMA\""))
        let (_, pages) = try JobReportReader(directory: root).read()
        #expect(pages[0].receipt == receipt)
        #expect(pages[0].record.receipt == nil)
        #expect(pages[0].observation.receipt?.total == 12.5)
    }

    @Test("a receipt photographed twice is written once, and its other photo reads back as it")
    func duplicateReceiptIsWrittenOnce() throws {
        let root = NSTemporaryDirectory() + "decant-reader-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        var kept = ReceiptRecord(job: "trip", image: "b.jpg", receipt: Receipt(merchant: "CAFE ROMA", total: 12.5))
        kept.duplicatePhotos = ["a.jpg"]
        var other = kept
        other.image = "a.jpg"
        other.duplicatePhotos = nil
        other.duplicateOf = "b.jpg"
        try JobReportWriter(directory: root).write(job: "trip", pages: [
            PageResult(record: PageRecord(image: "a.jpg", job: "trip"), text: "CAFE ROMA\nTOTAL 12.50", entries: [], receipt: other),
            PageResult(record: PageRecord(image: "b.jpg", job: "trip"), text: "CAFE ROMA\nTOTAL 12.50", entries: [], receipt: kept),
        ])
        let report = try JSONDecoder().decode(ReceiptsReport.self, from: Data(contentsOf: URL(fileURLWithPath: "\(root)/receipts.json")))
        #expect(report.receipts.map(\.image) == ["b.jpg"])
        let csv = try String(contentsOfFile: "\(root)/receipts.csv", encoding: .utf8)
        #expect(csv.split(whereSeparator: \.isNewline).count == 2)
        let (_, pages) = try JobReportReader(directory: root).read()
        #expect(pages.first { $0.record.image == "a.jpg" }?.receipt == other)
        #expect(pages.first { $0.record.image == "a.jpg" }?.observation.receipt?.total == 12.5)
    }
}
