import Evaluation
import Foundation
import Reporting

/// `decant eval` without the command line: recompute a run's metrics from its reports, then
/// compare them with a baseline or make them the new baseline.
public struct AccuracyGate: Sendable {
    /// A run's output folder.
    public var reports: String
    /// The folder the run read (images and ground truth); nil: the inbox recorded in summary.json.
    public var inbox: String?
    public var baseline: String?
    public var updateBaseline: Bool
    /// Rewrite metrics.json / metrics.csv in the reports folder.
    public var writeMetrics: Bool

    public init(reports: String, inbox: String? = nil, baseline: String? = nil, updateBaseline: Bool = false, writeMetrics: Bool = true) {
        self.reports = reports
        self.inbox = inbox
        self.baseline = baseline
        self.updateBaseline = updateBaseline
        self.writeMetrics = writeMetrics
    }

    public struct Outcome: Sendable {
        public var report: MetricsReport
        /// nil when no baseline was compared.
        public var gate: GateResult?
        public var baselineWritten: Bool
        public var exitCode: Int32 {
            if let gate, !gate.passed { return ExitStatus.accuracyRegression }
            return ExitStatus.success
        }
    }

    public func run() throws(RunError) -> Outcome {
        if updateBaseline, baseline == nil { throw RunError(.usage, "--update-baseline needs --baseline FILE") }
        let inbox: String
        if let given = self.inbox { inbox = given } else { inbox = try recordedInbox() }
        let report = try RunEvaluation.evaluate(reports: reports, inbox: inbox, write: writeMetrics)
        guard !report.images.isEmpty || !(report.lists ?? []).isEmpty else {
            throw RunError(.usage, "\(reports): no image of this run has ground truth under \(inbox) (NAME.gt.json, NAME.gt.txt, a wine list's NAME.gt.json, SROIE or Inv3D)"
                + (report.problems.isEmpty ? "" : "; " + report.problems.joined(separator: "; ")))
        }
        guard let baseline else { return Outcome(report: report, gate: nil, baselineWritten: false) }
        let exists = FileManager.default.fileExists(atPath: baseline)
        if updateBaseline {
            // Keep the tolerances a maintainer may have tuned; the numbers are replaced.
            let settings = exists ? ((try? MetricsReport.load(path: baseline))?.gate ?? .standard) : .standard
            var updated = report
            updated.gate = settings
            updated.problems = []
            do { try MetricsReportWriter.writeBaseline(updated, to: baseline) } catch { throw RunError(.output, error.description) }
            return Outcome(report: report, gate: nil, baselineWritten: true)
        }
        guard exists else {
            throw RunError(.usage, "\(baseline): baseline not found (create it with --update-baseline)")
        }
        let previous: MetricsReport
        do { previous = try MetricsReport.load(path: baseline) } catch { throw RunError(.usage, error.description) }
        return Outcome(report: report, gate: Gate.check(current: report, baseline: previous), baselineWritten: false)
    }

    /// The inbox `decant run` recorded in summary.json (as it was given, relative to where it ran).
    func recordedInbox() throws(RunError) -> String {
        let path = "\(reports)/summary.json"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RunError(.usage, "\(path): cannot be read; pass --inbox with the folder the run read")
        }
        guard let summary = try? JSONDecoder().decode(RunSummary.self, from: data) else {
            throw RunError(.usage, "\(path): not a Decant run summary; pass --inbox with the folder the run read")
        }
        return summary.inbox
    }
}
