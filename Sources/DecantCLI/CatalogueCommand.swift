import ArgumentParser
import Catalogue
import Foundation

/// `decant catalogue …`: build and inspect wine catalogues.
struct CatalogueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalogue",
        abstract: "Build wine catalogues from CSV exports.",
        subcommands: [CatalogueImportCommand.self])
}

struct CatalogueImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import CSV/TSV files into a Decant catalogue (JSON, or TSV for very large ones).",
        discussion: """
        --preset names the export a file comes from: cellartracker (CellarTracker's My Cellar export, CSV or \
        tab-separated: iWine, Vintage, Wine, Producer, Appellation, Region, Country, Color/Type, Varietal, \
        BeginConsume, EndConsume, CT and 100-point critics' scores, Price/Valuation, Currency), vivino (the Vivino data \
        export: Winery, Wine name, Vintage, Average rating, Wine type, Drinking Window; or the public scrape's \
        Red/White/Rose/Sparkling.csv), winemag (Wine Enthusiast reviews: winery, title with vintage, variety, \
        province, region_1, country, points, price), csv (a plain file whose header names the fields), bench (the \
        matching benchmark's catalogue.tsv) or custom (only --map). --mapping is the same option. A file without a \
        column its preset needs stops the import with the column named. --map FIELD=COLUMN adds or replaces one \
        column, COLUMN may list alternatives as A|B (fields: \(ColumnMapping.Field.allCases.map(\.rawValue).joined(separator: ", "))). \
        Rows with problems are reported as FILE:LINE and skipped or repaired; duplicates (same producer, \
        wine and vintage) are merged.
        """)

    @Argument(help: "CSV or TSV files to import (several files of one layout become one catalogue).")
    var files: [String]

    @Option(name: [.customLong("preset"), .customLong("mapping")],
            help: "The export the files come from: cellartracker, vivino, winemag, csv, bench, or custom (with --map).")
    var preset: String

    @Option(name: .long, help: "FIELD=COLUMN, repeatable: overrides the mapping.")
    var map: [String] = []

    @Option(name: .long, help: "Field separator for a custom mapping: comma or tab.")
    var separator: String?

    @Option(name: .long, help: ArgumentHelp("Currency of the files' prices when they have no currency column (USD, EUR …).", valueName: "CODE"))
    var currency: String?

    @Option(name: .shortAndLong, help: "Output file: .json (Decant's format) or .tsv.")
    var out: String

    @Option(name: .long, help: "Catalogue name written into the file (default: the output file's name).")
    var name: String?

    @Option(name: .long, help: "Print at most N row problems (all are counted).")
    var maxProblems: Int = 30

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one CSV or TSV file to import") }
    }

    func run() throws {
        var columns: ColumnMapping
        if let found = ColumnMapping.presets.first(where: { $0.name == preset.lowercased() }) {
            columns = found
        } else if preset == "custom" {
            columns = ColumnMapping(name: "custom", columns: [:], idPrefix: "row-")
        } else {
            throw ValidationError("--preset must be one of \((ColumnMapping.presets.map(\.name) + ["custom"]).joined(separator: ", ")), got \"\(preset)\"")
        }
        if let currency {
            guard !currency.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--currency must name a currency") }
            columns.currency = currency.uppercased()
        }
        for spec in map {
            do { try columns.override(spec) } catch { throw ValidationError(error.description) }
        }
        if let separator {
            switch separator {
            case "comma", ",": columns.separator = 0x2C
            case "tab", "\\t", "\t": columns.separator = 0x09
            default: throw ValidationError("--separator must be comma or tab")
            }
        }
        guard columns.columns[.producer] != nil else { throw ValidationError("the mapping has no producer column (--map producer=COLUMN)") }
        let title = name ?? ((out as NSString).lastPathComponent as NSString).deletingPathExtension
        let catalogue: Catalogue
        do { catalogue = try CatalogueImporter.importFiles(files, mapping: columns, name: title) } catch {
            FileHandle.standardError.write(Data("decant: \(error.description)\n".utf8))
            throw ExitCode(64)
        }
        for problem in catalogue.problems.prefix(maxProblems) {
            FileHandle.standardError.write(Data("decant: \(problem)\n".utf8))
        }
        if catalogue.problems.count > maxProblems {
            FileHandle.standardError.write(Data("decant: … \(catalogue.problems.count - maxProblems) more\n".utf8))
        }
        do {
            let data: Data
            if (out as NSString).pathExtension.lowercased() == "tsv" {
                data = Data(catalogue.tsvText().utf8)
            } else {
                data = try catalogue.jsonData()
            }
            try data.write(to: URL(fileURLWithPath: out), options: .atomic)
        } catch let error as CatalogueError {
            FileHandle.standardError.write(Data("decant: \(error.description)\n".utf8))
            throw ExitCode(73)
        } catch {
            FileHandle.standardError.write(Data("decant: \(out): cannot write (\(error.localizedDescription))\n".utf8))
            throw ExitCode(73)
        }
        let merged = catalogue.problems.filter { $0.message.contains("merged") }.count
        print("\(catalogue.count) wines → \(out) (\(merged) duplicates merged, \(catalogue.problems.count - merged) other row problems)")
    }
}
