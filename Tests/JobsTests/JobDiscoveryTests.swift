import DecantTestSupport
import Documents
import Foundation
import Recognition
import Imaging
import Testing
@testable import Jobs

@Suite struct JobDiscoveryTests {
    let inbox = TemporaryFolder("decant-inbox")
    var root: String { inbox.path }

    func touch(_ relative: String) {
        let path = "\(root)/\(relative)"
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
    }

    @Test func subfoldersAreJobsAndLooseImagesFormOne() throws {
        touch("a.jpg")
        touch("bistro/menu-1.jpg")
        touch("bistro/menu-1.depth.png")
        touch("bistro/menu-1.camera.json")
        touch("bistro/menu-1.gt.json")
        touch("bistro/menu-1.flat.png")
        touch("group/cafe/list.PNG")
        let result = try JobDiscovery.discover(inbox: root)
        let inboxName = (root as NSString).lastPathComponent
        #expect(result.jobs.map(\.name) == ["bistro", inboxName, "group/cafe"].sorted())
        let bistro = try #require(result.jobs.first { $0.name == "bistro" })
        #expect(bistro.pages.count == 1)
        let image = bistro.pages[0].source
        #expect(image.fileName == "menu-1.jpg")
        #expect(image.depthPath?.hasSuffix("menu-1.depth.png") == true)
        #expect(image.cameraPath?.hasSuffix("menu-1.camera.json") == true)
        #expect(image.truthPath?.hasSuffix("menu-1.gt.json") == true)
        #expect(result.jobs.first { $0.name == "group/cafe" }?.pages.first?.job == "group/cafe")
    }

    /// Nothing in an inbox goes unmentioned: a file that is neither a page nor a sidecar of one is
    /// a page of its job that fails with the reason, and a folder of such files is a job.
    @Test func filesThatAreNotDocumentsAreAccountedFor() throws {
        touch("bistro/menu.jpg")
        touch("bistro/notes.txt")
        touch("bistro/wine list.docx")
        touch("bistro/lost.gt.json")
        touch("bistro/\(SourceFile.jobSettingsName)")
        touch("bistro/.DS_Store")
        touch("papers/readme.md")
        let result = try JobDiscovery.discover(inbox: root)
        #expect(result.jobs.map(\.name) == ["bistro", "papers"])
        let bistro = try #require(result.jobs.first)
        #expect(bistro.pages.map(\.fileName) == ["lost.gt.json", "menu.jpg", "notes.txt", "wine list.docx"])
        let refused = bistro.pages.compactMap { page in page.source.problem.map { (page.fileName, $0) } }
        #expect(refused.map(\.0) == ["lost.gt.json", "notes.txt", "wine list.docx"])
        #expect(refused.allSatisfy { $0.1.kind == SourceProblem.unsupported })
        #expect(refused[1].1.message == "not an image or PDF, skipped")
        #expect(refused[0].1.message == "ground truth with no photo named lost.* beside it, skipped")
        #expect(result.jobs[1].pages.map(\.fileName) == ["readme.md"])
    }

    /// Ground truth in the public data sets' own layouts is read by the metrics, not refused as a
    /// document: Inv3D's folder truth beside its photos, SROIE's box and key files beside img/.
    /// Without the photos they describe they are accounted for as any stray file.
    @Test func dataSetTruthBesideItsImagesIsNoDocument() throws {
        touch("inv3d/00411/warped_document_curled_bright.jpg")
        touch("inv3d/00411/\(SourceFile.inv3dTruthName)")
        touch("sroie/img/000.jpg")
        touch("sroie/box/000.csv")
        touch("sroie/key/000.json")
        touch("sroie/key/999.json")
        touch("lonely/\(SourceFile.inv3dTruthName)")
        let result = try JobDiscovery.discover(inbox: root)
        #expect(result.jobs.map(\.name) == ["inv3d/00411", "lonely", "sroie/img", "sroie/key"])
        #expect(result.jobs[0].pages.map(\.fileName) == ["warped_document_curled_bright.jpg"])
        #expect(result.jobs[1].pages.first?.source.problem != nil)
        #expect(result.jobs[2].pages.map(\.fileName) == ["000.jpg"])
        #expect(result.jobs[3].pages.map(\.fileName) == ["999.json"])
    }

