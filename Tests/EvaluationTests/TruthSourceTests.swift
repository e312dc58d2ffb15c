import DecantTestSupport
import Foundation
import Testing
@testable import Evaluation

@Suite struct TruthSourceTests {
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "decant-truth-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func decantSidecarsComeFirst() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "Opus One 2019\n".write(toFile: "\(dir)/menu.gt.txt", atomically: true, encoding: .utf8)
        #expect(TruthSource.locate(imagePath: "\(dir)/menu.jpg") == TruthSource(format: .text, path: "\(dir)/menu.gt.txt"))
        try #"{"kind":"winelist","lines":["Opus One 2019"]}"#.write(toFile: "\(dir)/menu.gt.json", atomically: true, encoding: .utf8)
        let source = try #require(TruthSource.locate(imagePath: "\(dir)/menu.jpg"))
        #expect(source.format == .decant)
        #expect(try source.load(image: "menu.jpg").lines == ["Opus One 2019"])
        #expect(TruthSource.locate(imagePath: "\(dir)/other.jpg") == nil)
    }

    @Test func plainTextTruthIsReadAsAFile() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "RED WINES\r\n  Opus One 2019  \r\n".write(toFile: "\(dir)/a.gt.txt", atomically: true, encoding: .utf8)
        let truth = try TruthSource(format: .text, path: "\(dir)/a.gt.txt").load(image: "a.jpg")
        #expect(truth.lines == ["RED WINES", "  Opus One 2019  "])
    }

    @Test func malformedDecantTruthNamesTheFile() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"lines":[]}"#.write(toFile: "\(dir)/x.gt.json", atomically: true, encoding: .utf8)
        #expect(throws: GroundTruthError.self) { try TruthSource(format: .decant, path: "\(dir)/x.gt.json").load(image: "x.jpg") }
        do { _ = try TruthSource(format: .decant, path: "\(dir)/x.gt.json").load(image: "x.jpg") } catch {
            #expect(error.description.hasPrefix("x.gt.json: "))
        }
    }

    @Test func sroieLayoutIsFoundAndRead() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for sub in ["img", "box", "key"] { try FileManager.default.createDirectory(atPath: "\(dir)/\(sub)", withIntermediateDirectories: true) }
        try "72,25,326,25,326,64,72,64,TAN WOON YANN\n50,82,440,82,440,121,50,121,NO.53 55,57 & 59, JALAN SAGU 18,\n"
            .write(toFile: "\(dir)/box/000.csv", atomically: true, encoding: .utf8)
        try #"{"company": "BOOK TA .K SDN BHD", "date": "25/12/2018", "address": "NO.53", "total": "9.00"}"#
            .write(toFile: "\(dir)/key/000.json", atomically: true, encoding: .utf8)
        let source = try #require(TruthSource.locate(imagePath: "\(dir)/img/000.jpg"))
        #expect(source == TruthSource(format: .sroie, path: "\(dir)/box/000.csv", keyPath: "\(dir)/key/000.json"))
        let truth = try source.load(image: "000.jpg")
        #expect(truth.kind == .receipt)
        #expect(truth.lines == ["TAN WOON YANN", "NO.53 55,57 & 59, JALAN SAGU 18,"])
        #expect(truth.receipt?.merchant == "BOOK TA .K SDN BHD")
        #expect(truth.receipt?.date == "2018-12-25")
        #expect(truth.receipt?.total == 9)
    }

    @Test func inv3dWordsBecomeLinesAndTheFileNameGivesTheShape() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let words = """
        [{"text":"number","top":341,"left":370,"height":40,"width":96},
         {"text":"Invoice","top":343,"left":272,"height":40,"width":91},
         {"text":"#415808","top":390,"left":272,"height":40,"width":99}]
        """
        try words.write(toFile: "\(dir)/ground_truth_words.json", atomically: true, encoding: .utf8)
        let source = try #require(TruthSource.locate(imagePath: "\(dir)/warped_document_curled_shadow.jpg"))
        #expect(source.format == .inv3d)
        let truth = try source.load(image: "warped_document_curled_shadow.jpg")
        #expect(truth.lines == ["Invoice number", "#415808"])
        #expect(truth.page?.shape == "curled")
        #expect(try source.load(image: "flat_document.png").page?.shape == "flat")
    }

    @Test(.enabled(if: SharedData.sroieAvailable, "needs ../shared/data/sroie"))
    func everySROIEReceiptLoads() throws {
        let images = try FileManager.default.contentsOfDirectory(atPath: SharedData.path("data/sroie/img")).filter { $0.hasSuffix(".jpg") }
        #expect(images.count >= 100, "the shared set holds 200 receipts")
        var withTotal = 0, withDate = 0
        for image in images {
            let source = try #require(TruthSource.locate(imagePath: SharedData.path("data/sroie/img/\(image)")))
            let truth = try source.load(image: image)
            #expect(!truth.lines.isEmpty, "\(image)")
            if truth.receipt?.total != nil { withTotal += 1 }
            if truth.receipt?.date != nil { withDate += 1 }
        }
        #expect(withTotal * 100 >= 95 * images.count)
        #expect(withDate * 100 >= 90 * images.count)
    }

    @Test(.enabled(if: SharedData.inv3dAvailable, "needs ../shared/data/inv3d"))
    func everyInv3DDocumentLoads() throws {
        let documents = try FileManager.default.contentsOfDirectory(atPath: SharedData.path("data/inv3d"))
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }
        #expect(documents.count == 10)
        for document in documents {
            let source = try #require(TruthSource.locate(imagePath: SharedData.path("data/inv3d/\(document)/flat_document.png")))
            let truth = try source.load(image: "flat_document.png")
            #expect(truth.lines.count > 5, "\(document)")
        }
    }
}

@Suite struct ImageEvaluatorTests {
    /// A .gt.txt file scores exactly as `decant eval --text` scores the file itself, even with a
    /// trailing empty line (which dinglehopper counts).
    @Test func plainTextTruthScoresLikeTheFile() throws {
        let dir = NSTemporaryDirectory() + "decant-eval-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for content in ["Opus One\r\nSassicaia 2018\n\n", "Opus One", "", "\n\nA\n"] {
            try content.write(toFile: "\(dir)/p.gt.txt", atomically: true, encoding: .utf8)
            let source = TruthSource(format: .text, path: "\(dir)/p.gt.txt")
            let e = ImageEvaluator.evaluate(job: "j", image: "p.jpg", source: source, truth: try source.load(image: "p.jpg"),
                                            page: PageObservation(text: "Opus One\nSassicaia 2018"))
            #expect(e.text == TextMetrics.compare(truth: content, recognized: "Opus One\nSassicaia 2018"), "\(content.debugDescription)")
        }
    }

    @Test func failedPageScoresAsEmptyTextAndTagsComeFromTruthAndRun() {
        let truth = GroundTruth(kind: .winelist, lines: ["Opus One 2019 520"],
                                entries: [GroundTruth.Entry(text: "Opus One 2019 520")],
                                page: GroundTruth.PageTruth(shape: "curl", layout: "one-column"))
        let e = ImageEvaluator.evaluate(job: "j", image: "p.jpg", source: TruthSource(format: .decant, path: "p.gt.json"),
                                        truth: truth, page: PageObservation(text: nil, kind: .receipt, flatten: "surface"))
        #expect(e.failed)
        #expect(e.text.cer == 1)
        #expect(e.entries?.recall == 0)
        #expect((e.kind, e.shape, e.layout, e.flatten) == ("winelist", "curl", "one-column", "surface"))
        #expect(e.items == nil && e.receipt == nil)
    }
}
