import DecantTestSupport
import Foundation
import Testing

/// The runner's promises about bad input and bad invocations, checked on the real binary.
@Suite struct RunErrorHandlingTests {
    let scratch = TemporaryFolder("decant-e2e")

    /// A valid 8×8 white PNG, written without any project code.
    static let blankPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x08, 0x08, 0x00, 0x00, 0x00, 0x00, 0xE1, 0x64, 0xE1,
        0x57, 0x00, 0x00, 0x00, 0x0E, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0x0F, 0x05, 0x0C,
        0x94, 0x31, 0x00, 0xF7, 0xC0, 0x3F, 0xC1, 0xB2, 0x34, 0x41, 0xBB, 0x00, 0x00, 0x00, 0x00, 0x49,
        0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    @Test func corruptImageIsRecordedAndTheBatchGoesOn() throws {
        let inbox = scratch.folder("inbox"), out = scratch.folder("out")
        try FileManager.default.createDirectory(atPath: inbox + "/job", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: inbox + "/job/good.png", contents: Data(Self.blankPNG)))
        #expect(FileManager.default.createFile(atPath: inbox + "/job/broken.jpg", contents: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])))
        #expect(FileManager.default.createFile(atPath: inbox + "/job/empty.png", contents: Data()))
        let result = try DecantProcess.run(["run", inbox, "--out", out, "--quiet"])
        #expect(result.status == 2, "finished with failed images → exit 2; stderr: \(result.stderr)")
        let pages = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/job/pages.json"))) as? [String: Any]
        #expect(pages?["schemaVersion"] as? Int == 1)
        let records = try #require(pages?["pages"] as? [[String: Any]])
        #expect(records.count == 3)
        let byName = Dictionary(uniqueKeysWithValues: records.map { ($0["image"] as? String ?? "", $0) })
        let broken = try #require((byName["broken.jpg"]?["error"] as? [String: Any])?["message"] as? String)
        #expect(broken.hasPrefix("broken.jpg: "))
        let empty = try #require((byName["empty.png"]?["error"] as? [String: Any])?["message"] as? String)
        #expect(empty == "empty.png: file is empty (0 bytes)")
        #expect(byName["good.png"]?["error"] == nil)
        #expect(FileManager.default.fileExists(atPath: out + "/job/good.txt"))
        #expect(FileManager.default.fileExists(atPath: out + "/job/entries.csv"))
        #expect(FileManager.default.fileExists(atPath: out + "/summary.json"))
        #expect(result.stderr.contains("broken.jpg"))
    }

    @Test func jsonLogHasOneLinePerImage() throws {
        let inbox = scratch.folder("inbox"), out = scratch.folder("out")
        #expect(FileManager.default.createFile(atPath: inbox + "/a.png", contents: Data(Self.blankPNG)))
        #expect(FileManager.default.createFile(atPath: inbox + "/b.png", contents: Data(Self.blankPNG)))
        let result = try DecantProcess.run(["run", inbox, "--out", out, "--log-format", "json"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.filter { $0["event"] as? String == "image" }.count == 2)
        #expect(lines.last?["event"] as? String == "run")
    }

    @Test func missingLanguageDataIsAMissingDependency() throws {
        let inbox = scratch.folder("inbox")
        #expect(FileManager.default.createFile(atPath: inbox + "/a.png", contents: Data(Self.blankPNG)))
        let result = try DecantProcess.run(["run", inbox, "--out", scratch.folder("out"), "--lang", "eng+qqq"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("tesseract-ocr-qqq"))
    }

    @Test func missingInboxIsAUsageError() throws {
        let result = try DecantProcess.run(["run", "/nonexistent/inbox", "--out", scratch.folder("out")])
        #expect(result.status == 64)
        #expect(result.stderr.contains("/nonexistent/inbox"))
    }

    @Test func badOptionIsAUsageError() throws {
        let result = try DecantProcess.run(["run", "x", "--jobs", "0"])
        #expect(result.status == 64)
    }

    /// The flattening bench names every path it cannot measure instead of dropping it silently.
    @Test func flatteningBenchNamesPathsItSkips() throws {
        let folder = scratch.folder("photos")
        #expect(FileManager.default.createFile(atPath: folder + "/menu.png", contents: Data(Self.blankPNG)))
        let missing = folder + "/nowhere"
        let result = try DecantProcess.run(["flattening", missing, folder + "/menu.png", "--no-ocr"], tool: "decant-bench")
        #expect(result.status != 0)
        #expect(result.stderr.contains("\(missing): no such file or folder; skipped"))
        #expect(result.stderr.contains("\(folder)/menu.png: no menu.gt.json with a photo and a depth map beside it; skipped"))
    }
}
