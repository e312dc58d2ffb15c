import Catalogue
import DecantTestSupport
import Foundation
import Reporting
import Testing

/// A user's CellarTracker export imported by its preset, then a wine list read with it: the export's
/// windows and scores reach entries.json, and the wines it does not hold get a window from their style.
@Suite(.serialized) struct CellarTrackerEndToEndTests {
    let scratch = TemporaryFolder("decant-e2e-ct")

    struct EntriesFile: Decodable {
        var entries: [EntryRecord]
    }

    /// A born-digital list (a PDF with a text layer: no OCR) with one wine of each kind.
    func writeList(to path: String) {
        let lines: [(String, String)] = [
            ("RED WINES", ""),
            ("Produttori del Barbaresco, Barbaresco Rabajà 2016", "€140"),
            ("Château Exemple, Pauillac 2015", "€220"),
            ("WHITE WINES", ""),
            ("Domaine Exemple, Sancerre 2022", "€60"),
            ("DESSERT WINES", ""),
            ("Domaine X, Sauternes 2019", "€75"),
            ("SPARKLING", ""),
            ("Bollinger, Special Cuvée NV", "€110"),
        ]
        CairoPDF.write(to: path, pages: [{ cairo in
            for (i, line) in lines.enumerated() {
                let y = 90 + Double(i) * 30
                CairoPDF.show(cairo, line.0, x: 60, y: y, size: 12, bold: line.1.isEmpty)
                if !line.1.isEmpty { CairoPDF.show(cairo, line.1, x: 480, y: y, size: 12) }
            }
        }])
    }

    @Test func cellarTrackerWindowsAndScoresReachEntriesJSON() throws {
        let export = scratch.file("cellartracker.csv")
        try CellarTrackerExport.text().write(toFile: export, atomically: true, encoding: .utf8)
        let catalogue = scratch.file("cellar.json")
        let imported = try DecantProcess.run(["catalogue", "import", "--preset", "cellartracker", export, "-o", catalogue])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("3 wines"))

        let inbox = scratch.file("inbox/list")
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        writeList(to: inbox + "/list.pdf")
        let out = scratch.file("out")
        let run = try DecantProcess.run(["run", scratch.file("inbox"), "--out", out, "--catalogue", catalogue, "--jobs", "1",
                                         "--quiet", "--no-history", "--as-of", "2026-06-01"])
        #expect(run.status == 0, "\(run.stderr)")
        let data = try #require(FileManager.default.contents(atPath: out + "/list/entries.json"))
        let entries = try JSONDecoder().decode(EntriesFile.self, from: data).entries
        func entry(_ word: String) throws -> EntryRecord {
            try #require(entries.first { $0.rawText.contains(word) }, "no entry reads \(word): \(entries.map(\.rawText))")
        }

        let barbaresco = try entry("Rabaj")
        #expect(barbaresco.matchedID == "ct-101")
        // The parser's layout facts reach entries.json: the price row, and where its price came from.
        #expect(barbaresco.layout?.rows.map(\.role) == [.price])
        #expect(barbaresco.layout?.prices.map(\.text) == ["€140"])
        #expect(barbaresco.insight?.score == 93.4)
        #expect(barbaresco.insight?.drinkFrom == 2024 && barbaresco.insight?.drinkTo == 2040)
        #expect(barbaresco.insight?.drinkWindowSource == "catalogue")
        #expect(barbaresco.insight?.drinkStatus == .ready)
        #expect(barbaresco.insight?.markup.map { ($0 * 1000).rounded() / 1000 } == 1.647, "€140 on the list against €85 in the export")
        #expect(barbaresco.insight?.value.map { ($0 * 1000).rounded() / 1000 } == 0.667)

        let sauternes = try entry("Sauternes")
        #expect(sauternes.matchedID == "ct-103")
        #expect(sauternes.insight?.score == 93)
        #expect(sauternes.insight?.drinkWindowSource == "catalogue")

        let pauillac = try entry("Pauillac")
        #expect(pauillac.insight?.drinkWindowSource == "style:bordeaux-cru")
        #expect(pauillac.insight?.drinkFrom == 2021 && pauillac.insight?.drinkTo == 2040)
        #expect(pauillac.insight?.score == nil)

        let sancerre = try entry("Sancerre")
        #expect(sancerre.insight?.drinkWindowSource == "style:fresh-white")
        #expect(sancerre.insight?.drinkStatus == .ready)

        let bollinger = try entry("Bollinger")
        #expect(bollinger.insight?.drinkWindowSource == "non-vintage")
        #expect(bollinger.insight?.drinkStatus == .ready)

        // entries.csv: the window's columns come last, after every column older readers know.
        let csv = try String(contentsOfFile: out + "/list/entries.csv", encoding: .utf8)
        // Lines end in CRLF, one Character to Swift: split on newline characters, not on "\n".
        let header = try #require(csv.components(separatedBy: .newlines).first)
        #expect(header.hasSuffix("fits_budget,drink_from,drink_to,drink_window_source"))
        #expect(csv.contains(",2024,2040,catalogue"))
        #expect(csv.contains("style:bordeaux-cru"))
    }

    /// The export priced in dollars, the list in euros: no markup without a rate, one through the rate given.
    @Test func markupAcrossCurrenciesOnlyByTheRateGiven() throws {
        let export = scratch.file("usd.csv")
        try CellarTrackerExport.text([CellarTrackerExport.barbaresco]).replacingOccurrences(of: ",EUR,", with: ",USD,")
            .write(toFile: export, atomically: true, encoding: .utf8)
        let catalogue = scratch.file("usd.json")
        #expect(try DecantProcess.run(["catalogue", "import", "--preset", "cellartracker", export, "-o", catalogue]).status == 0)
        let inbox = scratch.file("rates/list")
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        writeList(to: inbox + "/list.pdf")
        func barbaresco(_ extra: [String]) throws -> EntryRecord {
            let out = scratch.file("rates-out-\(extra.count)")
            let run = try DecantProcess.run(["run", scratch.file("rates"), "--out", out, "--catalogue", catalogue, "--jobs", "1",
                                             "--quiet", "--no-history", "--as-of", "2026-06-01"] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            let data = try #require(FileManager.default.contents(atPath: out + "/list/entries.json"))
            return try #require(try JSONDecoder().decode(EntriesFile.self, from: data).entries.first { $0.rawText.contains("Rabaj") })
        }
        let without = try barbaresco([])
        #expect(without.insight?.score == 93.4 && without.insight?.markup == nil, "euros against dollars with no rate: no markup")
        let with = try barbaresco(["--rate", "EUR/USD=1.25"])
        #expect(with.insight?.markup.map { ($0 * 1000).rounded() / 1000 } == 2.059, "$85 is €68 at 1.25 dollars the euro; €140 / €68")

        let bad = try DecantProcess.run(["run", scratch.file("rates"), "--out", scratch.file("bad"), "--rate", "EUR/USD"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--rate must be BASE/QUOTE=RATE"))
    }

    @Test func anExportWithoutAColumnStopsWithTheColumnNamed() throws {
        let export = scratch.file("no-end.csv")
        try CellarTrackerExport.text().replacingOccurrences(of: ",Producer,", with: ",Maker,").write(toFile: export, atomically: true, encoding: .utf8)
        let result = try DecantProcess.run(["catalogue", "import", "--mapping", "cellartracker", export, "-o", scratch.file("x.json")])
        #expect(result.status == 64)
        #expect(result.stderr.contains("no-end.csv:1: no column \"Producer\" for producer, which a cellartracker file has"))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("x.json")))
    }
}
