import ArgumentParser
import Catalogue
import Entries
import Foundation

/// `decant match`: match free-text wine lines (a point-of-sale export, a typed list) without OCR.
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Match wine names typed or exported as text against the catalogue (no OCR).",
        discussion: """
        Prints one result per query: the query id (or line number), the best catalogue id (empty for no \
        match), its name, vintage, confidence (calibrated probability that the answer is right) and match \
        type (exact, vintage-variant, producer-only, none). --queries reads a TSV with a header naming \
        the columns qid and query (the layout of ../shared/bench/matching), or else one query per line.
        """)

    @Option(name: .long, help: "Wine catalogue (.json in Decant's format, or .tsv id/producer/wine/vintage/…). Default: the built-in catalogue.")
    var catalogue: String?

    @Option(name: .long, help: "File of queries: TSV with qid and query columns, or one query per line.")
    var queries: String?

    @Option(name: .long, help: "Output format: tsv or json.")
    var format: Format = .tsv

    @Option(name: .long, help: "Also print up to N alternatives per query (json always includes up to 3).")
    var alternatives: Int = 0

    @Option(name: .long, help: "Parallel threads.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .long, help: "Year two-digit vintages ('15) pivot around (default: this year).")
    var runYear: Int = FieldParser.currentYear

    @Flag(name: .long, help: "Explain how each query was read and scored (for tuning and bug reports).")
    var explain = false

    @Argument(help: "Queries given on the command line (each one wine line).")
    var query: [String] = []

    enum Format: String, ExpressibleByArgument { case tsv, json }

    func validate() throws {
        if query.isEmpty && queries == nil { throw ValidationError("give QUERY arguments or --queries FILE") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard (0...3).contains(alternatives) else { throw ValidationError("--alternatives must be 0…3") }
    }

    func run() throws {
        let loaded: Catalogue
        do throws(CatalogueError) {
            if let catalogue { loaded = try Catalogue.load(path: catalogue) } else { loaded = try Catalogue.builtIn() }
        } catch {
            FileHandle.standardError.write(Data("decant: \(error.description)\n".utf8))
            throw ExitCode(64)
        }
        for problem in loaded.problems.prefix(20) {
            FileHandle.standardError.write(Data("decant: \(problem)\n".utf8))
        }
        if loaded.problems.count > 20 {
            FileHandle.standardError.write(Data("decant: … and \(loaded.problems.count - 20) more catalogue notes\n".utf8))
        }
        var items: [(id: String, text: String)] = query.enumerated().map { (String($0.offset + 1), $0.element) }
        if let queries {
            do { items += try QueryFile.read(path: queries) } catch {
                FileHandle.standardError.write(Data("decant: \(error.description)\n".utf8))
                throw ExitCode(64)
            }
        }
        let matcher = Matcher(catalogue: loaded, runYear: runYear)
        if explain {
            for item in items { print(matcher.explain(MatchQuery(item.text)) + "\n") }
            return
        }
        let results = try blocking { [items, jobs] in await matcher.match(items.map { MatchQuery($0.text) }, workers: jobs) }

        var out = ""
        switch format {
        case .tsv:
            var header = ["qid", "id", "name", "vintage", "confidence", "type"]
            for k in 0..<alternatives { header += ["alt\(k + 1)_id", "alt\(k + 1)_name", "alt\(k + 1)_vintage"] }
            out += header.joined(separator: "\t") + "\n"
            for (item, r) in zip(items, results) {
                var row = [item.id, r.matchedID ?? "", r.best?.name ?? "", r.type == .producerOnly ? "" : (r.best?.vintage?.description ?? ""),
                           String(format: "%.3f", r.confidence), r.type.rawValue]
                for k in 0..<alternatives {
                    let a = k < r.alternatives.count ? r.alternatives[k] : nil
                    row += [a?.wineID ?? "", a?.name ?? "", a?.vintage?.description ?? ""]
                }
                out += row.map(Self.clean).joined(separator: "\t") + "\n"
            }
        case .json:
            struct Line: Encodable {
                var qid: String
                var query: String
                var id: String?
                var name: String?
                var vintage: String?
                var confidence: Double
                var type: String
                var alternatives: [Alternative]
            }
            struct Alternative: Encodable { var id: String; var name: String; var vintage: String? }
            let lines = zip(items, results).map { item, r in
                Line(qid: item.id, query: item.text, id: r.matchedID, name: r.best?.name,
                     vintage: r.type == .producerOnly ? nil : r.best?.vintage?.description,
                     confidence: (r.confidence * 1000).rounded() / 1000, type: r.type.rawValue,
                     alternatives: r.alternatives.map { Alternative(id: $0.wineID, name: $0.name, vintage: $0.vintage?.description) })
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            out = String(decoding: try encoder.encode(lines), as: UTF8.self) + "\n"
        }
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    /// TSV fields never hold tabs or line breaks.
    static func clean(_ s: String) -> String {
        s.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
    }
}

/// Reads --queries: a TSV whose header names `qid` and `query`, or else one query per line (numbered).
enum QueryFile {
    static func read(path: String) throws(CatalogueError) -> [(id: String, text: String)] {
        let file = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogueError(file: file, "queries file could not be read (missing or permission denied)")
        }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        guard let first = lines.first else { return [] }
        let header = first.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if let q = header.firstIndex(of: "query") {
            let idColumn = header.firstIndex(of: "qid")
            var out: [(id: String, text: String)] = []
            for (i, line) in lines.enumerated().dropFirst() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                let c = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard q < c.count else {
                    // One bad row is reported and skipped; the other queries still get their answers.
                    let problem = CatalogueError(file: file, line: i + 1, "expected a query in column \(q + 1), found \(c.count) column(s); skipped")
                    FileHandle.standardError.write(Data("decant: \(problem)\n".utf8))
                    continue
                }
                out.append((idColumn.flatMap { $0 < c.count ? c[$0] : nil } ?? String(i + 1), c[q]))
            }
            return out
        }
        return lines.enumerated().compactMap { i, line in
            line.trimmingCharacters(in: .whitespaces).isEmpty ? nil : (String(i + 1), String(line))
        }
    }
}
