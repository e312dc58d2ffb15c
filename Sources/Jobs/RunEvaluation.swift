import Evaluation
import Foundation
import Reporting

/// Scores a run's pages against ground truth: during `decant run` as each job finishes, and in
/// `decant eval` from the reports an earlier run left behind.
public enum RunEvaluation {
    /// Evaluates every page that has ground truth. Truth that cannot be read is a problem naming
    /// the file; the page is left out and the rest go on. The checks mark each entry right or
    /// wrong for the review report.
    /// Truth paths are recorded relative to `inbox` (so a committed baseline names `bistro/menu.gt.json`,
    /// not a path on one machine).
    public static func evaluate(job: String, pages: [PageResult], inbox: String,
                                truth: (PageResult) -> TruthSource?)
        -> (evaluations: [ImageEvaluation], problems: [String], checks: [EntryVerdict]) {
        let root = URL(fileURLWithPath: inbox).standardizedFileURL.path
        var evaluations: [ImageEvaluation] = []
        var problems: [String] = []
        var checks: [EntryVerdict] = []
        for page in pages {
            guard let source = truth(page) else { continue }
            let groundTruth: GroundTruth
            do { groundTruth = try source.load(image: page.record.image) } catch {
                problems.append("\(source.path): \(error.message); \(page.record.image) not evaluated")
                continue
            }
            var evaluation = ImageEvaluator.evaluate(job: job, image: page.record.image, source: source,
                                                     truth: groundTruth, page: page.observation)
            evaluation.truth = relative(source.path, to: root)
            evaluations.append(evaluation)
            checks += EntryVerdict.checks(page: page, truth: groundTruth)
        }
        return (evaluations, problems, checks)
    }

    /// A job scored by its truth files by document name: a page's truth scores the page, a real list's
    /// truth scores the document's entries. `report` is the job's metrics.json; nil when nothing was scored.
    public struct JobScore {
        public var evaluations: [ImageEvaluation]
        public var lists: [ListEvaluation]
        public var problems: [String]
        public var checks: [EntryVerdict]
        public var report: MetricsReport? {
            evaluations.isEmpty && lists.isEmpty ? nil : MetricsReport(images: evaluations, problems: problems, lists: lists)
        }
    }

    /// Scores a job's pages and real lists against `sources` (truth by document file name).
    public static func evaluate(job: String, pages: [PageResult], inbox: String, sources: [String: TruthSource]) -> JobScore {
        let result = evaluate(job: job, pages: pages, inbox: inbox) { page in
            sources[page.record.image].flatMap { $0.format == .winelist || page.record.page != nil ? nil : $0 }
        }
        let lists = evaluateLists(job: job, pages: pages, inbox: inbox, sources: sources.filter { $0.value.format == .winelist })
        return JobScore(evaluations: result.evaluations, lists: lists.evaluations, problems: result.problems + lists.problems,
                        checks: result.checks)
    }

    /// Recomputes metrics from a run's output folder, finding each image's truth under `inbox`
    /// (the folder the run read). Writes metrics.json / metrics.csv per job and for the run when
    /// `write` is set.
    public static func evaluate(reports: String, inbox: String, write: Bool) throws(RunError) -> MetricsReport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: reports, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RunError(.usage, "\(reports): reports folder not found")
        }
        guard FileManager.default.fileExists(atPath: inbox, isDirectory: &isDirectory) else {
            throw RunError(.usage, "\(inbox): inbox folder (where the images and their ground truth are) not found")
        }
        let inboxIsFile = !isDirectory.boolValue
        let directories = JobReportReader.jobDirectories(in: reports)
        guard !directories.isEmpty else { throw RunError(.usage, "\(reports): no job reports (pages.json) found") }
        var all: [ImageEvaluation] = []
        var lists: [ListEvaluation] = []
        var problems: [String] = []
        for directory in directories {
            let job: String, pages: [PageResult]
            do { (job, pages) = try JobReportReader(directory: directory).read() } catch {
                problems.append(error.description)
                continue
            }
            guard let folder = jobFolder(job: job, inbox: inbox, inboxIsFile: inboxIsFile) else {
                problems.append("\(directory): job \(job) has no folder in \(inbox); not evaluated")
                continue
            }
            let root = inboxIsFile ? (inbox as NSString).deletingLastPathComponent : inbox
            var sources: [String: TruthSource] = [:]
            for file in Set(pages.map(\.record.image)) {
                sources[file] = TruthSource.locate(imagePath: "\(folder)/\(file)")
            }
            let score = evaluate(job: job, pages: pages, inbox: root, sources: sources)
            problems += score.problems
            all += score.evaluations
            lists += score.lists
            if write, let jobReport = score.report {
                do { try MetricsReportWriter.write(jobReport, to: directory) } catch {
                    throw RunError(.output, error.description)
                }
            }
        }
        let report = MetricsReport(images: all, problems: problems, lists: lists)
        if write, !all.isEmpty || !lists.isEmpty {
            do { try MetricsReportWriter.write(report, to: reports) } catch { throw RunError(.output, error.description) }
        }
        return report
    }

    static func relative(_ path: String, to root: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        return absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : path
    }

    /// Where job discovery found a job: INBOX/JOB, or the inbox itself for images directly in it
    /// (that job is named after the inbox), or the folder of a single-image inbox.
    static func jobFolder(job: String, inbox: String, inboxIsFile: Bool) -> String? {
        let root = URL(fileURLWithPath: inbox).standardizedFileURL.path
        if inboxIsFile { return (root as NSString).deletingLastPathComponent }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: "\(root)/\(job)", isDirectory: &isDirectory), isDirectory.boolValue { return "\(root)/\(job)" }
        if job == (root as NSString).lastPathComponent { return root }
        return nil
    }

    /// Scores each real wine list of a job (its truth in the shared lists' format) by its entries: those
    /// of the document's pages the truth covers, paired with the truth's as the shared scorer pairs them.
    public static func evaluateLists(job: String, pages: [PageResult], inbox: String, sources: [String: TruthSource])
        -> (evaluations: [ListEvaluation], problems: [String]) {
        let root = URL(fileURLWithPath: inbox).standardizedFileURL.path
        var evaluations: [ListEvaluation] = [], problems: [String] = []
        for (file, source) in sources.sorted(by: { $0.key < $1.key }) {
            let truth: WineListTruth
            do { truth = try WineListTruth.load(path: source.path) } catch {
                problems.append("\(source.path): \(error.message); \(file) not evaluated")
                continue
            }
            let covered = pages.filter { $0.record.image == file && truth.covers(page: $0.record.page) }
            let found = covered.flatMap(\.entries).filter { $0.kind == .wine }.map { entry in
                ListEntryObservation(text: entry.rawText, prices: entry.prices.compactMap(\.amount), vintage: entry.vintage?.year)
            }
            let expected = truth.entries.filter { truth.covers(page: $0.page) }
            evaluations.append(ListEvaluation(job: job, file: file, truth: relative(source.path, to: root), kind: truth.kind,
                                              pages: truth.pages, counts: ListScorer.score(truth: expected, predicted: found)))
        }
        return (evaluations, problems)
    }
}
