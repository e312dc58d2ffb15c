import Catalogue
import Entries
import Evaluation
import Foundation
import Imaging
import Reporting
import StepTrace
import Testing
@testable import Jobs

/// The accuracy gate on hand-written fixtures: reports as `decant run` writes them, ground truth
/// beside the images. No OCR runs.
@Suite struct AccuracyGateTests {
    struct Fixture {
        let root: String
        var inbox: String { "\(root)/inbox" }
        var reports: String { "\(root)/reports" }
        var baseline: String { "\(root)/baseline/metrics.json" }

        static let truth: [(image: String, shape: String, lines: [String], entries: [(String, Int, Double)])] = [
            ("p1.jpg", "flat", ["RED WINES", "Opus One 2019 520", "Sassicaia 2018 410"],
             [("Opus One 2019 520", 2019, 520), ("Sassicaia 2018 410", 2018, 410)]),
            ("p2.jpg", "curl", ["WHITE WINES", "Chablis Grand Cru 2020 95", "Puligny-Montrachet 2019 210"],
             [("Chablis Grand Cru 2020 95", 2020, 95), ("Puligny-Montrachet 2019 210", 2019, 210)]),
        ]

        init() throws {
            root = NSTemporaryDirectory() + "decant-gate-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: "\(root)/inbox/bistro", withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            for page in Self.truth {
                let entries = page.entries.map { GroundTruth.Entry(text: $0.0, vintage: .year($0.1), prices: [Price(amount: $0.2)]) }
                let truth = GroundTruth(kind: .winelist, lines: page.lines, entries: entries,
                                        page: GroundTruth.PageTruth(shape: page.shape, layout: "one-column"))
                let base = (page.image as NSString).deletingPathExtension
                try encoder.encode(truth).write(to: URL(fileURLWithPath: "\(inbox)/bistro/\(base).gt.json"))
                try Data([0xFF, 0xD8]).write(to: URL(fileURLWithPath: "\(inbox)/bistro/\(page.image)"))
            }
            try writeReports(dropping: [])
        }

