import Pipeline
import DecantCLI
import ArgumentParser
import Entries
import Evaluation
import Foundation
import Jobs
import Recognition
import RecognizedText

/// `decant bench entries`: how well wine-list entries are found and read, per layout and page
/// shape, on generated lists with exact ground truth. The same documents are read twice: as clean
/// flat renders (the upper bound: no camera, no flattening) and as phone photos, with depth beside
/// every photo that is not flat. Prints the issue's bars next to the figures.
struct BenchEntriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entries",
        abstract: "Entry detection F1, vintage and price accuracy per layout and page shape (flat renders and photos).",
        discussion: """
        Generates COUNT wine lists with `decant synth --with-flat` (shapes and effect strengths cycle with \
        the index), runs the flat renders and the photos through `decant run`, and prints entry precision, \
        recall and F1, vintage accuracy and price accuracy (every price with its column meaning) per set, \
        layout and page shape. Bars: F1 >= 0.97 on flat renders, >= 0.93 on photos with depth; on \
        detected entries vintage >= 0.98 and prices >= 0.97. Producer, wine, region, country and grapes \
        are scored on detected entries (wine, region, country and grapes where the list prints them).
        """)

    @Option(name: .long, help: "Wine lists to generate.")
    var count = 30

    @Option(name: .long, help: "Random seed of the generated lists.")
    var seed: UInt64 = 7

    @Option(name: .long, help: "Index of the first list (lists follow seed and index).")
    var start = 0

    @Option(name: .long, help: "Photo size WxH (portrait).")
    var size = "1800x2400"

    @Option(name: .long, help: "Page shapes of the photos, cycled by index.")
    var shape = "all"

    @Option(name: .long, help: "Photo effect strengths, cycled by index.")
    var effects = "light,medium,heavy"

    @Option(name: .long, help: "Depth map size WxH.")
    var depthSize = "192x256"

    @Option(name: .long, help: "Parallel workers for synthesis and OCR (default: number of cores).")
    var jobs = RunOptions.defaultWorkers

    @Option(name: .long, help: "Keep the generated lists and reports in this folder (reused when it already holds the lists).")
    var work: String?

    @Option(name: .long, help: "Reuse recognized pages kept in this folder (keyed by pixels and OCR settings).")
    var ocrCache: String?

    @Option(name: .long, help: "Run date YYYY-MM-DD two-digit vintages pivot on (default: the lists' year, 2025-12-31).")
    var asOf = "2025-12-31"

    @Option(name: .long, help: ArgumentHelp("Re-read the recognized pages of an OCR cache instead (no OCR, no flattening): a folder written by `decant run --ocr-cache`, with --inbox; or, with --work, the --ocr-cache folder of an earlier bench run.", visibility: .hidden))
    var replay: String?

    @Option(name: .long, help: ArgumentHelp("With --replay: the inbox whose JOB/NAME.gt.json are the truth (e.g. Corpus/winelists).", visibility: .hidden))
    var inbox: String?

    @Option(name: .long, help: ArgumentHelp("With --replay: print the rows and entries of pages whose name contains this.", visibility: .hidden))
    var explain: String?

    @Flag(name: .long, help: ArgumentHelp("With --replay: print every wrong, missed and extra entry.", visibility: .hidden))
    var mismatches = false

    @Flag(name: .long, help: ArgumentHelp("With --replay: print every wrong producer, wine, region, country or grapes.", visibility: .hidden))
    var fieldMismatches = false

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard RunArguments.year(of: asOf) != nil else { throw ValidationError("--as-of must be a date YYYY-MM-DD") }
        if replay != nil, inbox == nil, work == nil {
            throw ValidationError("--replay needs --inbox (where the ground truth is) or --work (an earlier bench run's folder)")
        }
    }

    var runYear: Int { RunArguments.year(of: asOf) ?? FieldParser.currentYear }

    func run() throws {
        if let replay, let inbox {
            let report = try EntryReplay(cache: replay, inbox: inbox, runYear: runYear, explain: explain, mismatches: mismatches, fieldMismatches: fieldMismatches).run()
            let jobs = Dictionary(grouping: report.images, by: \.job).sorted { $0.key < $1.key }
            print(Self.table(jobs.map { ($0.key, MetricsReport(images: $0.value)) }))
            return
        }
        if let replay, let work {
            // The two sets of an earlier bench run, each against its own cache folder.
            let results = try Self.sets.map { set in
                (set.label, try EntryReplay(cache: "\(replay)/\(set.folder)", inbox: "\(work)/\(set.folder)", runYear: runYear,
                                            explain: explain, mismatches: mismatches, fieldMismatches: fieldMismatches).run())
            }
            print(Self.table(results))
            return
        }
        let root = work ?? NSTemporaryDirectory() + "decant-bench-entries-\(UUID().uuidString)"
        defer { if work == nil { try? FileManager.default.removeItem(atPath: root) } }
        let photos = "\(root)/photos", renders = "\(root)/renders"
        if !FileManager.default.fileExists(atPath: "\(photos)/lists") {
            let synth = try SynthCommand.parse([
                "\(photos)/lists", "--kind", "winelist", "--count", String(count), "--seed", String(seed), "--start", String(start),
                "--shape", shape, "--effects", effects, "--size", size, "--depth-size", depthSize, "--with-flat",
                "--jobs", String(jobs), "--quiet",
            ])
            try synth.run()
            try FileManager.default.createDirectory(atPath: "\(renders)/lists", withIntermediateDirectories: true)
            for file in try FileManager.default.contentsOfDirectory(atPath: "\(photos)/lists").sorted() where file.hasSuffix(".flat.png") {
                let name = String(file.dropLast(".flat.png".count))
                try FileManager.default.moveItem(atPath: "\(photos)/lists/\(file)", toPath: "\(renders)/lists/\(name).png")
                try FileManager.default.copyItem(atPath: "\(photos)/lists/\(name).gt.json", toPath: "\(renders)/lists/\(name).gt.json")
            }
        }
        var results: [(String, MetricsReport)] = []
        for set in Self.sets {
            // One cache folder per set: renders and photos share job and image names.
            var settings = RunSettings(kind: .winelist, runYear: runYear)
            settings.aids.ocrCache = ocrCache.map { "\($0)/\(set.folder)" }
            let inbox = "\(root)/\(set.folder)"
            let options = RunOptions(inbox: inbox, output: "\(root)/reports/\(set.folder)", workers: jobs,
                                     settings: settings, progress: .quiet, historyPath: nil)
            let outcome = try blocking { try await Runner(options: options).run() }
            guard let metrics = outcome.metrics else { throw ValidationError("\(inbox): no ground truth was evaluated") }
            results.append((set.label, metrics))
        }
        print(Self.table(results))
        if work != nil { print("\nLists, renders and reports kept in \(root).") }
    }

    /// The two readings of the same lists: clean renders (no camera, no flattening) and photos.
    static let sets: [(label: String, folder: String)] = [("flat renders", "renders"), ("photos", "photos")]

    /// One row per set and scope: the corpus, each layout, each page shape, and (for photos) the
    /// photos with depth.
    static func table(_ results: [(set: String, report: MetricsReport)]) -> String {
        var lines = ["| Set | Scope | Pages | Entries | Detected | Precision | Recall | F1 | Vintage | Prices (with column) "
                     + "| Producer | Wine | Region | Country | Grapes |",
                     "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        func percent(_ value: Double?) -> String { value.map { String(format: "%.1f%%", $0 * 100) } ?? "—" }
        for (set, report) in results {
            var scopes: [(String, MetricsAggregate)] = [("all", report.corpus)]
            // A render has no shape: its truth names the shape of the photo of the same list.
            for dimension in set.contains("render") ? ["layout"] : ["layout", "shape"] {
                for (value, aggregate) in (report.groups[dimension] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    scopes.append(("\(dimension) \(value)", aggregate))
                }
            }
            let withDepth = report.images.filter { ($0.shape ?? "flat") != "flat" }
            if withDepth.count < report.images.count, !withDepth.isEmpty { scopes.append(("with depth (not flat)", MetricsAggregate(withDepth))) }
            for (scope, aggregate) in scopes {
                let e = aggregate.entries
                lines.append("| \(set) | \(scope) | \(aggregate.entryImages) | \(e.truth) | \(e.detected) | \(percent(e.precision)) "
                             + "| \(percent(e.recall)) | \(percent(e.f1)) | \(percent(e.vintageAccuracy)) | \(percent(e.priceColumnAccuracy)) "
                             + "| \(percent(e.producerAccuracy)) | \(percent(e.wineAccuracy)) | \(percent(e.regionAccuracy)) "
                             + "| \(percent(e.countryAccuracy)) | \(percent(e.grapesAccuracy)) |")
            }
        }
        lines.append("")
        lines.append("Bars: F1 ≥ 97% on flat renders and ≥ 93% on photos with depth; vintage ≥ 98%, price ≥ 97% on detected entries.")
        lines.append("Wine, region, country and grapes are counted on detected entries whose printed text holds the truth's value (a country: or its region).")
        return lines.joined(separator: "\n")
    }
}

