import ArgumentParser
import Entries
import Foundation
import History
import Jobs
import Reporting

/// Reads the run history that `decant run` keeps: a wine's prices across restaurants and nights,
/// or one restaurant's list over time. Never creates or changes the database.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Query the run history: a wine across lists and nights, or a list over time.",
        subcommands: [Wine.self, JobList.self])

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, csv, json }

    struct Options: ParsableArguments {
        @Option(name: .long, help: "The history database (as given to `decant run --history`).")
        var history: String = "Reports/history.sqlite"

        @Option(name: .long, help: "Output: table, csv or json.")
        var format: Format = .table
    }

    struct Wine: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "wine",
            abstract: "A wine's prices across restaurants (jobs) and nights.",
            discussion: "QUERY is a catalogue id (dc-0042), or words that must all appear in the name as read or the catalogue's name (accents and case ignored).")

        @Argument(help: "Catalogue id or words of the name.")
        var query: String

        @Option(name: .long, help: "Only this job (restaurant).")
        var job: String?

        @OptionGroup var options: Options

        func run() throws {
            let store = try HistoryCommand.open(options.history)
            let sightings = try HistoryCommand.guarding { () throws(HistoryError) in try store.sightings(ofWine: query, job: job) }
            if sightings.isEmpty {
                FileHandle.standardError.write(Data("decant: no wine matching \"\(query)\" in \(options.history)\n".utf8))
            }
            try HistoryCommand.emit(sightings, format: options.format)
        }
    }

    struct JobList: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "job",
            abstract: "A job's (restaurant's) list over time, night by night.")

        @Argument(help: "The job's name, as in the run's reports (its folder below the inbox).")
        var name: String

        @Option(name: .long, help: "Only the job's last N runs.")
        var last: Int?

        @OptionGroup var options: Options

        func validate() throws {
            if let last, last < 1 { throw ValidationError("--last must be at least 1") }
        }

        func run() throws {
            let store = try HistoryCommand.open(options.history)
            let jobs = try HistoryCommand.guarding { () throws(HistoryError) in try store.jobNames() }
            guard jobs.contains(name) else {
                let known = jobs.isEmpty ? "it holds no jobs yet" : "jobs: " + jobs.joined(separator: ", ")
                FileHandle.standardError.write(Data("decant: no job \"\(name)\" in \(options.history) (\(known))\n".utf8))
                throw ExitCode(ExitStatus.usage)
            }
            let sightings = try HistoryCommand.guarding { () throws(HistoryError) in try store.sightings(ofJob: name, lastRuns: last) }
            try HistoryCommand.emit(sightings, format: options.format)
        }
    }

    static func open(_ path: String) throws -> HistoryStore {
        try guarding { () throws(HistoryError) in try HistoryStore(path: path, mode: .readOnly) }
    }

    /// History errors become a message on stderr and an exit status: 64 for a file that is not
    /// there (a wrong path), 4 for one that cannot be read.
    static func guarding<T>(_ body: () throws(HistoryError) -> T) throws -> T {
        do { return try body() } catch {
            FileHandle.standardError.write(Data("decant: \(error.description)\n".utf8))
            throw ExitCode(error.kind == .missing ? ExitStatus.usage : ExitStatus.historyNotRecorded)
        }
    }

    /// One sighting as written in CSV and JSON.
    struct Row: Codable {
        var runId: Int64
        var night: String
        var job: String
        var image: String
        var name: String
        var wineId: String?
        var wineName: String?
        var vintage: String?
        var bottleSizeML: Int?
        var section: String?
        var currency: String?
        var prices: [PriceCell]

        struct PriceCell: Codable {
            var column: String
            /// nil: market price.
            var amount: Double?
        }

        init(_ s: Sighting) {
            runId = s.runID
            night = HistoryDate.iso(s.startedAt)
            job = s.job
            image = s.entry.image
            name = s.entry.name
            wineId = s.entry.wineID
            wineName = s.entry.wineName
            vintage = s.entry.vintage?.description
            bottleSizeML = s.entry.bottleSizeML
            section = s.entry.section
            currency = s.entry.currency
            prices = s.entry.prices.map { PriceCell(column: $0.column.rawValue, amount: $0.amount) }
        }
    }

    /// Tables and CSV give each price column present its own column (glass, bottle, …).
    static func emit(_ sightings: [Sighting], format: Format) throws {
        let columns = PriceColumn.allCases.filter { c in sightings.contains { $0.entry.prices.contains { $0.column == c } } }
        func cells(_ s: Sighting, night: String) -> [String] {
            let e = s.entry
            return [night, String(s.runID), s.job, e.displayName, e.wineID ?? "", e.vintage?.description ?? "",
                    e.bottleSizeML.map(String.init) ?? "", e.section ?? ""]
                + columns.map { c in e.prices.filter { $0.column == c }.map(\.formatted).joined(separator: " / ") }
        }
        let names = columns.map { $0 == .unknown ? "price" : $0.rawValue }
        switch format {
        case .table:
            var table = TextTable(header: ["NIGHT", "RUN", "JOB", "WINE", "ID", "VINTAGE", "ML", "SECTION"] + names.map { $0.uppercased() })
            for s in sightings { table.rows.append(cells(s, night: shortDate(s.startedAt))) }
            print(table.text, terminator: "")
        case .csv:
            var csv = CSVWriter(header: ["night", "run_id", "job", "wine", "wine_id", "vintage", "bottle_size_ml", "section"] + names)
            for s in sightings { csv.append(cells(s, night: HistoryDate.iso(s.startedAt))) }
            FileHandle.standardOutput.write(Data(try csv.text.utf8))
        case .json:
            let data = (try? JSONReport.encode(sightings.map(Row.init))) ?? Data("[]\n".utf8)
            FileHandle.standardOutput.write(data)
        }
    }

    /// "2026-11-21 06:55" (UTC): a night at a glance.
    static func shortDate(_ date: Date) -> String {
        let iso = HistoryDate.iso(date)
        return String(iso.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }
}
