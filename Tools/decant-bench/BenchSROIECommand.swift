import ArgumentParser
import BenchKit
import Catalogue
import DecantCLI
import Entries
import Evaluation
import Foundation
import Jobs
import Pipeline
import Read
import Recognition
import Reporting

/// `decant bench sroie`: the receipt bar of issue 7, measured on the SROIE scans. Runs the whole
/// pipeline over `img/` (or reads an earlier run's receipts.json) and compares the key fields
/// with `key/NNN.json`.
struct BenchSROIECommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sroie",
        abstract: "Receipt key fields on the SROIE scans: total, date and company accuracy, address token F1.",
        discussion: """
        Exact match after normalizing case and spacing (all white space removed; the strict figure \
        only collapses runs of spaces); dates compared as calendar dates, totals as amounts; address \
        scored by the F1 of its letter/digit tokens. --transcripts parses the data set's own line \
        transcripts instead of OCR: the parser's ceiling, without recognition errors.
        """)

    @Option(name: .long, help: "SROIE folder with img/, key/ (and box/ for --transcripts).")
    var data: String = "../shared/data/sroie"

    @Option(name: .long, help: "Output folder for the run's reports.")
    var out: String = "Reports/bench-sroie"

    @Option(name: .long, help: "Read receipts.json from this earlier run's output instead of running OCR.")
    var reports: String?

    @Option(name: .long, help: "Re-parse the IMAGE.txt sidecars of an earlier run in this folder (no OCR; word confidences are lost). Repeat to merge several readings, first one preferred.")
    var text: [String] = []

    @Flag(name: .long, help: "Parse the data set's line transcripts (box/NNN.csv) instead of OCR: the parser's ceiling.")
    var transcripts = false

    @Option(name: .long, help: "auto (default) or Tesseract languages joined by '+', as decant run --lang takes them.")
    var lang = "auto"
    @Option(name: .long, help: "Parallel workers for the OCR run.")
    var jobs: Int = RunOptions.defaultWorkers

    @Option(name: .long, help: "Date order the receipts are read with, as decant run takes it (auto: settled by each receipt and its job, or both readings). The keys are always read day first, as SROIE prints them.")
    var dateOrder: DateOrderOption = DateOrderOption(order: .unspecified)

    @Option(name: .long, help: "The first N receipts in number order are the ones the rules were developed on; the rest stand in for receipts no one tuned for, and are scored apart.")
    var developed: Int = 100

    @Option(name: .long, help: "Keep every OCR reading in this folder and reuse it on the next run (a measuring aid: parsing changes re-run without OCR).")
    var ocrCache: String?

    @Option(name: .long, help: "Wine catalogue for item matching (default: the built-in catalogue).")
    var catalogue: String?

    @Option(name: .long, help: "Tesseract page segmentation mode (default: the receipt default of decant run).")
    var psm: Int?

    @Option(name: .long, help: "Most OCR readings per receipt (1: read once, no rescaled second reading).")
    var readings: Int = ReadSettings().receiptReadings

    @Option(name: .long, help: "Median word height (pixels) a receipt's second reading is scaled to.")
    var textHeight: Double = ReadSettings().receiptTextHeight

    @Option(name: .long, help: "Recognizer, as decant run --engine takes it (auto, photos, tesseract, ppocr).")
    var engine: EngineOption = .auto

    @Flag(name: .long, help: "List every receipt whose fields do not match, with what was read.")
    var misses = false

    @Option(name: .long, help: "With --text or --transcripts: print the receipt read from this one scan (e.g. 024) as JSON.")
    var show: String?

    struct Read {
        var merchant: String?
        var address: String?
        var date: String?
        var total: Double?
        var consistent: Bool
        var checked: Bool
        var problems: [String]
        var readings = 1
    }

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard readings >= 1 else { throw ValidationError("--readings must be at least 1") }
        guard developed >= 0 else { throw ValidationError("--developed must not be negative") }
        guard textHeight >= 8, textHeight <= 200 else { throw ValidationError("--text-height must be between 8 and 200 pixels") }
    }

    func run() throws {
        let dataset: SROIEDataset
        do { dataset = try SROIEDataset.load(directory: data) } catch {
            throw ValidationError("\(error.description)")
        }
        let order = dateOrder.order
        var read: [String: Read] = [:]
        var parsed: [String: Receipt] = [:]
        var texts: [String: String] = [:]
        var mode = "OCR run"
        var seconds: Double?
        func fromReceipt(_ r: Receipt) -> Read {
            Read(merchant: r.merchant, address: r.address, date: r.date, total: r.total, consistent: r.consistency.consistent,
                 checked: !r.consistency.checks.isEmpty, problems: r.problems)
        }
        let parser = ReceiptParser(dateOrder: order)
        if transcripts {
            mode = "transcripts (box/NNN.csv), no OCR"
            for receipt in dataset.receipts {
                guard let lines = receipt.transcript else { throw ValidationError("\(data)/box/\(receipt.name).csv: transcript missing") }
                texts[receipt.name] = lines.joined(separator: "\n")
                parsed[receipt.name] = parser.parse(text: lines.joined(separator: "\n"))
            }
        } else if !text.isEmpty {
            mode = "re-parsed text sidecars in \(text.joined(separator: " + "))"
            for receipt in dataset.receipts {
                let sidecars = text.compactMap { folder in try? String(contentsOfFile: "\(folder)/\(receipt.name).txt", encoding: .utf8) }
                guard let first = sidecars.first else { continue }
                texts[receipt.name] = first
                parsed[receipt.name] = ReceiptParser.merge(sidecars.map { parser.parse(text: $0) })
            }
        }
        if !parsed.isEmpty {
            // The job pass a run makes: the job's other receipts settle the order of ambiguous dates.
            let job = order == .unspecified ? DateOrderEvidence.fromJob(Array(texts.values)) : nil
            for (name, var receipt) in parsed {
                if let job, receipt.dateIsAmbiguous, let printed = receipt.dateText,
                   let date = DateOrderEvidence.reading(receipt.dateReadings, printed: printed, order: job.order) {
                    receipt.date = date
                    receipt.dateSettledBy = job
                }
                if name == show { try printJSON(receipt) }
                read[name] = fromReceipt(receipt)
            }
        } else if !transcripts && text.isEmpty {
            let folder: String
            if let reports {
                folder = reports
                mode = "reports in \(reports)"
            } else {
                let started = DispatchTime.now().uptimeNanoseconds
                try runPipeline(order: order)
                seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                folder = out
            }
            for record in try loadRecords(in: folder) {
                let name = (record.image as NSString).deletingPathExtension
                let fields = Read(merchant: record.merchant, address: record.address, date: record.date, total: record.total,
                                  consistent: record.consistent, checked: !record.checks.isEmpty, problems: record.problems,
                                  readings: record.readings)
                read[name] = fields
                // A scan of the same receipt reported once, as this one (`duplicatePhotos`), is scored as it.
                for duplicate in record.duplicatePhotos ?? [] where read[(duplicate as NSString).deletingPathExtension] == nil {
                    read[(duplicate as NSString).deletingPathExtension] = fields
                }
            }
        }

        var scores: [ReceiptKeyScore] = []
        var missLines: [String] = []
        for receipt in dataset.receipts {
            let r = read[receipt.name]
            let score = ReceiptKeyScore(merchant: r?.merchant, address: r?.address, date: r?.date, total: r?.total,
                                        truth: receipt.key, order: .dayFirst)
            scores.append(score)
            if misses {
                var wrong: [String] = []
                if !score.totalCorrect { wrong.append("total \(r?.total.map { String(format: "%.2f", $0) } ?? "—") ≠ \(receipt.key.total)") }
                if !score.dateCorrect { wrong.append("date \(r?.date ?? "—") ≠ \(receipt.key.date)") }
                if !score.companyCorrect { wrong.append("company \"\(r?.merchant ?? "—")\" ≠ \"\(receipt.key.company)\"") }
                if score.addressF1 < 0.8 { wrong.append("address F1 \(String(format: "%.2f", score.addressF1)): \"\(r?.address ?? "—")\"") }
                if !wrong.isEmpty { missLines.append("\(receipt.name): " + wrong.joined(separator: "; ")) }
            }
        }
        let developedNames = Set(dataset.receipts.prefix(developed).map(\.name))
        let halves = [("developed on", scores.indices.filter { developedNames.contains(dataset.receipts[$0].name) }),
                      ("unseen", scores.indices.filter { !developedNames.contains(dataset.receipts[$0].name) })]
        let sets = halves.filter { !$0.1.isEmpty }.map { ($0.0, ReceiptKeySummary($0.1.map { scores[$0] })) }
        let s = ReceiptKeySummary(scores)
        let reads = dataset.receipts.compactMap { read[$0.name] }
        if mode == "OCR run" { mode += " (up to \(readings) reading\(readings == 1 ? "" : "s") per receipt, text height \(textHeight) px)" }
        print("SROIE receipts: \(s.receipts) scans in \(data) — \(mode), date order \(order.rawValue)")
        print("")
        print(Self.table(all: s, sets: sets.count > 1 ? sets : []))
        print("")
        let consistent = reads.filter(\.consistent).count
        let unchecked = reads.filter { !$0.checked }.count
        let noTotal = reads.filter { $0.total == nil }.count
        print("consistency: \(consistent) add up, \(reads.count - consistent - unchecked) flagged as not adding up, "
              + "\(unchecked) with nothing to check against; \(noTotal) without a total; \(s.receipts - reads.count) not read")
        let reread = reads.filter { $0.readings > 1 }.count
        if reread > 0 {
            print("read more than once: \(reread) receipts (\(reads.filter { $0.readings > 2 }.count) three times); "
                  + "\(reads.reduce(0) { $0 + $1.readings }) OCR readings in all")
        }
        if let seconds {
            print(String(format: "time: %.1f s wall clock for %d images (%.2f s per image, %d workers)", seconds, s.receipts,
                         seconds / Double(max(s.receipts, 1)), jobs))
        }
        if misses && !missLines.isEmpty {
            print("")
            missLines.forEach { print($0) }
        }
    }

    /// The receipt bars (issue 55, the parser's ceiling on the transcripts): on all receipts, and
    /// the two halves within 0.03 of each other.
    static var bars: [(name: String, value: (ReceiptKeySummary) -> Double, count: (ReceiptKeySummary) -> String, bar: Double?)] { [
        ("total (exact amount)", \.totalAccuracy, { "\($0.total)/\($0.receipts)" }, 0.96),
        ("date (exact calendar date)", \.dateAccuracy, { "\($0.date)/\($0.receipts)" }, 0.97),
        ("company (exact, case and spacing normalized)", \.companyAccuracy, { "\($0.company)/\($0.receipts)" }, 0.92),
        ("company (exact, only runs of spaces collapsed)", \.companyStrictAccuracy, { "\($0.companyStrict)/\($0.receipts)" }, nil),
        ("address (mean token F1)", \.addressF1, { _ in "" }, 0.94),
    ] }
    static let spread = 0.03

    /// One row per field: each set's score, all receipts', and the bars.
    static func table(all: ReceiptKeySummary, sets: [(String, ReceiptKeySummary)]) -> String {
        func f(_ v: Double) -> String { String(format: "%.2f", v) }
        var lines = ["| field | " + sets.map { "\($0.0) (\($0.1.receipts))" }.map { $0 + " | " }.joined() + "all (\(all.receipts)) | receipts | bar |",
                     "|---|" + String(repeating: "---|", count: sets.count) + "---|---|---|"]
        for field in bars {
            var verdicts: [String] = []
            if let bar = field.bar { verdicts.append("≥ \(f(bar)) \(field.value(all) >= bar ? "met" : "NOT met")") }
            if field.bar != nil, sets.count == 2 {
                let gap = field.value(sets[0].1) - field.value(sets[1].1)
                verdicts.append("gap \(f(gap)) \(abs(gap) <= spread + 1e-9 ? "within" : "NOT within") \(f(spread))")
            }
            lines.append("| \(field.name) | " + sets.map { f(field.value($0.1)) + " | " }.joined()
                         + "\(f(field.value(all))) | \(field.count(all)) | \(verdicts.joined(separator: "; ")) |")
        }
        return lines.joined(separator: "\n")
    }

    func printJSON(_ receipt: Receipt) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(receipt), as: UTF8.self))
    }

    /// Runs `decant run --kind receipt` over the scans into `out`.
    func runPipeline(order: DateOrder) throws {
        if let psm, PageSegmentation(rawValue: psm) == nil { throw ValidationError("--psm \(psm) is not a supported mode") }
        var settings = RunSettings(kind: .receipt)
        settings.read.segmentation = psm.flatMap(PageSegmentation.init(rawValue:))
        settings.read.receiptReadings = readings
        settings.read.receiptTextHeight = textHeight
        settings.read.setLanguages(lang)
        settings.read.engine = engine
        settings.entries.dateOrder = order
        settings.aids.ocrCache = ocrCache
        let options = RunOptions(inbox: "\(data)/img", output: out, workers: jobs, cataloguePath: catalogue, settings: settings,
                                 progress: .automatic)
        try BenchRun.run(options)
    }

    /// Every receipts.json below `folder`.
    func loadRecords(in folder: String) throws -> [ReceiptRecord] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else {
            throw ValidationError("\(folder): reports folder not found")
        }
        var records: [ReceiptRecord] = []
        while let path = walker.nextObject() as? String {
            guard (path as NSString).lastPathComponent == "receipts.json" else { continue }
            guard let data = FileManager.default.contents(atPath: "\(folder)/\(path)") else { continue }
            do { records += try JSONDecoder().decode(ReceiptsReport.self, from: data).receipts } catch {
                throw ValidationError("\(folder)/\(path): not a receipts report (\(error))")
            }
        }
        guard !records.isEmpty else { throw ValidationError("\(folder): no receipts.json found (run decant run --kind receipt first)") }
        return records
    }
}
