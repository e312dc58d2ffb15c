import DecantTestSupport
import Dispatch
import Entries
import Foundation
import History
import Imaging
import Testing

/// `decant run --history` and `decant history`, on the real binary.
@Suite struct HistoryEndToEndTests {
    let scratch = TemporaryFolder("decant-e2e")

    static func json(_ path: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        return try #require(object as? [String: Any], "\(path) is not a JSON object")
    }

    func makeInbox(_ name: String = "inbox", jobs: [String: Int]) throws -> String {
        let inbox = scratch.folder(name)
        for (job, count) in jobs {
            try FileManager.default.createDirectory(atPath: "\(inbox)/\(job)", withIntermediateDirectories: true)
            for i in 0..<count {
                #expect(FileManager.default.createFile(atPath: "\(inbox)/\(job)/page-\(i).png", contents: Data(RunErrorHandlingTests.blankPNG)))
            }
        }
        return inbox
    }

    @Test func runRecordsHistoryInsideOutByDefaultAndReportsNewJobThenNothing() throws {
        let inbox = try makeInbox(jobs: ["bistro": 2])
        let out = scratch.folder("out")
        let first = try DecantProcess.run(["run", inbox, "--out", out, "--jobs", "1"])
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/history.sqlite"))
        #expect(first.stdout.contains("1 new job(s)"))
        let rows = try CSVRows.parse(try String(contentsOfFile: out + "/bistro/changes.csv", encoding: .utf8))
        #expect(rows.first == Change.csvHeader)
        #expect(rows.dropFirst().map { Array($0.prefix(2)) } == [["bistro", "new-job"]])
        let summary = try Self.json(out + "/changes-summary.json")
        #expect(summary["recorded"] as? Bool == true)
        #expect(summary["newJobs"] as? Int == 1)

        let second = try DecantProcess.run(["run", inbox, "--out", out, "--jobs", "1", "--quiet"])
        #expect(second.status == 0, "stderr: \(second.stderr)")
        #expect(try CSVRows.parse(try String(contentsOfFile: out + "/bistro/changes.csv", encoding: .utf8)) == [Change.csvHeader])
        let job = try Self.json(out + "/bistro/changes.json")
        #expect(job["newJob"] as? Bool == false)
        #expect(job["previousRunId"] as? Int == 1)
        #expect((job["changes"] as? [Any])?.isEmpty == true)
        // Both runs are in the history, with the images' content hashes.
        let store = try HistoryStore(path: out + "/history.sqlite", mode: .readOnly)
        #expect(try store.runs().map(\.id) == [1, 2])
        let images = try store.images(job: "bistro", runID: 2)
        // `sha256sum` of RunErrorHandlingTests.blankPNG.
        let blankHash = "a7a4c149f02934a99249ab019fea1d3e540d4b2ac350e891e1a7c5e4219e2964"
        #expect(images.map(\.contentHash) == [blankHash, blankHash])
    }

