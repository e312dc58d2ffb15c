import DecantTestSupport
import Foundation
import Testing

/// `decant run --shard K/N` as N separate processes, then `decant merge`, against one plain run
/// over the same inbox: every report file must be the same, byte for byte, once timing fields
/// (`timingsMS`, `wallClockMS`, the HTML's stage times) are taken out.
@Suite(.serialized) struct ShardMergeEndToEndTests {
    static let shards = 3

    let scratch = TemporaryFolder("decant-e2e")

    /// Corpus/smoke (two wine lists and a receipt, with ground truth), two synthesized receipts in
    /// a job of their own, and a job of small files, one of them broken (a failed page must merge too).
    func makeInbox() throws -> String {
        let inbox = scratch.folder("inbox")
        let smoke = Repository.root + "/Corpus/smoke"
        try FileManager.default.copyItem(atPath: smoke, toPath: inbox + "/smoke")
        let synth = try DecantProcess.run(["synth", inbox + "/receipts", "--count", "2", "--kind", "receipt", "--seed", "11",
                                       "--size", "600x900", "--shape", "flat", "--no-turns", "--jobs", "1", "--effects", "clean", "--depth-size", "none",
                                       "--fonts", "clean", "--quiet"])
        try #require(synth.status == 0, "decant synth failed: \(synth.stderr)")
        try FileManager.default.createDirectory(atPath: inbox + "/misc", withIntermediateDirectories: true)
        for i in 0..<4 {
            #expect(FileManager.default.createFile(atPath: inbox + "/misc/blank-\(i).png", contents: Data(RunErrorHandlingTests.blankPNG)))
        }
        #expect(FileManager.default.createFile(atPath: inbox + "/misc/broken.jpg", contents: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])))
        return inbox
    }

