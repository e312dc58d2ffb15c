import ArgumentParser
import BenchKit
import Evaluation
import Foundation
import Reporting

/// `decant-bench engines`: each kind of page read by `decant run` with Tesseract and with PP-OCR, scored
/// against its truth, so the rule that gives each kind its reader (`EngineRule.measured`) rests on a
/// measurement that anyone can repeat. A kind is a fixed sample of `../shared/data` (and of the
/// committed corpus for photos with depth); every sample is read through the whole pipeline.
struct BenchEnginesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engines",
        abstract: "Tesseract against PP-OCR per kind of page (phone photo, depth photo, flat scan, 300 and 600 dpi scans, rendered PDF page, receipt).",
        discussion: """
        Kinds: photo (Inv3DReal phone photos), depth-photo (the Corpus's photos with depth), scan (Inv3DReal's flat \
        renders, about 200 dpi, and the real wine lists' images), scan-300 and scan-600 (the flat renders enlarged 1.5 \
        and 3 times), rendered-pdf (the real lists' PDFs rendered and read, not taken from their text layer), receipt \
        (SROIE scans). Word-bag F1 is the mean over a kind's pages; lists add their entries (the shared scorer's \
        pairing), receipts their key fields.
        """)

    static let kinds = ["photo", "depth-photo", "scan", "scan-300", "scan-600", "rendered-pdf", "receipt"]

    @Option(help: "The shared data folder.")
    var data = "../shared/data"
    @Option(help: "The committed corpus (its photos with depth).")
    var corpus = "Corpus"
    @Option(help: "Comma-separated kinds (default: all).")
    var kinds: String?
    @Option(help: "Inv3DReal photos per document for the photo kind (of 18; the warp classes turn from one document to the next).")
    var photosPerDocument = 6
    @Option(help: "Every N-th SROIE scan for the receipt kind.")
    var receiptEvery = 4
    @Option(help: "Workers of each decant run.")
    var jobs = 2
    @Option(help: "Folder for the inboxes and reports.")
    var work = "/tmp/decant-bench-engines"
    @Option(name: .customLong("decant-arg"), parsing: .unconditionalSingleValue, help: "An argument passed to every decant run (repeatable).")
    var decantArguments: [String] = []

    struct Score {
        var wordBag = 0.0
        var list = ListCounts()
        var entries = EntryCounts()
        var keys = Tally()
        var cpu = 0.0
        var megapixels = 0.0
        var peakRSSMB = 0.0
        /// Pages the run read, from pages.json (a list's pages have no page truth of their own).
        var pages = 0
        var failed = 0
    }

    func run() throws {
        let samples = SharedSamples(data: data)
        let chosen = kinds.map { $0.split(separator: ",").map(String.init) } ?? Self.kinds
        if let unknown = chosen.first(where: { !Self.kinds.contains($0) }) {
            throw ValidationError("--kinds: \(unknown) is not one of \(Self.kinds.joined(separator: ", "))")
        }
        var table = "| kind | pages | Tesseract | PP-OCR |\n|---|---:|---|---|\n"
        var costs = "| kind | mean MP | Tesseract CPU s/MP | PP-OCR CPU s/MP | Tesseract pages per CPU-hour | PP-OCR pages per CPU-hour "
            + "| Tesseract peak RSS | PP-OCR peak RSS |\n|---|---:|---:|---:|---:|---:|---:|---:|\n"
        for kind in chosen {
            let inbox = "\(work)/\(kind)/inbox"
            var extra: [String] = []
            switch kind {
            case "photo":
                let documents = try samples.inv3dDocuments()
                let per = max(1, min(18, photosPerDocument))
                // `per` photos of each document: whole classes (three lightings) where it divides.
                let links = try samples.inv3d(documents: documents, classesPerDocument: max(1, per / 3))
                try SharedSamples.make(links, inbox: inbox)
            case "depth-photo":
                var links: [SharedSamples.Link] = []
                let fm = FileManager.default
                for job in ["winelists/perspective", "winelists/curled", "receipts/perspective", "receipts/curled"] {
                    guard let files = try? fm.contentsOfDirectory(atPath: "\(corpus)/\(job)") else {
                        throw ValidationError("\(corpus)/\(job): corpus folder not found")
                    }
                    links += files.sorted().map { SharedSamples.Link(path: "\(job)/\($0)", target: "\(corpus)/\(job)/\($0)") }
                }
                try SharedSamples.make(links, inbox: inbox)
            case "scan":
                try SharedSamples.make(try samples.winelists(pdfs: false), inbox: inbox)
                try samples.inv3dScans(documents: try samples.inv3dDocuments(), scale: 1, inbox: inbox, folder: "inv3d")
            case "scan-300", "scan-600":
                try? FileManager.default.removeItem(atPath: inbox)
                try samples.inv3dScans(documents: try samples.inv3dDocuments(), scale: kind == "scan-300" ? 1.5 : 3, inbox: inbox, folder: "inv3d")
            case "rendered-pdf":
                try SharedSamples.make(try samples.winelists(images: false), inbox: inbox)
                extra = ["--pdf-text", "never"]
            default:
                try SharedSamples.make(try samples.sroie(every: max(1, receiptEvery)), inbox: inbox)
            }
            var scores: [Score] = []
            for engine in ["tesseract", "ppocr"] {
                let out = "\(work)/\(kind)/out-\(engine)"
                let cost = try DecantRunBench.run(inbox: inbox, out: out, arguments: ["--jobs", "\(jobs)", "--engine", engine] + extra + decantArguments)
                guard cost.exitCode == 0 || cost.exitCode == 2 else { throw BenchError("decant run \(inbox) --engine \(engine) exited \(cost.exitCode)") }
                var score = try Self.score("\(out)/metrics.json")
                score.cpu = cost.cpuSeconds
                let read = Self.pagesRead(reports: out)
                score.megapixels = read.megapixels
                score.pages = read.pages
                score.peakRSSMB = cost.peakRSSMB
                scores.append(score)
                FileHandle.standardError.write(Data("engines: \(kind) read by \(engine): \(Self.describe(score))\n".utf8))
            }
            table += "| \(kind) | \(scores[0].pages) | \(Self.describe(scores[0])) | \(Self.describe(scores[1])) |\n"
            let perMP = scores.map { $0.megapixels > 0 ? String(format: "%.2f", $0.cpu / $0.megapixels) : "-" }
            let perHour = scores.map { $0.cpu > 0 ? String(format: "%.0f", Double($0.pages) * 3600 / $0.cpu) : "-" }
            let rss = scores.map { String(format: "%.0f MB", $0.peakRSSMB) }
            let meanMP = scores[0].pages > 0 ? String(format: "%.1f", scores[0].megapixels / Double(scores[0].pages)) : "-"
            costs += "| \(kind) | \(meanMP) | \(perMP[0]) | \(perMP[1]) | \(perHour[0]) | \(perHour[1]) | \(rss[0]) | \(rss[1]) |\n"
        }
        // Peak RSS is the kernel's largest waited-for child so far: Tesseract's runs first, so its figure is its
        // own and PP-OCR's is the larger of the two; one kind per call (--kinds) keeps kinds apart.
        print(table + "\n" + costs, terminator: "")
    }

    /// The pages a run read and their megapixels (pages.json's width and height of each page as loaded).
    static func pagesRead(reports: String) -> (pages: Int, megapixels: Double) {
        var pages = 0, total = 0.0
        for directory in JobReportReader.jobDirectories(in: reports) {
            guard let data = FileManager.default.contents(atPath: "\(directory)/pages.json"),
                  let file = try? JSONDecoder().decode(DecantRunBench.PagesFile.self, from: data) else { continue }
            pages += file.pages.count
            total += file.pages.reduce(0) { $0 + Double(($1.width ?? 0) * ($1.height ?? 0)) / 1e6 }
        }
        return (pages, total)
    }

    static func score(_ path: String) throws -> Score {
        let report: MetricsReport
        do { report = try MetricsReport.load(path: path) } catch { throw BenchError(error.message) }
        var score = Score()
        var textPages = 0
        for image in report.images {
            if image.failed { score.failed += 1 }
            if image.text.nWords > 0 {
                score.wordBag += image.text.wordBagF1
                textPages += 1
            }
            if let entries = image.entries { score.entries = score.entries + entries }
            if let receipt = image.receipt { score.keys = score.keys + receipt.keyFields }
        }
        if textPages > 0 { score.wordBag /= Double(textPages) } else { score.wordBag = .nan }
        score.list = report.listTotals ?? ListCounts()
        return score
    }

    static func describe(_ s: Score) -> String {
        var parts: [String] = []
        if !s.wordBag.isNaN { parts.append(String(format: "word-bag %.3f", s.wordBag)) }
        if s.list.truth > 0 {
            parts.append(String(format: "lists: recall %.3f, precision %.3f, highest price %.3f", s.list.recall, s.list.precision, s.list.highestPriceAccuracy))
        }
        if s.entries.truth > 0 {
            let p = Double(s.entries.matched) / Double(max(1, s.entries.detected)), r = Double(s.entries.matched) / Double(max(1, s.entries.truth))
            parts.append(String(format: "entries: precision %.3f, recall %.3f, prices %.3f", p, r,
                                Double(s.entries.pricesCorrect) / Double(max(1, s.entries.pricesTotal))))
        }
        if s.keys.total > 0 { parts.append(String(format: "receipt keys %.3f", Double(s.keys.correct) / Double(s.keys.total))) }
        if s.failed > 0 { parts.append("\(s.failed) failed") }
        return parts.joined(separator: "; ")
    }
}