    /// A photo is known by its bytes, whatever its name says: a HEIC photo is a page like a JPEG (its
    /// loader says what is wrong with a damaged one), a PDF goes to the PDF reader.
    @Test func filesAreRecognizedByContent() throws {
        let folder = "\(root)/job"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: "\(folder)/scan.dat", contents: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0])))
        #expect(FileManager.default.createFile(atPath: "\(folder)/list.pdf", contents: Data("%PDF-1.7\n".utf8)))
        #expect(FileManager.default.createFile(atPath: "\(folder)/photo.bin",
                                               contents: Data([0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0])))
        let pages = try #require(try JobDiscovery.discover(inbox: root).jobs.first?.pages)
        #expect(pages.map(\.fileName) == ["list.pdf", "photo.bin", "scan.dat"])
        #expect(pages[2].source.problem == nil)
        // Only a header: the PDF reader says it is damaged, and the page fails with that.
        #expect(pages[0].source.problem?.kind == "damaged", "\(String(describing: pages[0].source.problem))")
        #expect(pages[1].source.problem == nil, "\(String(describing: pages[1].source.problem))")
    }

    /// Every page of a PDF is a page of the job; a PDF that cannot be opened is one page that fails saying why.
    @Test func everyPageOfAPDFIsAPageOfTheJob() throws {
        let folder = "\(root)/bistro"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        CairoPDF.write(to: "\(folder)/list.pdf", pages: (1...3).map { n in { CairoPDF.show($0, "Page \(n) Barolo 2016 85", x: 72, y: 100) } })
        let whole = try #require(FileManager.default.contents(atPath: "\(folder)/list.pdf"))
        #expect(FileManager.default.createFile(atPath: "\(folder)/cut.pdf", contents: whole.prefix(whole.count / 3)))
        #expect(FileManager.default.createFile(atPath: "\(folder)/menu.pdf", contents: Data("<html><body>menu</body></html>".utf8)))
        let pages = try #require(try JobDiscovery.discover(inbox: root).jobs.first?.pages)
        #expect(pages.map(\.source.name) == ["cut.pdf", "list.pdf p1", "list.pdf p2", "list.pdf p3", "menu.pdf"])
        #expect(pages[1...3].allSatisfy { $0.source.problem == nil })
        #expect(pages[0].source.problem?.kind == "damaged")
        #expect(pages[4].source.problem?.kind == "notPDF")
        #expect(pages[4].source.problem?.message.contains("web page") == true, "\(String(describing: pages[4].source.problem))")
        // A PDF over the page limit is refused whole, naming the limit.
        let limited = try #require(try JobDiscovery.discover(inbox: root, pdfLimits: PDFLimits(maxPages: 2)).jobs.first?.pages)
        let refused = try #require(limited.first { $0.fileName == "list.pdf" })
        #expect(refused.source.problem?.kind == "tooManyPages")
        #expect(refused.source.problem?.message.contains("--max-pages") == true)
    }

    @Test func aFlatRenderIsNeverTakenForTheDepthMap() throws {
        touch("job/menu.jpg")
        touch("job/menu.flat.png")
        touch("job/list.jpg")
        touch("job/list.flat.png")
        touch("job/list.depth.pfm")
        let job = try #require(try JobDiscovery.discover(inbox: root).jobs.first)
        #expect(job.pages.map(\.fileName).sorted() == ["list.jpg", "menu.jpg"])
        #expect(job.pages.first { $0.fileName == "menu.jpg" }?.source.depthPath == nil)
        #expect(job.pages.first { $0.fileName == "list.jpg" }?.source.depthPath?.hasSuffix("list.depth.pfm") == true)
    }

    @Test func symlinkLoopsAreReportedNotFollowedForever() throws {
        touch("job/x.jpg")
        try FileManager.default.createSymbolicLink(atPath: "\(root)/job/loop", withDestinationPath: "\(root)/job")
        let result = try JobDiscovery.discover(inbox: root)
        #expect(result.jobs.count == 1)
        #expect(result.problems.contains { $0.contains("loop") })
    }

    @Test func fileNamesThatAreNotUTF8AreImagesWithAProblem() throws {
        touch("job/ok.jpg")
        let bad = Array("\(root)/job/caf".utf8) + [0xE9] + Array(".jpg".utf8) + [0]
        let fd = bad.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        try #require(fd >= 0)
        close(fd)
        let pages = try #require(try JobDiscovery.discover(inbox: root).jobs.first?.pages)
        #expect(pages.count == 2)
        #expect(pages.contains { $0.source.problem?.message.contains("not valid UTF-8") == true })
    }

    @Test func missingInboxIsAUsageError() {
        #expect(throws: RunError(.usage, "/nonexistent/inbox: inbox folder not found")) {
            try JobDiscovery.discover(inbox: "/nonexistent/inbox")
        }
    }

    @Test func brokenLinksAreReported() throws {
        touch("job/x.jpg")
        try FileManager.default.createSymbolicLink(atPath: "\(root)/job/gone.jpg", withDestinationPath: "\(root)/nowhere.jpg")
        let result = try JobDiscovery.discover(inbox: root)
        let pages = try #require(result.jobs.first?.pages)
        #expect(pages.map(\.fileName) == ["gone.jpg", "x.jpg"])
        #expect(pages[0].source.problem?.message.contains("broken symbolic link") == true)
        #expect(pages[1].source.problem == nil)
    }
}
