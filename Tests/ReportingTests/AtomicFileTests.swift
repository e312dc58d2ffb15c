import DecantTestSupport
import Foundation
import SystemPackage
import Testing
@testable import Reporting

@Suite struct AtomicFileTests {
    let folder = TemporaryFolder("decant-atomic")

    @Test func writesAndReplacesWholeFiles() throws {
        let path = folder.file("out/report.json")
        try AtomicFile.write("first", to: path)
        try AtomicFile.write("second", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        // No temporary files are left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("out")) == ["report.json"])
    }

    @Test func fullDiskLeavesThePreviousFileIntact() throws {
        let path = folder.file("full/report.json")
        try AtomicFile.write("previous", to: path)
        // A disk that fills after 3 bytes.
        let fullDisk: AtomicFile.WriteAll = { descriptor, bytes in
            try descriptor.writeAll(bytes.prefix(3))
            throw Errno.noSpace
        }
        do {
            try AtomicFile.write(Data("a much longer new report".utf8), to: path, using: fullDisk)
            Issue.record("a full disk must fail the write")
        } catch {
            #expect(error.message.contains("No space left on device"))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("full")) == ["report.json"])
    }

    @Test func unwritableTargetIsReportedWithItsPath() throws {
        // A folder where the file should be: rename fails, nothing is lost, the error names the path.
        let path = folder.file("clash/report.json")
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        do {
            try AtomicFile.write("x", to: path)
            Issue.record("replacing a folder must fail")
        } catch {
            #expect(error.path == path)
        }
        #expect(FileManager.default.fileExists(atPath: path + "/inside"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("clash")) == ["report.json"])
    }
}
