import Documents
import ArgumentParser
import Entries
import Evaluation
import Foundation
import Imaging
import Jobs
import Reporting

/// `decant bench eval`: how long `decant eval` takes on a corpus of a given size. The corpus is
/// generated (seeded): wine lists and receipts with ground truth, and the reports a run with
/// realistic OCR noise would have left, so the figure does not depend on OCR or on the committed corpus.
struct BenchEvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Time decant eval on a generated corpus of reports with ground truth (target: 300 images < 5 s).")

    @Option(name: .long, help: "Images in the generated corpus.")
    var images = 300

    @Option(name: .long, help: "Random seed for the generated corpus.")
    var seed: UInt64 = 1

    @Option(name: .long, help: "Keep the generated corpus in this folder (inbox/ and reports/) instead of a temporary one.")
    var keep: String?

    @Option(name: .long, help: "Timed repetitions (the fastest and the median are reported).")
    var repeats = 3

    func validate() throws {
        guard images >= 1 else { throw ValidationError("--images must be at least 1") }
        guard repeats >= 1 else { throw ValidationError("--repeats must be at least 1") }
    }

    func run() throws {
        let root = keep ?? NSTemporaryDirectory() + "decant-bench-eval-\(UUID().uuidString)"
        defer { if keep == nil { try? FileManager.default.removeItem(atPath: root) } }
        let corpus = try FakeCorpus(root: root, images: images, seed: seed)
        var seconds: [Double] = [], cpu: [Double] = []
        var report: MetricsReport?
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds, startCPU = Self.cpuSeconds()
            report = try AccuracyGate(reports: corpus.reports, inbox: corpus.inbox).run().report
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            cpu.append(Self.cpuSeconds() - startCPU)
        }
        seconds.sort()
        cpu.sort()
        guard let report else { return }
        print("| Images | Jobs | GT characters | GT entries | Wall, fastest | Wall, median | CPU, median | CPU per image |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|")
        let median = seconds[seconds.count / 2], medianCPU = cpu[cpu.count / 2]
        print("| \(report.images.count) | \(report.jobs.count) | \(report.corpus.nCharacters) | \(report.corpus.entries.truth + report.corpus.items.truth) "
            + "| \(String(format: "%.2f s", seconds[0])) | \(String(format: "%.2f s", median)) | \(String(format: "%.2f s", medianCPU)) "
            + "| \(String(format: "%.1f ms", medianCPU * 1000 / Double(report.images.count))) |")
        print("\nCorpus CER \(String(format: "%.1f%%", (report.corpus.metrics[Metric.cer] ?? 0) * 100)), entry F1 \(String(format: "%.1f%%", (report.corpus.metrics[Metric.entryF1] ?? 0) * 100)) (generated noise)."
            + (keep.map { " Corpus kept in \($0): decant eval \($0)/reports --inbox \($0)/inbox" } ?? ""))
    }
}

extension BenchEvalCommand {
    /// User + system time of this process: the figure that does not depend on what else the machine runs.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// A seeded corpus: `inbox/JOB/NAME.gt.json` and `reports/JOB/{pages.json,entries.json,NAME.txt}`.
struct FakeCorpus {
    let inbox: String
    let reports: String

    static let producers = ["Château Margaux", "Domaine Leflaive", "Opus One", "Tenuta San Guido", "Penfolds", "Ridge",
                            "Krug", "Domaine de la Romanée-Conti", "Giacomo Conterno", "Cloudy Bay", "Vega Sicilia",
                            "Egon Müller", "Château d’Yquem", "Bodegas López de Heredia", "Gaja", "Dr. Loosen"]
    static let wines = ["Grand Vin", "Puligny-Montrachet 1er Cru", "Napa Valley", "Sassicaia", "Grange", "Monte Bello",
                        "Grande Cuvée", "La Tâche", "Barolo Monfortino", "Sauvignon Blanc", "Único", "Scharzhofberger Kabinett",
                        "Sauternes", "Viña Tondonia Reserva", "Barbaresco", "Riesling Spätlese"]

    init(root: String, images: Int, seed: UInt64) throws {
        inbox = "\(root)/inbox"
        reports = "\(root)/reports"
        var rng = SplitMix64(seed: seed)
        let perJob = 20
        for jobIndex in 0..<((images + perJob - 1) / perJob) {
            let job = "venue-\(jobIndex + 1)"
            try FileManager.default.createDirectory(atPath: "\(inbox)/\(job)", withIntermediateDirectories: true)
            var pages: [PageResult] = []
            for i in 0..<min(perJob, images - jobIndex * perJob) {
                let image = "page-\(i + 1).jpg"
                let receipt = i % 5 == 4
                let (truth, page) = receipt ? Self.receipt(job: job, image: image, rng: &rng) : Self.wineList(job: job, image: image, rng: &rng)
                try JSONEncoder().encode(truth).write(to: URL(fileURLWithPath: "\(inbox)/\(job)/page-\(i + 1).gt.json"))
                pages.append(page)
            }
            try JobReportWriter(directory: "\(reports)/\(job)").write(job: job, pages: pages)
        }
        let summary = RunSummary(decantVersion: DecantVersion.string, tesseractVersion: "generated", inbox: inbox,
                                 settings: [:], jobs: [], wallClockMS: 0)
        try JSONReport.encode(summary).write(to: URL(fileURLWithPath: "\(reports)/summary.json"))
    }

