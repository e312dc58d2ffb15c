import DecantTestSupport
import Dispatch
import Entries
import Foundation
import Testing
@testable import History

@Suite struct HistoryStoreTests {
    struct Rollback: Error {}

    let folder = TemporaryFolder("decant-history")

    @Test func secondNightReportsExactlyTheFourChanges() throws {
        let store = try HistoryStore(path: folder.file("history.sqlite"))
        let first = try store.record(Fixture.run([Fixture.job(Fixture.nightOne)]))
        #expect(first.jobs.count == 1)
        #expect(first.jobs[0].isNewJob)
        #expect(first.jobs[0].changes.map(\.kind) == [.newJob])

        let second = try store.record(Fixture.run([Fixture.job(Fixture.nightTwo)]))
        #expect(second.run.id > first.run.id)
        let job = try #require(second.jobs.first)
        #expect(job.previousRunID == first.run.id)
        #expect(job.changes.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.added, .priceChanged, .removed, .vintageChanged])
        // Straight from the stored night, the answer is the detector's on the values themselves.
        #expect(job.changes == ChangeDetector.changes(previous: Fixture.job(Fixture.nightOne), current: Fixture.job(Fixture.nightTwo)))
    }

    @Test func reRunOfAnUnchangedNightReportsNone() throws {
        let store = try HistoryStore(path: folder.file("history.sqlite"))
        _ = try store.record(Fixture.run([Fixture.job(Fixture.nightOne)]))
        let second = try store.record(Fixture.run([Fixture.job(Fixture.nightTwo)]))
        let again = try store.record(Fixture.run([Fixture.job(Fixture.nightTwo)]))
        #expect(again.jobs.first?.previousRunID == second.run.id)
        #expect(again.jobs.first?.changes == [])
    }

    @Test func storedEntriesReadBackAsRecorded() throws {
        let store = try HistoryStore(path: folder.file("history.sqlite"))
        var entries = Fixture.nightOne
        entries[0].prices.append(Price(amount: nil, column: .magnum))
        entries[1].bottleSizeML = 375
        entries[2].vintage = .nonVintage
        let recorded = try store.record(Fixture.run([Fixture.job(entries)]))
        let sightings = try store.sightings(ofJob: "bistro")
        #expect(sightings.map(\.entry) == entries)
        #expect(sightings.allSatisfy { $0.runID == recorded.run.id && $0.job == "bistro" })
        let images = try store.images(job: "bistro", runID: recorded.run.id)
        #expect(images.map(\.name) == ["page-1.png"])
        #expect(images.first?.contentHash?.count == 64)
    }

    @Test func jobsAreComparedWithTheirOwnPreviousRun() throws {
        let store = try HistoryStore(path: folder.file("history.sqlite"))
        let one = try store.record(Fixture.run([Fixture.job(Fixture.nightOne, name: "bistro")]))
        // A night on which only the osteria was photographed.
        _ = try store.record(Fixture.run([Fixture.job(Fixture.nightOne, name: "osteria")]))
        let three = try store.record(Fixture.run([Fixture.job(Fixture.nightTwo, name: "bistro"), Fixture.job(Fixture.nightOne, name: "osteria")]))
        let bistro = try #require(three.jobs.first { $0.job == "bistro" })
        #expect(bistro.previousRunID == one.run.id)
        #expect(bistro.changes.count == 4)
        #expect(three.jobs.first { $0.job == "osteria" }?.changes == [])
        #expect(try store.jobNames() == ["bistro", "osteria"])
    }

