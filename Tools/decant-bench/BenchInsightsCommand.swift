import ArgumentParser
import Catalogue
import Entries
import DecantCLI
import Foundation
import Jobs
import Pipeline
import Reporting

/// `decant-bench insights`: the real lists judged out of the box. Each list is read as its own job
/// with the shared Wine Enthusiast rows imported as the catalogue (`--preset winemag`), and the
/// entries are counted: every entry with a vintage must have a drinking window and its source, and
/// every entry matched to a scored catalogue row must show the score, and its value where the list
/// gives a bottle price.
struct BenchInsightsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights",
        abstract: "Drinking windows, scores and values on real wine lists with a real catalogue (issue 56's bars).",
        discussion: """
        Imports --catalogue with the winemag preset into OUT/catalogue.json, links each list of DATA into OUT/inbox/NAME/ \
        (one job per list, so best value is judged within a list), runs decant with that catalogue into OUT/run (or reads \
        an earlier OUT/run with --reports) and prints, per list and pooled: entries, those with a vintage, those with a \
        window and a source, windows by source, non-vintage entries ready, matched entries whose catalogue row has a \
        score, how many show it, how many of those have a bottle price and how many show a value and a markup. \
        Exits 1 when a bar does not hold.
        """)

    @Option(name: .long, help: "Folder of lists (images and PDFs; ground truth beside them is not used).")
    var data: String = "../shared/data/winelists/docs"

    @Option(name: .long, help: "The Wine Enthusiast rows to import as the catalogue.")
    var catalogue: String = "../shared/data/catalogue/winemag-data-130k-v2.first5811rows.csv"

    @Option(name: .long, help: "Output folder.")
    var out: String = "Reports/bench-insights"

    @Flag(name: .long, help: "Count the entries of an earlier run in OUT/run instead of running.")
    var reports = false

    @Option(name: .long, help: "Parallel workers.")
    var jobs: Int = RunOptions.defaultWorkers

    @Option(name: .long, help: ArgumentHelp("Keep recognized pages in this folder and reuse them.", valueName: "DIR"))
    var ocrCache: String?

    @Option(name: .long, help: "Run date YYYY-MM-DD (default: today), as decant run --as-of.")
    var asOf: String?

    struct EntriesFile: Decodable { var entries: [EntryRecord] }

    func run() throws {
        let fm = FileManager.default
        let catalogueJSON = "\(out)/catalogue.json", inbox = "\(out)/inbox", runOut = "\(out)/run"
        guard fm.fileExists(atPath: data) else { throw ValidationError("\(data): no such folder (the shared lists are at ../shared)") }
        let imported: Catalogue
        do {
            imported = try CatalogueImporter.importFiles([catalogue], mapping: .wineEnthusiast, name: "winemag")
        } catch { throw ValidationError(error.description) }
        let lists = try fm.contentsOfDirectory(atPath: data).filter { !$0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        if !reports {
            try? fm.removeItem(atPath: inbox)
            try fm.createDirectory(atPath: inbox, withIntermediateDirectories: true)
            try imported.jsonData().write(to: URL(fileURLWithPath: catalogueJSON))
            let absolute = data.hasPrefix("/") ? data : fm.currentDirectoryPath + "/" + data
            for file in lists {
                let job = "\(inbox)/\((file as NSString).deletingPathExtension)"
                try fm.createDirectory(atPath: job, withIntermediateDirectories: true)
                try fm.createSymbolicLink(atPath: "\(job)/\(file)", withDestinationPath: "\(absolute)/\(file)")
            }
            let runYear = asOf.flatMap(RunArguments.year(of:)) ?? FieldParser.currentYear
            var settings = RunSettings(runYear: runYear)
            settings.aids.ocrCache = ocrCache
            var options = RunOptions(inbox: inbox, output: runOut, workers: jobs, cataloguePath: catalogueJSON, settings: settings,
                                     progress: .automatic, html: true)
            options.cache = ResultCache(output: runOut, fingerprint: RunFingerprint.make(settings: settings, engines: settings.engineFingerprint))
            // Every list is read again: the figures are this build's (--ocr-cache keeps the recognition cheap).
            options.force = true
            try BenchRun.run(options)
        }
        var rows: [(String, InsightCounts)] = []
        for file in lists {
            let name = (file as NSString).deletingPathExtension
            guard let bytes = fm.contents(atPath: "\(runOut)/\(name)/entries.json") else {
                throw ValidationError("\(runOut)/\(name)/entries.json: missing (run without --reports first)")
            }
            let entries: [EntryRecord]
            do { entries = try JSONDecoder().decode(EntriesFile.self, from: bytes).entries } catch {
                throw ValidationError("\(runOut)/\(name)/entries.json: \(error)")
            }
            rows.append((file, InsightCounts(entries, catalogue: imported)))
        }
        let pooled = rows.map(\.1).reduce(InsightCounts(), +)
        print(Self.table(rows + [("**pooled**", pooled)]))
        print("\nwindow sources (pooled): " + pooled.sources.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        let holds = pooled.withWindow == pooled.vintaged && pooled.scoreShown == pooled.scored && pooled.valueShown == pooled.scoredWithBottle
        print("bars: every vintage has a window and a source \(pooled.withWindow)/\(pooled.vintaged); every scored match shows its score "
              + "\(pooled.scoreShown)/\(pooled.scored) and, with a bottle price, its value \(pooled.valueShown)/\(pooled.scoredWithBottle): "
              + (holds ? "hold" : "NOT MET"))
        if !holds { throw ExitCode(1) }
    }

    static func table(_ rows: [(String, InsightCounts)]) -> String {
        var out = "| list | entries | with vintage | window + source | catalogue | style | NV (ready) | scored matches | score shown | with bottle price | value shown | markup shown |\n"
        out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for (name, c) in rows {
            let style = c.sources.filter { $0.key.hasPrefix("style:") }.values.reduce(0, +)
            out += "| \(name) | \(c.entries) | \(c.vintaged) | \(c.withWindow) | \(c.sources["catalogue"] ?? 0) | \(style) "
                + "| \(c.nonVintage) (\(c.nonVintageReady)) | \(c.scored) | \(c.scoreShown) | \(c.scoredWithBottle) | \(c.valueShown) | \(c.markupShown) |\n"
        }
        return out
    }
}

/// What one list's entries show of their insights.
struct InsightCounts {
    var entries = 0
    var vintaged = 0
    var withWindow = 0
    var nonVintage = 0
    var nonVintageReady = 0
    var scored = 0
    var scoreShown = 0
    var scoredWithBottle = 0
    var valueShown = 0
    var markupShown = 0
    var sources: [String: Int] = [:]

    init() {}

    init(_ records: [EntryRecord], catalogue: Catalogue) {
        for e in records where e.kind == .wine {
            entries += 1
            let insight = e.insight
            if let source = insight?.drinkWindowSource {
                // `style:row/premium` counts under its row.
                let key = source.hasPrefix("style:") ? String(source.split(separator: "/")[0]) : source
                sources[key, default: 0] += 1
            }
            if e.vintage?.year != nil {
                vintaged += 1
                if insight?.drinkWindowSource != nil, insight?.drinkFrom != nil || insight?.drinkTo != nil { withWindow += 1 }
            } else if e.vintage == .nonVintage {
                nonVintage += 1
                if insight?.drinkStatus == .ready { nonVintageReady += 1 }
            }
            guard let id = e.matchedID, let row = catalogue.index(ofID: id), let score = catalogue[row].score else { continue }
            scored += 1
            if insight?.score == score { scoreShown += 1 }
            if let bottle = e.bottlePrice, bottle > 0 {
                scoredWithBottle += 1
                if insight?.value != nil { valueShown += 1 }
                if insight?.markup != nil { markupShown += 1 }
            }
        }
    }

    static func + (a: InsightCounts, b: InsightCounts) -> InsightCounts {
        var c = a
        c.entries += b.entries
        c.vintaged += b.vintaged
        c.withWindow += b.withWindow
        c.nonVintage += b.nonVintage
        c.nonVintageReady += b.nonVintageReady
        c.scored += b.scored
        c.scoreShown += b.scoreShown
        c.scoredWithBottle += b.scoredWithBottle
        c.valueShown += b.valueShown
        c.markupShown += b.markupShown
        c.sources.merge(b.sources, uniquingKeysWith: +)
        return c
    }
}
