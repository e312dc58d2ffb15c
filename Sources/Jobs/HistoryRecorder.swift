import Documents
import Foundation
import History
import Reporting

/// Records a finished run in the history and writes the change reports. Runs after every other
/// report is on disk, so a corrupt or locked database costs the night its change report and
/// nothing else.
struct HistoryRecorder {
    var path: String
    var output: String

    struct Outcome: Sendable {
        var summary: ChangeReport.Summary
        /// Why the run was not recorded; nil when it was.
        var failure: HistoryError?
        /// Change reports that could not be written.
        var writeProblems: [String]
    }

    func record(_ run: RunRecord, jobs: [Job]) -> Outcome {
        var run = run
        let paths = Dictionary(jobs.flatMap { job in job.pages.map { ("\(job.name)/\($0.source.name)", $0.source.path) } },
                               uniquingKeysWith: { first, _ in first })
        for j in run.jobs.indices {
            for i in run.jobs[j].images.indices {
                let image = run.jobs[j].images[i]
                // A file gone since it was read keeps no hash; the run is still recorded.
                run.jobs[j].images[i].contentHash = paths["\(run.jobs[j].job)/\(image.name)"].flatMap(Self.contentHash(ofFile:))
            }
        }
        var writeProblems: [String] = []
        let recorded: RecordedRun
        do {
            recorded = try HistoryStore(path: path).record(run)
        } catch {
            // Last night's change reports must not pass for tonight's.
            for job in run.jobs {
                for name in ["changes.csv", "changes.json"] { try? FileManager.default.removeItem(atPath: "\(output)/\(job.job)/\(name)") }
            }
            let summary = ChangeReport.Summary(history: path, failure: error)
            do { try AtomicFile.write(try JSONReport.encode(summary), to: "\(output)/changes-summary.json") } catch {
                writeProblems.append(error.description)
            }
            return Outcome(summary: summary, failure: error, writeProblems: writeProblems)
        }
        for changes in recorded.jobs {
            let directory = "\(output)/\(changes.job)"
            var csv = CSVWriter(header: Change.csvHeader)
            for change in changes.changes { csv.append(change.csvRow(job: changes.job)) }
            do {
                try csv.write(to: "\(directory)/changes.csv")
                try AtomicFile.write(try JSONReport.encode(ChangeReport.Job(changes, run: recorded.run)), to: "\(directory)/changes.json")
            } catch {
                writeProblems.append(error.description)
            }
        }
        let summary = ChangeReport.Summary(history: path, recorded: recorded)
        do { try AtomicFile.write(try JSONReport.encode(summary), to: "\(output)/changes-summary.json") } catch {
            writeProblems.append(error.description)
        }
        return Outcome(summary: summary, failure: nil, writeProblems: writeProblems)
    }

    /// SHA-256 of a file in 1 MiB reads, so a large photo is never held whole; nil if it cannot be read.
    static func contentHash(ofFile path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hash = ContentHash()
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch { return nil }
            guard let chunk, !chunk.isEmpty else { break } // nil or empty: end of file
            hash.update(chunk)
        }
        return hash.hex()
    }
}