    static let shapes = ["flat", "perspective", "curl", "fold", "wrinkle"]

    static func wineList(job: String, image: String, rng: inout SplitMix64) -> (GroundTruth, PageResult) {
        var lines: [String] = [], entries: [GroundTruth.Entry] = []
        for section in ["SPARKLING", "WHITE WINES", "RED WINES", "SWEET WINES"] {
            lines.append(section)
            for _ in 0..<Int.random(in: 8...14, using: &rng) {
                let producer = producers.randomElement(using: &rng) ?? "", wine = wines.randomElement(using: &rng) ?? ""
                let year = Int.random(in: 1990...2022, using: &rng)
                let glass = Double(Int.random(in: 9...40, using: &rng)), bottle = Double(Int.random(in: 45...900, using: &rng))
                let text = "\(producer), \(wine) \(year) \(Int(glass)) \(Int(bottle))"
                lines.append(text)
                entries.append(GroundTruth.Entry(text: text, producer: producer, wine: wine, vintage: .year(year),
                                                 prices: [Price(amount: glass, column: .glass), Price(amount: bottle, column: .bottle)],
                                                 section: section))
            }
        }
        let truth = GroundTruth(kind: .winelist, lines: lines, entries: entries,
                                page: GroundTruth.PageTruth(shape: shapes.randomElement(using: &rng) ?? "flat",
                                                            layout: Bool.random(using: &rng) ? "one-column" : "two-column"))
        var ocrLines: [String] = []
        var records: [EntryRecord] = []
        for (index, line) in lines.enumerated() {
            guard Double.random(in: 0..<1, using: &rng) > 0.03 else { continue } // a line lost
            let read = noisy(line, rng: &rng)
            ocrLines.append(read)
            if let entry = entries.first(where: { $0.text == line }) {
                records.append(EntryRecord(job: job, image: image, entry: WineEntry(
                    firstLine: ocrLines.count - 1, lastLine: ocrLines.count - 1, rawText: read,
                    box: PixelRect(x: 0, y: index * 40, width: 1200, height: 36), name: read,
                    vintage: Double.random(in: 0..<1, using: &rng) < 0.95 ? entry.vintage : nil,
                    prices: entry.prices), match: nil))
            }
        }
        return (truth, page(job: job, image: image, kind: .winelist, text: ocrLines, entries: records))
    }

    static func receipt(job: String, image: String, rng: inout SplitMix64) -> (GroundTruth, PageResult) {
        var lines = ["LE BISTROT DU VIN", "12 RUE DES VIGNES, 75011 PARIS", "25/12/2024 20:13"]
        var items: [GroundTruth.ReceiptTruth.Item] = []
        for _ in 0..<Int.random(in: 4...15, using: &rng) {
            let name = "\(producers.randomElement(using: &rng) ?? "") \(Int.random(in: 2000...2022, using: &rng))"
            let amount = Double(Int.random(in: 500...40000, using: &rng)) / 100
            items.append(.init(description: name, amount: amount))
            lines.append("\(name) \(Price(amount: amount).formatted)")
        }
        let total = items.reduce(0) { $0 + $1.amount }
        lines.append("TOTAL \(String(format: "%.2f", total))")
        let truth = GroundTruth(kind: .receipt, lines: lines,
                                receipt: .init(merchant: lines[0], address: lines[1], date: "2024-12-25", time: "20:13", items: items, total: total),
                                page: GroundTruth.PageTruth(shape: shapes.randomElement(using: &rng) ?? "flat", layout: "receipt"))
        let ocr = lines.map { noisy($0, rng: &rng) }
        var records: [EntryRecord] = []
        for (k, item) in items.enumerated() {
            let line = 3 + k
            records.append(EntryRecord(job: job, image: image, item: ReceiptItem(
                line: line, rawText: ocr[line], box: PixelRect(x: 0, y: line * 30, width: 600, height: 28),
                description: item.description, amount: item.amount), currency: "EUR", match: nil, confidence: 90))
        }
        var result = page(job: job, image: image, kind: .receipt, text: ocr, entries: records)
        var receipt = ReceiptRecord(job: job, image: image,
                                    receipt: Receipt(merchant: ocr[0], address: ocr[1], date: "2024-12-25", time: "20:13", total: total))
        if Bool.random(using: &rng) { receipt.total = nil }
        result.receipt = receipt
        return (truth, result)
    }

    static func page(job: String, image: String, kind: DocumentKind, text: [String], entries: [EntryRecord]) -> PageResult {
        var record = PageRecord(image: image, job: job)
        record.kind = kind
        record.lineCount = text.count
        record.entryCount = entries.count
        return PageResult(record: record, text: text.joined(separator: "\n"), entries: entries)
    }

    /// About 3 % of characters wrong: OCR's usual confusions, drops and doubled spaces.
    static func noisy(_ line: String, rng: inout SplitMix64) -> String {
        let confusions: [Character: Character] = ["l": "1", "O": "0", "e": "c", "m": "n", "é": "e", "â": "a", "S": "5", "i": "l"]
        var out = ""
        for c in line {
            let roll = Double.random(in: 0..<1, using: &rng)
            if roll < 0.015, let swap = confusions[c] { out.append(swap) }
            else if roll < 0.025 { continue }
            else if roll < 0.03 { out.append(c); out.append(" ") }
            else { out.append(c) }
        }
        return out
    }
}