    /// Every file under `folder` (relative paths), leaving out what is not a report: the history
    /// database, the shard record and `.decant/` (the lock, and the page cache, where identical
    /// images of a job share one file holding whichever was read last).
    static func files(in folder: String) -> [String] {
        let all = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return all.filter { path in
            guard !path.hasPrefix(".decant/") else { return false }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: "\(folder)/\(path)", isDirectory: &isDirectory)
            let name = (path as NSString).lastPathComponent
            return !isDirectory.boolValue && !name.hasPrefix("history.sqlite") && name != "shard.json"
        }.sorted()
    }

    /// Times and clock readings: stage times, wall clock, the rectifier's step times (`ms.*` in a
    /// page's flatten steps) and the history's run start.
    static func isTiming(_ key: String) -> Bool {
        ["timingsMS", "wallClockMS", "runStartedAt"].contains(key) || key.hasPrefix("ms.")
    }

    /// The file with its timing fields removed (see `isTiming`), at any depth.
    /// Other files are compared as they are, except the HTML pages' time figures. The output
    /// folder's own path (the history's location in changes-summary.json) reads as "OUT".
    static func comparable(_ path: String, output: String) throws -> Data {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        guard ["json", "csv", "txt", "html"].contains((path as NSString).pathExtension) else { return bytes }
        let data = Data(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: output, with: "OUT").utf8)
        if path.hasSuffix(".json") {
            let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return try JSONSerialization.data(withJSONObject: stripped(object), options: [.sortedKeys, .fragmentsAllowed])
        }
        if path.hasSuffix(".html") {
            return Data(HTMLTimings.strip(String(decoding: data, as: UTF8.self)).utf8)
        }
        return data
    }

    static func stripped(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return object.filter { !isTiming($0.key) }.mapValues(stripped)
        }
        if let array = value as? [Any] { return array.map(stripped) }
        return value
    }

    static func imagesIn(pagesOf folder: String) throws -> [String] {
        try files(in: folder).filter { $0.hasSuffix("pages.json") }.flatMap { path -> [String] in
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(path)")))
            let pages = (object as? [String: Any])?["pages"] as? [[String: Any]] ?? []
            return pages.compactMap { page in (page["job"] as? String).flatMap { job in (page["image"] as? String).map { "\(job)/\($0)" } } }
        }.sorted()
    }

    @Test func shardsRunAsSeparateProcessesThenMergedEqualOneRun() throws {
        let inbox = try makeInbox()
        let whole = scratch.file("whole")
        let one = try DecantProcess.run(["run", inbox, "--out", whole, "--jobs", "2", "--quiet"])
        // 2: the broken image failed, everything else was read.
        #expect(one.status == 2, "decant run exited \(one.status): \(one.stderr)")

        let base = scratch.folder("shards")
        let outs = (1...Self.shards).map { "\(base)/shard-\($0)" }
        let processes = try outs.enumerated().map { k, out in
            try RunningDecant(["run", inbox, "--out", out, "--shard", "\(k + 1)/\(Self.shards)", "--jobs", "1", "--quiet"])
        }
        for (k, process) in processes.enumerated() {
            let (status, stderr) = process.wait()
            #expect(status == 0 || status == 2, "shard \(k + 1) exited \(status): \(stderr)")
            #expect(FileManager.default.fileExists(atPath: outs[k] + "/shard.json"))
            #expect(!FileManager.default.fileExists(atPath: outs[k] + "/history.sqlite"), "a shard recorded history")
        }
        // The shards split the images: disjoint, none empty here, together all of them.
        let wholeImages = try Self.imagesIn(pagesOf: whole)
        #expect(wholeImages.count == 10)
        let parts = try outs.map { try Self.imagesIn(pagesOf: $0) }
        #expect(parts.allSatisfy { !$0.isEmpty && $0.count < wholeImages.count }, "parts: \(parts)")
        #expect(parts.flatMap { $0 }.sorted() == wholeImages)
        #expect(Set(parts.flatMap { $0 }).count == wholeImages.count)

        let merged = base + "/merged"
        let merge = try DecantProcess.run(["merge"] + outs.reversed() + ["--out", merged, "--quiet"])
        #expect(merge.status == 2, "decant merge exited \(merge.status): \(merge.stderr)")
        #expect(FileManager.default.fileExists(atPath: merged + "/history.sqlite"), "the merged run is recorded once")

        let expected = Self.files(in: whole)
        #expect(expected.contains("index.html") && expected.contains("metrics.json") && expected.contains("summary.json"))
        #expect(expected.contains("smoke/receipts.csv") && expected.contains("receipts/items.json"))
        #expect(Self.files(in: merged) == expected)
        // The merged folder keeps the pages, so a later run into it reads nothing again.
        let cached = try FileManager.default.contentsOfDirectory(atPath: merged + "/.decant/results")
        #expect(Set(cached) == Set(try FileManager.default.contentsOfDirectory(atPath: whole + "/.decant/results")))
        for file in expected where FileManager.default.fileExists(atPath: "\(merged)/\(file)") {
            let a = try Self.comparable("\(whole)/\(file)", output: whole)
            let b = try Self.comparable("\(merged)/\(file)", output: merged)
            #expect(a == b, "\(file) differs between the single run and the merge")
        }
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "x/3", "1-3", "2", "-1/3", "1/3/3", ""])
    func invalidShardIsAUsageError(_ value: String) throws {
        let result = try DecantProcess.run(["run", Repository.root + "/Corpus/smoke", "--out", scratch.folder("out"),
                                        "--shard", value, "--quiet"])
        #expect(result.status == 64, "--shard \(value): exit \(result.status), \(result.stderr)")
    }

    @Test func mergeRefusesMissingOrUnfinishedShards() throws {
        let inbox = scratch.folder("inbox")
        for i in 0..<3 { #expect(FileManager.default.createFile(atPath: "\(inbox)/blank-\(i).png", contents: Data(RunErrorHandlingTests.blankPNG))) }
        let base = scratch.folder("shards")
        let first = try DecantProcess.run(["run", inbox, "--out", base + "/s1", "--shard", "1/2", "--jobs", "1", "--quiet", "--no-html"])
        #expect(first.status == 0, "stderr: \(first.stderr)")
        let missing = try DecantProcess.run(["merge", base + "/s1", "--out", base + "/m", "--quiet"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("2/2"), "stderr: \(missing.stderr)")
        try FileManager.default.createDirectory(atPath: base + "/s2", withIntermediateDirectories: true)
        let unfinished = try DecantProcess.run(["merge", base + "/s1", base + "/s2", "--out", base + "/m", "--quiet"])
        #expect(unfinished.status == 64)
        #expect(unfinished.stderr.contains("s2: not a finished shard"), "stderr: \(unfinished.stderr)")
        // Two unfinished shards (a cancelled task and one out of time): both named, so both are re-run.
        try FileManager.default.createDirectory(atPath: base + "/s3", withIntermediateDirectories: true)
        let two = try DecantProcess.run(["merge", base + "/s1", base + "/s2", base + "/s3", "--out", base + "/m", "--quiet"])
        #expect(two.status == 64)
        #expect(two.stderr.contains("s2: not a finished shard") && two.stderr.contains("s3: not a finished shard"),
                "stderr: \(two.stderr)")
        let twice = try DecantProcess.run(["merge", base + "/s1", base + "/s1", "--out", base + "/m", "--quiet"])
        #expect(twice.status == 64)
    }
}

/// What differs between two renderings of the same review page besides content: times printed as
/// "12.3 s" (the run's wall clock, a job's and a page's reading time), the rectifier's step times
/// (`<dt>ms.angle</dt><dd>58</dd>`), and the script nonce of the Content-Security-Policy, which is
/// fresh on every rendering by design.
enum HTMLTimings {
    static func strip(_ html: String) -> String {
        [(#"[0-9]+(\.[0-9]+)? s\b"#, "# s"), (#"<dt>ms\.([a-zA-Z]+)</dt><dd>[0-9.]+</dd>"#, "<dt>ms.$1</dt><dd>#</dd>"),
         (#"nonce-[a-z0-9]+"#, "nonce-#"), (#"nonce="[a-z0-9]+""#, "nonce=\"#\"")]
            .reduce(html) { $0.replacingOccurrences(of: $1.0, with: $1.1, options: .regularExpression) }
    }
}
