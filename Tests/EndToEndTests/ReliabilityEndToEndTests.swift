import DecantTestSupport
import Foundation
import Testing

/// The runner's promises for a nightly batch: a crash or a hang on one image costs only that image,
/// re-runs skip what has not changed, and two runs never write one output folder at once.
@Suite(.serialized) struct ReliabilityEndToEndTests {
    static let smoke = Repository.root + "/Corpus/smoke"

    let scratch = TemporaryFolder("decant-e2e")

    static func pages(_ out: String, job: String = "smoke") throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(job)/pages.json"))
        let pages = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["pages"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: pages.map { ($0["image"] as? String ?? "", $0) })
    }

    static func errorMessage(_ page: [String: Any]?) -> String? {
        (page?["error"] as? [String: Any])?["message"] as? String
    }

    @Test func aWorkerKilledWithSIGSEGVMidImageFailsOnlyThatImage() throws {
        let out = scratch.folder("out")
        let run = try RunningDecant(["run", Self.smoke, "--out", out, "--jobs", "1", "--no-history", "--log-format", "json"])
        // One image done: the worker is now reading the next one.
        _ = try #require(run.readLine())
        let workers = run.children
        try #require(workers.count == 1, "expected one worker process, found \(workers)")
        kill(workers[0], SIGSEGV)
        let (status, stderr) = run.wait()
        #expect(status == 2, "some images failed → exit 2; stderr: \(stderr)")
        let pages = try Self.pages(out)
        let failed = pages.values.filter { $0["error"] != nil }
        #expect(pages.count == 3)
        #expect(failed.count == 1)
        let message = try #require(Self.errorMessage(failed.first))
        #expect(message.contains("SIGSEGV"))
        #expect(message.hasPrefix(failed.first?["image"] as? String ?? "?"))
    }

    @Test func aHangingWorkerIsStoppedAtTheTimeoutAndTheRunGoesOn() throws {
        let out = scratch.folder("out")
        // Long enough for a debug build on a busy machine to read a page; the stopped worker never answers.
        let run = try RunningDecant(["run", Self.smoke, "--out", out, "--jobs", "1", "--no-history", "--log-format", "json",
                                     "--timeout", "25"])
        _ = try #require(run.readLine())
        let workers = run.children
        try #require(workers.count == 1)
        kill(workers[0], SIGSTOP)   // a hang: the worker never answers
        let (status, _) = run.wait()
        #expect(status == 2)
        let pages = try Self.pages(out)
        let failed = pages.values.filter { $0["error"] != nil }
        #expect(failed.count == 1)
        #expect(Self.errorMessage(failed.first)?.contains("gave up after 25 s") == true)
        #expect(pages.values.filter { $0["error"] == nil }.count == 2, "a fresh worker read the image after the hung one")
    }

    @Test func reRunsSkipUnchangedImagesRedoChangedOnesAndForceRedoesAll() throws {
        let inbox = scratch.folder("inbox"), out = scratch.folder("out")
        try FileManager.default.createDirectory(atPath: inbox + "/smoke", withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.smoke) {
            try FileManager.default.copyItem(atPath: "\(Self.smoke)/\(name)", toPath: "\(inbox)/smoke/\(name)")
        }
        func reusedCount(_ arguments: [String]) throws -> (reused: Int, read: Int) {
            let result = try DecantProcess.run(["run", inbox, "--out", out, "--no-history", "--log-format", "json"] + arguments)
            #expect(result.status == 0, "stderr: \(result.stderr)")
            let images = result.stdout.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String]
            }.filter { $0["event"] == "image" }
            let reused = images.filter { $0["reused"] == "true" }.count
            return (reused, images.count - reused)
        }
        let first = try reusedCount([])
        #expect(first.reused == 0 && first.read == 3)
        let entriesBefore = try String(contentsOfFile: out + "/smoke/entries.csv", encoding: .utf8)
        let again = try reusedCount([])
        #expect(again.reused == 3 && again.read == 0)
        #expect(try String(contentsOfFile: out + "/smoke/entries.csv", encoding: .utf8) == entriesBefore)
        // A changed sidecar is a changed image.
        let truth = inbox + "/smoke/winelist-0001.gt.json"
        try (try String(contentsOfFile: truth, encoding: .utf8) + " ").write(toFile: truth, atomically: true, encoding: .utf8)
        let changed = try reusedCount([])
        #expect(changed.reused == 2 && changed.read == 1)
        // Different settings are a different result.
        let otherSettings = try reusedCount(["--psm", "6"])
        #expect(otherSettings.reused == 0)
        let forced = try reusedCount(["--psm", "6", "--force"])
        #expect(forced.reused == 0 && forced.read == 3)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))) as? [String: Any]
        let images = manifest?["images"] as? [[String: Any]] ?? []
        #expect(images.count == 3)
        #expect(images.allSatisfy { ($0["content"] as? String)?.count == 64 })
    }

    @Test func twoRunsCannotWriteTheSameOutput() throws {
        let out = scratch.folder("out")
        let first = try RunningDecant(["run", Self.smoke, "--out", out, "--jobs", "1", "--no-history", "--log-format", "json"])
        _ = try #require(first.readLine())
        let second = try DecantProcess.run(["run", Self.smoke, "--out", out, "--no-history"])
        #expect(second.status == 75)
        #expect(second.stderr.contains("pid \(first.process.processIdentifier)"))
        #expect(first.wait().status == 0)
    }
}