        /// Writes the reports of a run that read every page perfectly, except the lines listed.
        func writeReports(dropping dropped: Set<String>) throws {
            var pages: [PageResult] = []
            for page in Self.truth {
                var record = PageRecord(image: page.image, job: "bistro")
                record.kind = .winelist
                record.flatten = FlattenReportStub.none
                let lines = page.lines.filter { !dropped.contains($0) }
                record.lineCount = lines.count
                let entries = page.entries.enumerated().filter { !dropped.contains($0.element.0) }.map { index, e in
                    EntryRecord(job: "bistro", image: page.image,
                                entry: WineEntry(firstLine: index + 1, lastLine: index + 1, rawText: e.0,
                                                 box: PixelRect(x: 0, y: 0, width: 10, height: 10), name: e.0,
                                                 vintage: .year(e.1), prices: [Price(amount: e.2)]),
                                match: nil)
                }
                pages.append(PageResult(record: record, text: lines.joined(separator: "\n"), entries: entries))
            }
            try JobReportWriter(directory: "\(reports)/bistro").write(job: "bistro", pages: pages)
            let summary = RunSummary(decantVersion: "test", tesseractVersion: "test", inbox: inbox, settings: [:],
                                     jobs: [], wallClockMS: 0)
            try JSONReport.encode(summary).write(to: URL(fileURLWithPath: "\(reports)/summary.json"))
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func perfectRunScoresPerfectlyAndWritesMetrics() throws {
        let f = try Fixture()
        defer { f.remove() }
        let outcome = try AccuracyGate(reports: f.reports).run()
        #expect(outcome.report.images.count == 2)
        #expect(outcome.report.corpus.metrics[Metric.cer] == 0)
        #expect(outcome.report.corpus.metrics[Metric.entryF1] == 1)
        #expect(outcome.report.groups["shape"]?.keys.sorted() == ["curl", "flat"])
        #expect(outcome.report.groups["flatten"]?["none"]?.images == 2)
        #expect(outcome.report.images.map(\.truth) == ["bistro/p1.gt.json", "bistro/p2.gt.json"], "relative to the inbox")
        #expect(FileManager.default.fileExists(atPath: "\(f.reports)/metrics.json"))
        #expect(FileManager.default.fileExists(atPath: "\(f.reports)/metrics.csv"))
        #expect(FileManager.default.fileExists(atPath: "\(f.reports)/bistro/metrics.json"))
        #expect(outcome.exitCode == ExitStatus.success)
    }

    @Test func gatePassesOnTheSameRunAndFailsOnAWorseOne() throws {
        let f = try Fixture()
        defer { f.remove() }
        let written = try AccuracyGate(reports: f.reports, baseline: f.baseline, updateBaseline: true).run()
        #expect(written.baselineWritten)
        let baseline = try MetricsReport.load(path: f.baseline)
        #expect(baseline.gate == .standard)

        let same = try AccuracyGate(reports: f.reports, baseline: f.baseline).run()
        #expect(same.gate?.passed == true)
        #expect(same.exitCode == ExitStatus.success)

        // A worse pipeline: the curled page loses an entry (and its line).
        try f.writeReports(dropping: ["Puligny-Montrachet 2019 210"])
        let worse = try AccuracyGate(reports: f.reports, baseline: f.baseline).run()
        #expect(worse.exitCode == ExitStatus.accuracyRegression)
        let gate = try #require(worse.gate)
        let corpus = Set(gate.regressions.filter { $0.scope == "corpus" }.map(\.metric))
        #expect(corpus.isSuperset(of: [Metric.cer, Metric.wer, Metric.entryRecall, Metric.entryF1]))
        #expect(gate.regressions.contains { $0.scope == "shape curl" })
        #expect(!gate.regressions.contains { $0.scope == "shape flat" })
        #expect(gate.failures.contains { $0.hasPrefix("entryF1: 1.0000 → 0.8571") })
    }

    @Test func updatingKeepsTheBaselinesTolerances() throws {
        let f = try Fixture()
        defer { f.remove() }
        _ = try AccuracyGate(reports: f.reports, baseline: f.baseline, updateBaseline: true).run()
        var baseline = try MetricsReport.load(path: f.baseline)
        baseline.gate?.defaultTolerance = 0.5
        baseline.gate?.tolerances = [:]
        try MetricsReportWriter.writeBaseline(baseline, to: f.baseline)
        try f.writeReports(dropping: ["Puligny-Montrachet 2019 210"])
        #expect(try AccuracyGate(reports: f.reports, baseline: f.baseline).run().gate?.passed == true)
        _ = try AccuracyGate(reports: f.reports, baseline: f.baseline, updateBaseline: true).run()
        #expect(try MetricsReport.load(path: f.baseline).gate?.defaultTolerance == 0.5)
    }

    @Test func missingBaselineOrTruthIsAUsageError() throws {
        let f = try Fixture()
        defer { f.remove() }
        #expect(throws: RunError.self) { try AccuracyGate(reports: f.reports, baseline: "\(f.root)/nope.json").run() }
        #expect(throws: RunError.self) { try AccuracyGate(reports: f.reports, inbox: "\(f.root)/nowhere").run() }
        try FileManager.default.createDirectory(atPath: "\(f.root)/empty/bistro", withIntermediateDirectories: true)
        do {
            _ = try AccuracyGate(reports: f.reports, inbox: "\(f.root)/empty").run()
            Issue.record("expected an error: no ground truth")
        } catch {
            #expect(error.message.contains("no image of this run has ground truth"))
            #expect(error.exitCode == ExitStatus.usage)
        }
    }

    @Test func unreadableTruthIsNamedAndTheRestIsEvaluated() throws {
        let f = try Fixture()
        defer { f.remove() }
        try "{not json".write(toFile: "\(f.inbox)/bistro/p2.gt.json", atomically: true, encoding: .utf8)
        let outcome = try AccuracyGate(reports: f.reports).run()
        #expect(outcome.report.images.map(\.image) == ["p1.jpg"])
        #expect(outcome.report.problems.count == 1)
        #expect(outcome.report.problems.first?.contains("p2.gt.json") == true)
    }

    /// A real list's truth (the shared lists' format) scores the document's entries in `decant eval` as it
    /// does during the run, so a gate over reports holds the lists' pooled figures too.
    @Test func aRealListsTruthIsScoredByEntriesAndGated() throws {
        let root = NSTemporaryDirectory() + "decant-gate-list-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let inbox = "\(root)/inbox", reports = "\(root)/reports", baseline = "\(root)/baseline.json"
        try FileManager.default.createDirectory(atPath: "\(inbox)/cellar", withIntermediateDirectories: true)
        try Data("%PDF-1.4".utf8).write(to: URL(fileURLWithPath: "\(inbox)/cellar/list.pdf"))
        let truth = #"{"file": "list.pdf", "pages": [1], "entries": ["#
            + #"{"text": "Barolo Vietti 2018", "vintage": 2018, "prices": {"bottle": 90}, "page": 1},"#
            + #"{"text": "Chablis Fevre 2021", "vintage": 2021, "prices": {"bottle": 55}, "page": 1}]}"#
        try Data(truth.utf8).write(to: URL(fileURLWithPath: "\(inbox)/cellar/list.gt.json"))

        func writeReports(chablisPrice: Double) throws {
            var record = PageRecord(image: "list.pdf", job: "cellar")
            record.page = 1
            record.kind = .winelist
            let wines = [("Barolo Vietti 2018", 2018, 90.0), ("Chablis Fevre 2021", 2021, chablisPrice)]
            let entries = wines.enumerated().map { index, wine in
                var entry = EntryRecord(job: "cellar", image: "list.pdf",
                                        entry: WineEntry(firstLine: index + 1, lastLine: index + 1, rawText: wine.0,
                                                         box: PixelRect(x: 0, y: 0, width: 10, height: 10), name: wine.0,
                                                         vintage: .year(wine.1), prices: [Price(amount: wine.2)]),
                                        match: nil)
                entry.page = 1
                return entry
            }
            let page = PageResult(record: record, text: wines.map(\.0).joined(separator: "\n"), entries: entries)
            try JobReportWriter(directory: "\(reports)/cellar").write(job: "cellar", pages: [page])
        }

        try writeReports(chablisPrice: 55)
        let written = try AccuracyGate(reports: reports, inbox: inbox, baseline: baseline, updateBaseline: true).run()
        let lists = try #require(written.report.lists)
        #expect(lists.map(\.file) == ["list.pdf"])
        #expect(lists.first?.truth == "cellar/list.gt.json")
        #expect(written.report.listTotals?.recall == 1)
        #expect(written.report.listTotals?.highestPriceAccuracy == 1)
        #expect(written.report.problems.isEmpty, "a list's truth is no page's truth")
        #expect(try MetricsReport.load(path: baseline).listTotals?.recall == 1)

        // The Chablis read at the wrong price: the lists' pooled price figures fall and the gate fails.
        try writeReports(chablisPrice: 35)
        let worse = try AccuracyGate(reports: reports, inbox: inbox, baseline: baseline).run()
        #expect(worse.exitCode == ExitStatus.accuracyRegression)
        let regressions = try #require(worse.gate).regressions.filter { $0.scope == Gate.listsScope }.map(\.metric)
        #expect(Set(regressions).isSuperset(of: ["listHighestPrice", "listPriceSets"]))
    }
}

import Flattening

enum FlattenReportStub {
    static let none = FlattenReport(method: .none)
}
