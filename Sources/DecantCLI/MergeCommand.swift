import ArgumentParser
import Foundation
import Jobs

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the output folders of `decant run --shard K/N` into one run's reports.",
        discussion: """
        Give the output folders of all N shards of one run (same inbox, settings, catalogue and \
        Decant build). The merged folder gets the reports a single `decant run` over the whole \
        inbox would have written (entries, pages, receipts, items, metrics, summary, manifest, \
        HTML review report), and the run is recorded once in the history. Nothing is read by OCR \
        again; ground truth is read from the inbox, so it must be reachable here (--inbox when it \
        is mounted at another path than the shards saw). See docs/deploy/.
        """)

    @Argument(help: "The shards' output folders.")
    var shards: [String]

    @Option(name: .long, help: "Output folder for the merged reports (not one of the shards).")
    var out: String

    @Option(name: .long, help: "The inbox, when it is not at the path the shards recorded in their shard.json.")
    var inbox: String?

    @Option(name: .long, help: "SQLite run history to record the merged run in (default: OUT/history.sqlite).")
    var history: String?

    @Flag(name: .long, help: "Do not record the merged run in the history database.")
    var noHistory = false

    @Flag(name: .long, help: "No progress output.")
    var quiet = false

    func validate() throws {
        guard !shards.isEmpty else { throw ValidationError("give the output folders of the shards to merge") }
    }

    func run() throws {
        let merger = ShardMerger(shards: shards, output: out, inbox: inbox,
                                 historyPath: noHistory ? nil : (history ?? "\(out)/history.sqlite"),
                                 progress: quiet ? .quiet : .automatic)
        let outcome: RunOutcome
        do { outcome = try blocking { [merger] in try await merger.merge() } } catch let error as RunError {
            FileHandle.standardError.write(Data("decant merge: \(error.message)\n".utf8))
            throw ExitCode(error.exitCode)
        }
        for problem in outcome.problems {
            FileHandle.standardError.write(Data("decant merge: \(problem)\n".utf8))
        }
        let s = outcome.summary
        if !quiet {
            print("\(shards.count) shard(s) merged: \(s.jobs.count) job(s), \(s.images) image(s), \(s.failedImages) failed, \(s.entries) entries (\(s.matchedEntries) matched) → \(out)/")
            if let c = outcome.changes, c.recorded {
                print("\(c.totals.total) change(s) in \(c.jobsWithChanges) job(s), \(c.newJobs) new job(s) since the last run → \(out)/changes-summary.json")
            }
        }
        if outcome.exitCode != ExitStatus.success { throw ExitCode(outcome.exitCode) }
    }
}
