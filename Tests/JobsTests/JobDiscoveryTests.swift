import DecantTestSupport
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
        touch("bistro/notes.txt")
        touch("group/cafe/list.PNG")
        touch("empty/readme.md")
        let result = try JobDiscovery.discover(inbox: root)
        let inboxName = (root as NSString).lastPathComponent
        #expect(result.jobs.map(\.name) == ["bistro", inboxName, "group/cafe"].sorted())
        let bistro = try #require(result.jobs.first { $0.name == "bistro" })
        #expect(bistro.images.count == 1)
        let image = bistro.images[0]
        #expect(image.fileName == "menu-1.jpg")
        #expect(image.depthPath?.hasSuffix("menu-1.depth.png") == true)
        #expect(image.cameraPath?.hasSuffix("menu-1.camera.json") == true)
        #expect(image.truthPath?.hasSuffix("menu-1.gt.json") == true)
        #expect(result.jobs.first { $0.name == "group/cafe" }?.images.first?.job == "group/cafe")
    }

    @Test func aFlatRenderIsNeverTakenForTheDepthMap() throws {
        touch("job/menu.jpg")
        touch("job/menu.flat.png")
        touch("job/list.jpg")
        touch("job/list.flat.png")
        touch("job/list.depth.pfm")
        let job = try #require(try JobDiscovery.discover(inbox: root).jobs.first)
        #expect(job.images.map(\.fileName).sorted() == ["list.jpg", "menu.jpg"])
        #expect(job.images.first { $0.fileName == "menu.jpg" }?.depthPath == nil)
        #expect(job.images.first { $0.fileName == "list.jpg" }?.depthPath?.hasSuffix("list.depth.pfm") == true)
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
        let images = try #require(try JobDiscovery.discover(inbox: root).jobs.first?.images)
        #expect(images.count == 2)
        #expect(images.contains { $0.problem?.contains("not valid UTF-8") == true })
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
        let images = try #require(result.jobs.first?.images)
        #expect(images.map(\.fileName) == ["gone.jpg", "x.jpg"])
        #expect(images[0].problem?.contains("broken symbolic link") == true)
        #expect(images[1].problem == nil)
    }
}

@Suite struct KindClassifierTests {
    @Test func shapeAndFolderNameGuessBeforeOCR() {
        #expect(KindClassifier.guessBeforeOCR(width: 500, height: 1500, jobName: "misc") == .receipt)
        #expect(KindClassifier.guessBeforeOCR(width: 1000, height: 1400, jobName: "misc") == .winelist)
        #expect(KindClassifier.guessBeforeOCR(width: 1000, height: 1400, jobName: "receipts/march") == .receipt)
    }

    /// One line of `words`, each read with `confidence`.
    static func page(_ words: [String], confidence: Double = 90) -> RecognizedPage {
        guard !words.isEmpty else { return RecognizedPage(width: 800, height: 600, lines: []) }
        let line = RecognizedLine(words: words.enumerated().map { i, w in
            RecognizedWord(text: w, box: PixelRect(x: 40 * i, y: 0, width: 30, height: 12), confidence: confidence)
        })
        return RecognizedPage(width: 800, height: 600, lines: [line])
    }

    @Test func aBlockReadingThatDropsColumnsIsNotKept() {
        func page(_ words: [String], confidence: Double = 90) -> RecognizedPage { Self.page(words, confidence: confidence) }
        let sparse = page(["INVOICE", "Total", "12.50", "Tax", "0.75", "Customer", "ACME", "Street", "City", "Phone"])
        // The block reading kept the bill but lost the customer column.
        #expect(!KindClassifier.keepsBlockReading(sparse: sparse, block: page(["INVOICE", "Total", "12.50", "Tax", "0.75"])))
        // A receipt reads as many words either way (or more as one block).
        #expect(KindClassifier.keepsBlockReading(sparse: sparse, block: page(["INVOICE", "Total", "12.50", "Tax", "0.75", "Customer",
                                                                              "ACME", "Street", "City"])))
        // Unsure words do not count for either reading.
        #expect(KindClassifier.keepsBlockReading(sparse: page(["a", "b"], confidence: 30), block: page([])))
    }

    @Test func aBlockReadingReadLessSurelyIsNotKept() {
        func page(_ confidence: Double) -> RecognizedPage {
            Self.page(["INVOICE", "Total", "12.50", "Tax", "0.75", "Customer", "ACME", "Street", "City", "Phone"], confidence: confidence)
        }
        // Every word still read confidently, but columns run together read 12 points less surely.
        #expect(!KindClassifier.keepsBlockReading(sparse: page(90), block: page(78)))
        // Within the allowed drop, or surer: kept.
        #expect(KindClassifier.keepsBlockReading(sparse: page(90), block: page(90 - KindClassifier.blockConfidenceDrop)))
        #expect(KindClassifier.keepsBlockReading(sparse: page(80), block: page(91)))
    }
}