/// Re-reads recognized pages kept by `--ocr-cache` against their ground truth: the stages after
/// OCR (rows, grouping, fields) measured in seconds, without Tesseract.
struct EntryReplay {
    let cache: String
    let inbox: String
    let runYear: Int
    let explain: String?
    var mismatches = false
    var fieldMismatches = false

    func run() throws -> MetricsReport {
        let parser = WineListParser(fields: FieldParser(runYear: runYear))
        var evaluations: [ImageEvaluation] = []
        // JOB__NAME.KEY.json, the job's slashes written as "__". A page read again after the
        // flattener changed has a new key: only the newest reading of each page counts.
        var newest: [String: (file: String, job: String, name: String, date: Date)] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: cache) where file.hasSuffix(".json") && !file.hasPrefix(".") {
            let stem = String(file.dropLast(".json".count))
            guard let dot = stem.lastIndex(of: "."), let split = stem.range(of: "__", options: .backwards) else { continue }
            let job = String(stem[..<split.lowerBound]).replacingOccurrences(of: "__", with: "/")
            let name = String(stem[split.upperBound..<dot])
            let date = (try? FileManager.default.attributesOfItem(atPath: "\(cache)/\(file)")[.modificationDate] as? Date) ?? .distantPast
            if let kept = newest["\(job)/\(name)"], kept.date >= date { continue }
            newest["\(job)/\(name)"] = (file, job, name, date)
        }
        for (_, page) in newest.sorted(by: { $0.key < $1.key }) {
            let (file, job, name) = (page.file, page.job, page.name)
            let truthPath = "\(inbox)/\(job)/\(name).gt.json"
            guard FileManager.default.fileExists(atPath: truthPath),
                  let data = FileManager.default.contents(atPath: "\(cache)/\(file)") else { continue }
            let page = try JSONDecoder().decode(RecognizedPage.self, from: data)
            let truth = try GroundTruth.load(path: truthPath)
            let lines = LineAssembler.assemble(page.lines)
            let entries = parser.parse(lines: lines)
            let count = max(lines.count - 1, 1)
            let observed = entries.map { e in
                EntryObservation(text: e.rawText, vintage: e.vintage, prices: e.prices, catalogueID: nil, producer: e.producer,
                                 name: e.name, bottleSizeML: e.bottleSizeML,
                                 position: min(1, Double(e.firstLine + e.lastLine) / 2 / Double(count)),
                                 wine: e.wine, region: e.region, country: e.country, grapes: e.grapes)
            }
            let observation = PageObservation(text: lines.map(\.text).joined(separator: "\n"), kind: .winelist, entries: observed)
            evaluations.append(ImageEvaluator.evaluate(job: job, image: name, source: TruthSource(format: .decant, path: truthPath),
                                                       truth: truth, page: observation))
            if let explain, "\(job)/\(name)".contains(explain) {
                print(Self.explanation(job: job, name: name, lines: page.lines, parser: parser, truth: truth))
            }
            if mismatches {
                let text = Self.mismatches(job: job, name: name, observed: observed, truth: truth.entries)
                if !text.isEmpty { print(text) }
            }
            if fieldMismatches {
                for (d, t) in EntryMetrics.pairs(detected: observed, truth: truth.entries) {
                    let o = observed[d], e = truth.entries[t]
                    let c = EntryMetrics.evaluate(detected: [o], truth: [e])
                    var wrong: [String] = []
                    if c.producerCorrect < c.producerTotal { wrong.append("producer \"\(o.producer ?? "—")\" ≠ \"\(e.producer ?? "")\"") }
                    if c.wineCorrect < c.wineTotal { wrong.append("wine \"\(o.wine ?? "—")\" ≠ \"\(e.wine ?? "")\"") }
                    if c.regionCorrect < c.regionTotal { wrong.append("region \"\(o.region ?? "—")\" ≠ \"\(e.region ?? "")\"") }
                    if c.countryCorrect < c.countryTotal { wrong.append("country \"\(o.country ?? "—")\" ≠ \"\(e.country ?? "")\"") }
                    if c.grapesCorrect < c.grapesTotal {
                        wrong.append("grapes \(o.grapes.joined(separator: "/")) ≠ \((e.grapes ?? []).joined(separator: "/"))")
                    }
                    if !wrong.isEmpty { print("FIELD \(job)/\(name): \(o.text.replacingOccurrences(of: "\n", with: " ⏎ ")) | " + wrong.joined(separator: "; ")) }
                }
            }
        }
        return MetricsReport(images: evaluations)
    }

    /// Only what went wrong on a page: pairs with a wrong vintage or price, truths nothing was
    /// paired with, detections no truth was paired with.
    static func mismatches(job: String, name: String, observed: [EntryObservation], truth: [GroundTruth.Entry]) -> String {
        func flat(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: " ⏎ ") }
        func prices(_ p: [Price]) -> String { p.map { "\($0.formatted)\($0.currency ?? "") \($0.column.rawValue)" }.joined(separator: ", ") }
        let pairs = EntryMetrics.pairs(detected: observed, truth: truth)
        var out: [String] = []
        for (d, t) in pairs {
            let o = observed[d], e = truth[t]
            let single = EntryMetrics.evaluate(detected: [o], truth: [e])
            if single.vintageCorrect < single.vintageTotal || single.priceColumnsCorrect < single.pricesTotal {
                out.append("  WRONG \(flat(o.text)) → \(o.vintage?.description ?? "—") [\(prices(o.prices))] | truth \(e.vintage?.description ?? "—") [\(prices(e.prices))] \(flat(e.text))")
            }
        }
        let paired = Set(pairs.map(\.truth)), found = Set(pairs.map(\.detected))
        for (t, e) in truth.enumerated() where !paired.contains(t) { out.append("  MISSED \(flat(e.text))") }
        for (d, o) in observed.enumerated() where !found.contains(d) { out.append("  EXTRA \(flat(o.text))") }
        return out.isEmpty ? "" : "## \(job)/\(name)\n" + out.joined(separator: "\n")
    }

    /// The rows as rebuilt, what each was taken for, and the entries next to the truth's.
    static func explanation(job: String, name: String, lines: [RecognizedLine], parser: WineListParser, truth: GroundTruth) -> String {
        var out = ["## \(job)/\(name)"]
        out.append(parser.explain(lines: lines))
        out.append("### entries")
        for e in parser.parse(lines: lines) {
            let prices = e.prices.map { "\($0.formatted)\($0.currency ?? "") \($0.column.rawValue)" }.joined(separator: ", ")
            out.append("- \(e.rawText.replacingOccurrences(of: "\n", with: " ⏎ ")) → name \"\(e.name)\" vintage \(e.vintage?.description ?? "—") prices [\(prices)]")
        }
        out.append("### truth")
        for t in truth.entries {
            let prices = t.prices.map { "\($0.formatted)\($0.currency ?? "") \($0.column.rawValue)" }.joined(separator: ", ")
            out.append("- \(t.text.replacingOccurrences(of: "\n", with: " ⏎ ")) → vintage \(t.vintage?.description ?? "—") prices [\(prices)]")
        }
        return out.joined(separator: "\n")
    }
}
