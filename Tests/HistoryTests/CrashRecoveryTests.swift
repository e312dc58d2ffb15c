import DecantTestSupport
import Foundation
import Testing
@testable import History

/// A writer killed inside its transaction must leave the history as it was before that run.
/// The writer runs in a child process (this same test binary, running only `childWriter`), which
/// stops inside the transaction; the parent SIGKILLs it there, as a power cut or an OOM kill would.
@Suite struct CrashRecoveryTests {
    static let childVariable = "DECANT_HISTORY_CRASH_CHILD"
    static var childPath: String? { ProcessInfo.processInfo.environment[childVariable] }

    @Test(.enabled(if: CrashRecoveryTests.childPath != nil, "runs only as the child process of writerKilledInsideItsTransaction"))
    func childWriter() throws {
        let path = try #require(Self.childPath)
        let store = try HistoryStore(path: path)
        _ = try store.record(Fixture.run([Fixture.job(Fixture.nightTwo)]), beforeCommit: {
            _ = FileManager.default.createFile(atPath: path + ".inside-transaction", contents: nil)
            while true { sleep(1) } // the parent kills us here
        })
        Issue.record("the child's transaction was committed; it should have been killed first")
    }

    @Test func writerKilledInsideItsTransaction() throws {
        // A local, not a stored property: the child process makes a suite instance too, and the killed
        // child would leave its folder behind. Kept alive to the end: the history in it is open until then.
        let folder = TemporaryFolder("decant-history")
        defer { withExtendedLifetime(folder) {} }
        let path = folder.file("history.sqlite")
        let store = try HistoryStore(path: path)
        let first = try store.record(Fixture.run([Fixture.job(Fixture.nightOne)]))

        let child = Process()
        child.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        child.arguments = ["--testing-library", "swift-testing", "--filter", "CrashRecoveryTests/childWriter"]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.childVariable: path]) { $1 }
        let output = Pipe()
        child.standardOutput = output
        child.standardError = output
        try child.run()
        let marker = path + ".inside-transaction"
        let deadline = Date().addingTimeInterval(120)
        while !FileManager.default.fileExists(atPath: marker) && child.isRunning && Date() < deadline { usleep(20_000) }
        let inside = FileManager.default.fileExists(atPath: marker)
        if child.isRunning { kill(child.processIdentifier, SIGKILL) }
        child.waitUntilExit()
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try #require(inside, "the child never reached its transaction:\n\(log)")
        #expect(child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGKILL)

        // The killed run is not there; what was there before is intact; the next run compares with it.
        let after = try HistoryStore(path: path)
        #expect(try after.runs().map(\.id) == [first.run.id])
        #expect(try after.sightings(ofJob: "bistro").map(\.entry) == Fixture.nightOne)
        let check = try after.database.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        #expect(check == ["ok"])
        let next = try after.record(Fixture.run([Fixture.job(Fixture.nightTwo)]))
        #expect(next.jobs.first?.previousRunID == first.run.id)
        #expect(next.jobs.first?.changes.count == 4)
    }
}