    @Test func aRunThatFailsInsideItsTransactionLeavesNoTrace() throws {
        let path = folder.file("history.sqlite")
        let store = try HistoryStore(path: path)
        let first = try store.record(Fixture.run([Fixture.job(Fixture.nightOne)]))
        #expect(throws: HistoryError.self) {
            try store.record(Fixture.run([Fixture.job(Fixture.nightTwo)]), beforeCommit: { throw Rollback() })
        }
        #expect(try store.runs().map(\.id) == [first.run.id])
        #expect(try store.sightings(ofJob: "bistro").count == Fixture.nightOne.count)
        // The next night is compared with the last complete run.
        let next = try store.record(Fixture.run([Fixture.job(Fixture.nightTwo)]))
        #expect(next.jobs.first?.previousRunID == first.run.id)
        #expect(next.jobs.first?.changes.count == 4)
    }

    @Test func aSecondWriterGetsALockedErrorNamingTheFile() throws {
        let path = folder.file("history.sqlite")
        let holder = try HistoryStore(path: path)
        let other = try HistoryStore(path: path, busyTimeout: 0.2)
        let inside = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let run = Fixture.run([Fixture.job(Fixture.nightOne)])
        DispatchQueue.global().async {
            _ = try? holder.record(run, beforeCommit: {
                inside.signal()
                release.wait()
            })
            done.signal()
        }
        inside.wait()
        var caught: HistoryError?
        do { _ = try other.record(Fixture.run([Fixture.job(Fixture.nightTwo)])) } catch { caught = error }
        release.signal()
        done.wait()
        let error = try #require(caught)
        #expect(error.kind == .locked)
        #expect(error.description.hasPrefix(path + ": "))
        #expect(error.description.contains("locked"))
        // The holder's run went in; the refused one did not.
        #expect(try other.runs().count == 1)
    }

    @Test func aFileThatIsNotADatabaseIsCorrupt() throws {
        let path = folder.file("history.sqlite")
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: HistoryError.self) { try HistoryStore(path: path) }
        #expect(error.kind == .corrupt)
        #expect(error.description.hasPrefix(path + ": "))
        #expect(error.description.contains("move it aside"))
        // Nothing was written over the user's file.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(repeating: 0x5A, count: 8192))
    }

    @Test func damagedPagesAreCorrupt() throws {
        let path = folder.file("history.sqlite")
        do {
            let store = try HistoryStore(path: path)
            for _ in 0..<20 { _ = try store.record(Fixture.run([Fixture.job(Fixture.nightOne)])) }
        } // closing the last connection checkpoints the WAL into the file
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        #expect(size > 16384)
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xFF, count: Int(size) - 4096))
        try handle.close()
        let error = try #require(throws: HistoryError.self) {
            let store = try HistoryStore(path: path)
            _ = try store.record(Fixture.run([Fixture.job(Fixture.nightTwo)]))
        }
        #expect(error.kind == .corrupt)
    }

    @Test func aHistoryFromANewerDecantIsLeftAlone() throws {
        let path = folder.file("history.sqlite")
        do {
            let store = try HistoryStore(path: path)
            try store.database.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')") }
        }
        let error = try #require(throws: HistoryError.self) { try HistoryStore(path: path) }
        #expect(error.kind == .newerSchema)
        let reading = try #require(throws: HistoryError.self) { try HistoryStore(path: path, mode: .readOnly) }
        #expect(reading.kind == .newerSchema)
    }

    @Test func readingAMissingHistoryNeverCreatesIt() throws {
        let path = folder.file("history.sqlite")
        let error = try #require(throws: HistoryError.self) { try HistoryStore(path: path, mode: .readOnly) }
        #expect(error.kind == .missing)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func theDatabaseIsInWALMode() throws {
        let store = try HistoryStore(path: folder.file("history.sqlite"))
        let mode = try store.database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func wineQueryFindsAWineAcrossJobsAndNightsByIdOrWords() throws {
        let path = folder.file("history.sqlite")
        let store = try HistoryStore(path: path)
        _ = try store.record(Fixture.run([Fixture.job(Fixture.nightOne, name: "bistro"), Fixture.job(Fixture.nightTwo, name: "osteria")]))
        _ = try store.record(Fixture.run([Fixture.job(Fixture.nightTwo, name: "bistro")]))
        let reader = try HistoryStore(path: path, mode: .readOnly)
        let byID = try reader.sightings(ofWine: "dc-0003")
        #expect(byID.map(\.job) == ["bistro", "bistro", "osteria"])
        #expect(byID.map { $0.entry.prices.first?.amount } == [80, 85, 85])
        let byWords = try reader.sightings(ofWine: "catena ALTA")
        #expect(byWords == byID)
        #expect(try reader.sightings(ofWine: "chateau musar").map(\.job) == ["bistro"])
        #expect(try reader.sightings(ofWine: "tempier", job: "osteria").count == 1)
        #expect(try reader.sightings(ofWine: "no such wine").isEmpty)
        #expect(try reader.sightings(ofJob: "bistro", lastRuns: 1).count == Fixture.nightTwo.count)
    }
}
