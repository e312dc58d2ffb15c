import Entries
import Foundation
import Testing
@testable import Jobs

@Suite("Job settings file")
struct JobSettingsTests {
    func makeInbox(_ files: [String: String]) throws -> String {
        let root = NSTemporaryDirectory() + "decant-jobsettings-\(UUID().uuidString)"
        for (path, content) in files {
            let full = "\(root)/\(path)"
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(content.utf8).write(to: URL(fileURLWithPath: full))
        }
        return root
    }

    @Test func jobFolderSetsItsDateOrder() throws {
        let inbox = try makeInbox([
            "us/r1.jpg": "x", "us/decant-job.json": #"{"dateOrder": "mdy"}"#,
            "my/r2.jpg": "x",
        ])
        defer { try? FileManager.default.removeItem(atPath: inbox) }
        let result = try JobDiscovery.discover(inbox: inbox)
        let us = try #require(result.jobs.first { $0.name == "us" })
        let my = try #require(result.jobs.first { $0.name == "my" })
        #expect(us.pages.map(\.jobSettings?.dateOrder) == [.monthFirst])
        #expect(my.pages.map(\.jobSettings) == [nil])
        #expect(result.problems.isEmpty)
    }

    @Test func unusableSettingsAreAProblemNotAFailure() throws {
        let inbox = try makeInbox(["r/r1.jpg": "x", "r/decant-job.json": #"{"dateOrder": "ymd"}"#])
        defer { try? FileManager.default.removeItem(atPath: inbox) }
        let result = try JobDiscovery.discover(inbox: inbox)
        #expect(result.jobs.count == 1)
        #expect(result.jobs[0].pages[0].jobSettings == nil)
        #expect(result.problems.count == 1)
        #expect(result.problems[0].contains("decant-job.json"))
    }
}
