import Documents
import Pipeline
import Catalogue
import DecantTestSupport
import Entries
import Foundation
import History
import Imaging
import Reporting
import Testing
@testable import Jobs

/// How a run's results reach the history and the change reports, without OCR.
@Suite struct HistoryRecorderTests {
    let folder = TemporaryFolder("decant-recorder")

    static func record(_ name: String, image: String = "list.png", vintage: Int, bottle: Double, match: MatchResult?) -> EntryRecord {
        let entry = WineEntry(firstLine: 0, lastLine: 0, rawText: "\(name) \(vintage) \(Int(bottle))",
                              box: PixelRect(x: 0, y: 0, width: 10, height: 10), section: "Red", name: name,
                              vintage: .year(vintage), prices: [Price(amount: bottle, column: .bottle)])
        return EntryRecord(job: "bistro", image: image, entry: entry, match: match)
    }

    static func match(_ id: String, _ name: String, _ type: MatchType) -> MatchResult {
        MatchResult(best: MatchCandidate(wineID: id, name: name, vintage: nil, score: 0.9), confidence: 0.9, type: type)
    }

    static func page(_ entries: [EntryRecord], image: String = "list.png", error: PageError? = nil) -> PageResult {
        var record = PageRecord(image: image, job: "bistro")
        record.error = error
        return PageResult(record: record, text: error == nil ? "" : nil, entries: entries)
    }

    @Test func onlyAMatchThatIdentifiesTheWineGivesACatalogueIdentity() {
        let exact = HistoryEntry(record: Self.record("Musar", vintage: 2015, bottle: 95, match: Self.match("dc-0100", "Château Musar", .exact)))
        #expect(exact.wineID == "dc-0100" && exact.wineName == "Château Musar")
        #expect(exact.vintage == .year(2015) && exact.prices == [Price(amount: 95, column: .bottle)] && exact.section == "Red")
        let variant = HistoryEntry(record: Self.record("Musar", vintage: 2015, bottle: 95, match: Self.match("dc-0100", "Château Musar", .vintageVariant)))
        #expect(variant.wineID == "dc-0100")
        let producer = HistoryEntry(record: Self.record("Musar Jeune", vintage: 2020, bottle: 40, match: Self.match("dc-0100", "Château Musar", .producerOnly)))
        #expect(producer.wineID == nil && producer.wineName == nil)
        #expect(WineIdentity(producer).description == "name:musar jeune@750ml")
        #expect(HistoryEntry(record: Self.record("Musar", vintage: 2015, bottle: 95, match: nil)).wineID == nil)
    }

    @Test func snapshotKeepsEveryImageWithItsErrorAndEveryEntry() {
        let failed = PageError(stage: .load, kind: "empty", message: "back.png: file is empty (0 bytes)")
        let snapshot = JobSnapshot(job: "bistro", pages: [
            Self.page([], image: "back.png", error: failed),
            Self.page([Self.record("Musar", vintage: 2015, bottle: 95, match: nil)]),
        ])
        #expect(snapshot.images.map(\.name) == ["back.png", "list.png"])
        #expect(snapshot.failedImages == ["back.png"])
        #expect(snapshot.entries.map(\.name) == ["Musar"])
    }

    @Test func writesChangeReportsAndHashesTheImages() throws {
        let root = folder.path
        try FileManager.default.createDirectory(atPath: root + "/inbox/bistro", withIntermediateDirectories: true)
        try Data("not really a photo".utf8).write(to: URL(fileURLWithPath: root + "/inbox/bistro/list.png"))
        let jobs = [Job(name: "bistro", directory: root + "/inbox/bistro", pages: [PageTask(job: "bistro", source: PageSource(path: root + "/inbox/bistro/list.png"))])]
        let recorder = HistoryRecorder(path: root + "/out/history.sqlite", output: root + "/out")
        func night(_ bottle: Double) -> RunRecord {
            RunRecord(startedAt: Date(), decantVersion: "test", inbox: root + "/inbox", catalogue: "built-in", jobs: [
                JobSnapshot(job: "bistro", pages: [Self.page([Self.record("Musar", vintage: 2015, bottle: bottle, match: Self.match("dc-0100", "Château Musar", .exact))])]),
            ])
        }
        let first = recorder.record(night(95), jobs: jobs)
        #expect(first.failure == nil && first.writeProblems.isEmpty)
        #expect(first.summary.newJobs == 1)
        let second = recorder.record(night(99), jobs: jobs)
        #expect(second.summary.totals.priceChanged == 1 && second.summary.totals.total == 1)
        let csv = try String(contentsOfFile: root + "/out/bistro/changes.csv", encoding: .utf8)
        #expect(csv == "job,change,wine_id,name,vintage,bottle_size_ml,section,column,old,new,image\r\n"
            + "bistro,price-changed,dc-0100,Château Musar,2015,,Red,bottle,95,99,list.png\r\n")
        let report = try JSONDecoder().decode(ChangeReport.Job.self, from: Data(contentsOf: URL(fileURLWithPath: root + "/out/bistro/changes.json")))
        #expect(report.previousRunId == first.summary.runId && report.runId == second.summary.runId)
        #expect(report.changes.map(\.kind) == [.priceChanged])
        // `sha256sum` of the file's 18 bytes.
        let store = try HistoryStore(path: root + "/out/history.sqlite", mode: .readOnly)
        let hashes = try store.images(job: "bistro", runID: 1).map(\.contentHash)
        #expect(hashes == ["8edd7daf0eb75502845657a637ad9e62b78a8dcdb67a1c6861fb7c91752d519a"])
    }

    @Test func aFailedHistoryRemovesLastNightsChangeReportsAndSaysWhy() throws {
        let root = folder.path
        try FileManager.default.createDirectory(atPath: root + "/out/bistro", withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: URL(fileURLWithPath: root + "/out/bistro/changes.json"))
        try Data(repeating: 7, count: 2048).write(to: URL(fileURLWithPath: root + "/history.sqlite"))
        let outcome = HistoryRecorder(path: root + "/history.sqlite", output: root + "/out").record(
            RunRecord(startedAt: Date(), decantVersion: "test", inbox: "/inbox", catalogue: "built-in",
                      jobs: [JobSnapshot(job: "bistro", pages: [Self.page([])])]), jobs: [])
        #expect(outcome.failure?.kind == .corrupt)
        #expect(!FileManager.default.fileExists(atPath: root + "/out/bistro/changes.json"))
        let summary = try JSONDecoder().decode(ChangeReport.Summary.self, from: Data(contentsOf: URL(fileURLWithPath: root + "/out/changes-summary.json")))
        #expect(!summary.recorded)
        #expect(summary.error == outcome.failure?.description)
    }
}
