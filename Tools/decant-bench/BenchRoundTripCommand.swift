import DecantCLI
import ArgumentParser
import Catalogue
import Foundation

/// `decant bench roundtrip`: imports the real catalogues and matches every row's own name written in
/// wine-list style (abbreviated, vintage as 'YY, price appended); the bar is ≥ 0.97 found.
struct BenchRoundTripCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roundtrip",
        abstract: "Real catalogues: share of rows whose list-style name finds the row again.")

    @Argument(help: "Folder of the real catalogues (../shared/data/catalogue).")
    var folder: String = "../shared/data/catalogue"

    @Option(name: .long, help: "Print up to N rows not found.")
    var showMisses: Int = 0

    func run() throws {
        let sets: [(String, [String], ColumnMapping)] = [
            ("Wine Enthusiast", ["\(folder)/winemag-data-130k-v2.first5811rows.csv"], .wineEnthusiast),
            ("Vivino", ["Red", "White", "Rose", "Sparkling"].map { "\(folder)/vivino/\($0).csv" }, .vivino),
        ]
        print("| catalogue | source rows | imported (after merging) | row problems | found again | q/s (2 threads) |")
        print("|---|---|---|---|---|---|")
        var missLines: [String] = []
        for (name, files, mapping) in sets {
            let t0 = DispatchTime.now()
            let catalogue: Catalogue
            do { catalogue = try CatalogueImporter.importFiles(files, mapping: mapping, name: name) } catch {
                throw ValidationError(error.description)
            }
            let importSeconds = Double(DispatchTime.now().uptimeNanoseconds - t0.uptimeNanoseconds) / 1e9
            let source = catalogue.count + catalogue.problems.filter { $0.message.contains("merged") || $0.message.contains("skipped") }.count
            let t1 = DispatchTime.now()
            let outcome = try blocking { [catalogue, showMisses] in await RoundTrip.run(Matcher(catalogue: catalogue), keepMisses: showMisses) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - t1.uptimeNanoseconds) / 1e9
            print(String(format: "| %@ | %d | %d (%.2f s) | %d | %d = %.3f | %.0f |", name, source, catalogue.count, importSeconds,
                         catalogue.problems.count, outcome.found, outcome.share, Double(outcome.rows) / seconds))
            missLines += outcome.misses.map { "  \(name): \($0.line)  →  \($0.got)" }
        }
        if !missLines.isEmpty { print("\nnot found:\n" + missLines.joined(separator: "\n")) }
    }
}
