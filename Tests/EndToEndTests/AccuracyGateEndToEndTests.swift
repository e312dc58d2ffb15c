import Foundation
import Testing
import Evaluation

/// The built `decant` binary on a rendered wine list: `decant run` writes metrics when ground truth
/// is present, `decant eval` recomputes them, and the gate passes on the same pipeline and fails
/// (exit 3) on a deliberately worse one.
@Suite(.serialized) struct AccuracyGateEndToEndTests {
    static let binary: URL = {
        // Test bundles and the CLI are built into the same products folder.
        var url = Bundle.main.bundleURL
        if url.pathExtension == "xctest" { url.deleteLastPathComponent() }
        return url.appendingPathComponent("decant")
    }()

    static let pangoView = "/usr/bin/pango-view"
    static var toolsAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: pangoView) && FileManager.default.isExecutableFile(atPath: binary.path)
            && FileManager.default.fileExists(atPath: "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata")
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let watchdog = Watchdog.arm(process)
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    @Test(.enabled(if: toolsAvailable, "needs pango-view (pango1.0-tools), Tesseract's eng data and the built decant"))
    func gatePassesOnTheSamePipelineAndFailsOnAWorseOne() throws {
        let root = NSTemporaryDirectory() + "decant-e2e-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let job = "\(root)/inbox/bistro"
        try FileManager.default.createDirectory(atPath: job, withIntermediateDirectories: true)
        let lines = ["RED WINES", "Opus One, Napa Valley 2019 520", "Sassicaia, Bolgheri 2018 410",
                     "Chateau Margaux 2015 650", "WHITE WINES", "Chablis Grand Cru 2020 95"]
        try (lines.joined(separator: "\n") + "\n").write(toFile: "\(root)/menu.txt", atomically: true, encoding: .utf8)
        try Self.run(Self.pangoView, ["--no-display", "--font=DejaVu Serif 11", "--dpi=300", "--margin=80", "-q",
                                      "-o", "\(job)/menu.png", "\(root)/menu.txt"])
        try (lines.joined(separator: "\n") + "\n").write(toFile: "\(job)/menu.gt.txt", atomically: true, encoding: .utf8)
        try "id\tproducer\twine\tvintage\nopus-2019\tOpus One\tOpus One\t2019\n"
            .write(toFile: "\(root)/catalogue.tsv", atomically: true, encoding: .utf8)
        let decant = Self.binary.path

        // One reader for both runs: under the default a page Tesseract reads next to nothing of is read
        // again by PP-OCR where it is installed, which would read the degraded page too well to fail.
        let good = try Self.run(decant, ["run", "\(root)/inbox", "--out", "\(root)/good", "--jobs", "1", "--quiet",
                                         "--engine", "tesseract", "--catalogue", "\(root)/catalogue.tsv"])
        #expect(good.status == 0, "\(good.stderr)")
        let metrics = try MetricsReport.load(path: "\(root)/good/metrics.json")
        #expect(metrics.images.map(\.image) == ["menu.png"])
        #expect(try #require(metrics.corpus.metrics[Metric.cer]) < 0.02, "a clean render reads almost perfectly")
        #expect(FileManager.default.fileExists(atPath: "\(root)/good/bistro/metrics.csv"))

        let update = try Self.run(decant, ["eval", "\(root)/good", "--baseline", "\(root)/baseline.json", "--update-baseline"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains("| corpus | 1 |"))
        let pass = try Self.run(decant, ["eval", "\(root)/good", "--baseline", "\(root)/baseline.json"])
        #expect(pass.status == 0, "\(pass.stdout)\(pass.stderr)")
        #expect(pass.stdout.contains("Gate passed."))

        // The worse pipeline is a tool's, not the product's: decant-bench run takes the same options.
        let bench = Self.binary.deletingLastPathComponent().appendingPathComponent("decant-bench").path
        let bad = try Self.run(bench, ["run", "\(root)/inbox", "--out", "\(root)/bad", "--jobs", "1", "--quiet",
                                        "--engine", "tesseract", "--catalogue", "\(root)/catalogue.tsv",
                                        "--disable-flattening", "--degrade-resolution", "6"])
        #expect(bad.status == 0, "\(bad.stderr)")
        let fail = try Self.run(decant, ["eval", "\(root)/bad", "--baseline", "\(root)/baseline.json"])
        #expect(fail.status == 3, "\(fail.stdout)\(fail.stderr)")
        #expect(fail.stdout.contains("Gate failed."))
        #expect(fail.stderr.contains("accuracy regression: cer: "))
        #expect(fail.stderr.contains("accuracy regression: wordBagF1: "))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: binary.path), "needs the built decant"))
    func textPairAsJSON() throws {
        let root = NSTemporaryDirectory() + "decant-text-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "Opus One 2019 520\n".write(toFile: "\(root)/gt.txt", atomically: true, encoding: .utf8)
        try "Opus 0ne 2019 520\n".write(toFile: "\(root)/ocr.txt", atomically: true, encoding: .utf8)
        let result = try Self.run(Self.binary.path, ["eval", "--text", "\(root)/gt.txt", "\(root)/ocr.txt", "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["cer", "cerFolded", "wer", "wordBagF1", "nCharacters", "nFoldedCharacters", "nWords"])
        #expect(object["nCharacters"] as? Int == 17)
        #expect(object["nWords"] as? Int == 4)
        #expect(abs((object["cer"] as? Double ?? 0) - 1.0 / 17) < 1e-12)
        // No leaders to fold: the same rate.
        #expect(object["cerFolded"] as? Double == object["cer"] as? Double)
        #expect(object["wer"] as? Double == 0.25)
        #expect(object["wordBagF1"] as? Double == 0.75)
    }
}