    @Test func corruptHistoryIsAClearErrorAndTheReportsAreStillWritten() throws {
        let inbox = try makeInbox(jobs: ["bistro": 1])
        let out = scratch.folder("out")
        let history = scratch.file("night.sqlite")
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: history))
        // Last night's change report must not survive as if it were tonight's.
        try FileManager.default.createDirectory(atPath: out + "/bistro", withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: URL(fileURLWithPath: out + "/bistro/changes.csv"))

        let result = try DecantProcess.run(["run", inbox, "--out", out, "--history", history, "--quiet"])
        #expect(result.status == 4, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("decant: \(history): history database is corrupt"))
        #expect(result.stderr.contains("reports were written"))
        for report in ["summary.json", "bistro/entries.csv", "bistro/entries.json", "bistro/pages.json", "bistro/page-0.txt"] {
            #expect(FileManager.default.fileExists(atPath: "\(out)/\(report)"), "\(report) missing")
        }
        #expect(!FileManager.default.fileExists(atPath: out + "/bistro/changes.csv"))
        let summary = try Self.json(out + "/changes-summary.json")
        #expect(summary["recorded"] as? Bool == false)
        #expect((summary["error"] as? String)?.hasPrefix(history + ": ") == true)
        // The user's file is left as it was.
        #expect(try Data(contentsOf: URL(fileURLWithPath: history)) == Data(repeating: 0x42, count: 4096))

        let query = try DecantProcess.run(["history", "job", "bistro", "--history", history])
        #expect(query.status == 4)
        #expect(query.stderr.contains("corrupt"))
    }

    @Test func lockedHistoryIsAClearErrorAfterTheBusyTimeout() throws {
        let inbox = try makeInbox(jobs: ["bistro": 1])
        let out = scratch.folder("out")
        let history = out + "/history.sqlite"
        // Another writer sits inside its transaction for the whole run.
        let holder = try HistoryStore(path: history)
        let inside = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let run = RunRecord(startedAt: Date(), decantVersion: "test", inbox: "/in", catalogue: "built-in", jobs: [JobSnapshot(job: "other")])
        DispatchQueue.global().async {
            _ = try? holder.record(run, beforeCommit: { inside.signal(); release.wait() })
            done.signal()
        }
        inside.wait()
        let result = try DecantProcess.run(["run", inbox, "--out", out, "--quiet"])
        release.signal()
        done.wait()
        #expect(result.status == 4, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("decant: \(history): history database is locked by another process"))
        #expect(FileManager.default.fileExists(atPath: out + "/bistro/entries.csv"))
        // Only the other writer's run is there.
        #expect(try HistoryStore(path: history, mode: .readOnly).jobNames() == ["other"])
    }

    @Test func historySurvivesARunKilledMidWay() throws {
        let out = scratch.folder("out")
        let nightOne = try makeInbox("night-1", jobs: ["bistro": 1])
        #expect(try DecantProcess.run(["run", nightOne, "--out", out, "--quiet"]).status == 0)

        // Night two has a slow second job; the run is killed while it reads that job.
        let nightTwo = try makeInbox("night-2", jobs: ["bistro": 1])
        try FileManager.default.createDirectory(atPath: nightTwo + "/osteria", withIntermediateDirectories: true)
        // Blank pages: about a tenth of a second each, so the kill lands well before the run ends.
        let page = Raster(width: 1000, height: 1400)
        for i in 0..<20 { try PNGFile.write(page, to: "\(nightTwo)/osteria/page-\(i).png") }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: DecantProcess.binary)
        process.arguments = ["run", nightTwo, "--out", out, "--jobs", "1", "--log-format", "json"]
        process.environment = ProcessInfo.processInfo.environment.merging(["OMP_THREAD_LIMIT": "1"]) { $1 }
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let watchdog = Watchdog.arm(process)
        var buffer = Data()
        var sawOsteria = false
        while !sawOsteria {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break } // the run ended before it could be killed
            buffer += chunk
            sawOsteria = String(decoding: buffer, as: UTF8.self).contains("\"job\":\"osteria\"")
        }
        if sawOsteria { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        watchdog.cancel()
        try #require(sawOsteria && process.terminationReason == .uncaughtSignal, "the run was not killed mid-way")

        // Only night one is in the history; the killed run left nothing behind.
        let listing = try DecantProcess.run(["history", "job", "bistro", "--history", out + "/history.sqlite", "--format", "csv"])
        #expect(listing.status == 0, "stderr: \(listing.stderr)")
        let missing = try DecantProcess.run(["history", "job", "osteria", "--history", out + "/history.sqlite"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("no job \"osteria\""))
        let store = try HistoryStore(path: out + "/history.sqlite", mode: .readOnly)
        #expect(try store.runs().count == 1)

        // Tonight's complete run compares with night one.
        let rerun = try DecantProcess.run(["run", nightTwo, "--out", out, "--quiet", "--jobs", "1"])
        #expect(rerun.status == 0, "stderr: \(rerun.stderr)")
        let bistro = try Self.json(out + "/bistro/changes.json")
        #expect(bistro["previousRunId"] as? Int == 1)
        #expect((try Self.json(out + "/osteria/changes.json"))["newJob"] as? Bool == true)
    }

    @Test func historyCommandsPrintTablesCSVAndJSON() throws {
        let path = scratch.file("history.sqlite")
        let store = try HistoryStore(path: path)
        func entry(_ name: String, _ id: String, _ vintage: Int, _ prices: [(PriceColumn, Double)]) -> HistoryEntry {
            HistoryEntry(image: "list.png", name: name, wineID: id, wineName: name, vintage: .year(vintage), section: "Red",
                         prices: prices.map { Price(amount: $0.1, column: $0.0) }, rawText: name)
        }
        let alta = "Catena Zapata Catena Alta Malbec", musar = "Château Musar"
        for (night, price) in [(1, 80.0), (2, 85.0)] {
            _ = try store.record(RunRecord(startedAt: Date(timeIntervalSince1970: 1_790_000_000 + Double(night) * 86_400),
                                           decantVersion: "test", inbox: "/in", catalogue: "built-in", jobs: [
                JobSnapshot(job: "bistro", images: [HistoryImage(name: "list.png")],
                            entries: [entry(alta, "dc-0003", 2018, [(.glass, 20), (.bottle, price)]), entry(musar, "dc-0100", 2015, [(.bottle, 95)])]),
                JobSnapshot(job: "osteria", images: [HistoryImage(name: "list.png")],
                            entries: [entry(alta, "dc-0003", 2019, [(.bottle, 90)])]),
            ]))
        }
        let table = try DecantProcess.run(["history", "wine", "catena alta", "--history", path])
        #expect(table.status == 0, "stderr: \(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 + 4)
        #expect(lines.first?.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            == ["NIGHT", "RUN", "JOB", "WINE", "ID", "VINTAGE", "ML", "SECTION", "GLASS", "BOTTLE"])
        #expect(lines.dropFirst(2).map { $0.contains("bistro") ? "b" : "o" } == ["b", "b", "o", "o"])
        #expect(lines[2].hasSuffix("20     80") && lines[3].hasSuffix("20     85"), "\(lines)")

        let csv = try DecantProcess.run(["history", "wine", "dc-0003", "--history", path, "--format", "csv", "--job", "bistro"])
        let rows = try CSVRows.parse(csv.stdout)
        #expect(rows.first == ["night", "run_id", "job", "wine", "wine_id", "vintage", "bottle_size_ml", "section", "glass", "bottle"])
        #expect(rows.dropFirst().map { [$0[1], $0[2], $0[8], $0[9]] } == [["1", "bistro", "20", "80"], ["2", "bistro", "20", "85"]])
        #expect(rows.dropFirst().first?.first == "2026-09-22T14:13:20Z")

        let json = try DecantProcess.run(["history", "job", "bistro", "--history", path, "--format", "json", "--last", "1"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["wineId"] as? String } == ["dc-0003", "dc-0100"])
        #expect(items.allSatisfy { $0["runId"] as? Int == 2 })
        let prices = try #require(items.first?["prices"] as? [[String: Any]])
        #expect(prices.map { $0["column"] as? String } == ["glass", "bottle"])
        #expect(prices.map { $0["amount"] as? Double } == [20, 85])

        let none = try DecantProcess.run(["history", "wine", "no such wine", "--history", path])
        #expect(none.status == 0)
        #expect(none.stderr.contains("no wine matching"))
        let missing = try DecantProcess.run(["history", "wine", "musar", "--history", path + ".absent"])
        #expect(missing.status == 64)
        #expect(!FileManager.default.fileExists(atPath: path + ".absent"))
    }
}
