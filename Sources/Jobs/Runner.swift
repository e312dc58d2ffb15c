import Pipeline
import CMalloc
import Catalogue
import Evaluation
import Entries
import Foundation
import History
import Recognition
import Reporting

/// What a finished run reports back to the CLI.
public struct RunOutcome: Sendable {
    public var summary: RunSummary
    public var problems: [String]
    /// Accuracy against ground truth, when any image had some (also written to OUT/metrics.json).
    public var metrics: MetricsReport?
    /// The night's changes; nil when no history was asked for. `recorded` false: see `error`.
    public var changes: ChangeReport.Summary? = nil
    public var exitCode: Int32 {
        if changes?.recorded == false { return ExitStatus.historyNotRecorded }
        return summary.failedImages > 0 || !problems.isEmpty ? ExitStatus.someImagesFailed : ExitStatus.success
    }
}

/// Runs every job of an inbox with N workers, each owning one Tesseract engine for its lifetime.
public struct Runner: Sendable {
    public var options: RunOptions

    public init(options: RunOptions) {
        self.options = options
    }

    /// `--engine ppocr` or `photos` without PP-OCR, or an install whose library does not load, stops the run
    /// before any page is read, naming the set-up command (exit 69), rather than failing every page.
    static func checkEngines(_ settings: RunSettings) throws(RunError) {
        if settings.read.engine.requiresPPOCR {
            let models = PPOCRModels(folder: PPOCRModels.defaultFolder())
            guard models.missingFiles.isEmpty else {
                throw RunError(.missingDependency, "--engine \(settings.read.engine.rawValue): PP-OCR is not installed (\(models.missingFiles.joined(separator: ", ")) "
                               + "missing); run \(PPOCRModels.setupCommand), or set DECANT_PPOCR_MODELS to the folder holding it")
            }
        }
        guard let models = settings.installedPPOCR else { return }
        do { _ = try ONNXRuntime.shared(path: models.runtime) } catch { throw RunError(.missingDependency, error.message) }
    }

    public func run() async throws(RunError) -> RunOutcome {
        let clockStart = DispatchTime.now().uptimeNanoseconds
        let startedAt = Date()
        do { try options.settings.read.ocr.validate() } catch { throw RunError(.missingDependency, error.message) }
        try Self.checkEngines(options.settings)
        var discovery = try JobDiscovery.discover(inbox: options.inbox, pdfLimits: options.settings.load.pdfLimits)
        if let shard = options.shard { discovery.jobs = Self.jobs(discovery.jobs, in: shard) }
        let catalogue = try Self.loadCatalogue(path: options.cataloguePath)
        let matcher = Matcher(catalogue: catalogue, runYear: options.settings.entries.runYear)
        try prepareOutput()
        let lock = try OutputLock(output: options.output)
        defer { withExtendedLifetime(lock) {} }
        let shardFile = "\(options.output)/\(ShardRecord.fileName)"
        // An earlier shard's record must not vouch for this run's folder until it is complete.
        try? FileManager.default.removeItem(atPath: shardFile)

        let tasks = discovery.jobs.flatMap(\.pages)
        let collector = ResultCollector(jobs: discovery.jobs, output: options.output, inbox: options.inbox,
                                        insights: options.settings.insights, html: options.html,
                                        progress: ProgressReporter(style: options.progress, total: tasks.count))
        // Unchanged images (same bytes, same settings, same build) keep their earlier pages.
        let cache = options.cache
        var keys: [ContentKey?] = []
        var pending: [(PageTask, ContentKey?)] = []
        for task in tasks {
            let key = cache?.key(for: task)
            keys.append(key)
            if !options.force, let key, let cached = cache?.load(key), cached.record.job == task.job,
               cached.record.sourceName == task.source.name {
                await collector.add(cached, reused: true)
            } else {
                pending.append((task, key))
            }
        }
        let queue = WorkQueue(pending)
        var runSettings = options.settings
        if options.html { runSettings.outputs.pagePreviews = options.output }
        let settings = runSettings
        let isolation = options.isolation
        let workers = max(1, min(options.workers, max(pending.count, 1)))
        let engineFailure: RunError? = await withTaskGroup(of: RunError?.self) { group in
            for _ in 0..<workers {
                group.addTask {
                    switch isolation {
                    case .inProcess:
                        // The engines live exactly as long as this worker and serve all its images.
                        let engine: TesseractEngine, ppocr: PPOCREngine?
                        do throws(RecognitionError) {
                            engine = try TesseractEngine(configuration: settings.read.ocr)
                            ppocr = try settings.makePPOCR()
                        } catch {
                            return RunError(.missingDependency, error.message)
                        }
                        let pipeline = PagePipeline(engine: engine, ppocr: ppocr, matcher: matcher, settings: settings)
                        while let (task, key) = await queue.next() {
                            let result = pipeline.process(task)
                            // What a page freed goes back to the system between pages, as a worker
                            // process does (WorkerService): glibc would keep it in its arenas.
                            malloc_trim(0)
                            Self.remember(result, key: key, in: cache)
                            await collector.add(result)
                        }
                    case .processes(let executable, let arguments, let timeout):
                        // One worker process per slot, restarted after a crash or a hang.
                        let slot = WorkerSlot(executable: executable, arguments: arguments, timeout: timeout)
                        while let (task, key) = await queue.next() {
                            let result = await slot.process(task)
                            Self.remember(result, key: key, in: cache)
                            await collector.add(result)
                        }
                        await slot.finish()
                    }
                    return nil
                }
            }
            var first: RunError?
            for await failure in group where failure != nil { first = first ?? failure }
            return first
        }
        if let engineFailure { throw engineFailure }
        let outcome = try await report(collector: collector, jobs: discovery.jobs, tasks: tasks, keys: keys,
                                       problems: discovery.problems, settings: options.settings.summary, startedAt: startedAt,
                                       wallClockMS: { Double((DispatchTime.now().uptimeNanoseconds - clockStart) / 1_000_000) })
        // Written last: a shard folder without it is unfinished, and `decant merge` refuses it.
        if let shard = options.shard {
            let record = ShardRecord(shard: shard, inbox: options.inbox, catalogue: options.cataloguePath,
                                     fingerprint: cache?.fingerprint ?? "", settings: options.settings.summary,
                                     insights: ShardRecord.Insights(options.settings.insights), html: options.html,
                                     startedAt: startedAt, wallClockMS: outcome.summary.wallClockMS)
            do { try AtomicFile.write(try JSONReport.encode(record), to: shardFile) } catch {
                throw RunError(.output, error.description)
            }
        }
        return outcome
    }

    /// The images of `jobs` that `shard` reads; jobs left without images are dropped (their
    /// reports come from the shards that have them).
    static func jobs(_ jobs: [Job], in shard: Shard) -> [Job] {
        jobs.compactMap { job in
            var job = job
            job.pages = job.pages.filter(shard.contains)
            return job.pages.isEmpty ? nil : job
        }
    }

    /// Writes the run-level reports once every page is in the collector: summary, manifest,
    /// metrics, history, the run page. Shared by `run` and by merging shards, so a merged run
    /// writes exactly what a single run would have.
    func report(collector: ResultCollector, jobs: [Job], tasks: [PageTask], keys: [ContentKey?], problems: [String],
                settings: [String: String], startedAt: Date,
                wallClockMS: () -> Double) async throws(RunError) -> RunOutcome {
        let cache = options.cache
        let jobSummaries = await collector.finish()
        var manifestProblems: [String] = []
        if let cache {
            let manifest = RunManifest(fingerprint: cache.fingerprint, tasks: tasks, keys: keys)
            do { try AtomicFile.write(try JSONReport.encode(manifest), to: "\(options.output)/manifest.json") } catch {
                manifestProblems.append(error.description)
            }
            cache.prune(keeping: Set(keys.compactMap { $0?.key }))
        }
        let summary = RunSummary(decantVersion: DecantVersion.string, tesseractVersion: TesseractEngine.version,
                                 inbox: options.inbox, settings: settings, jobs: jobSummaries,
                                 wallClockMS: wallClockMS())
        do {
            try AtomicFile.write(try JSONReport.encode(summary), to: "\(options.output)/summary.json")
        } catch {
            throw RunError(.output, error.description)
        }
        var writeProblems = await collector.writeProblems + manifestProblems
        let evaluations = await collector.evaluations, lists = await collector.listEvaluations
        var metrics: MetricsReport?
        if !evaluations.isEmpty || !lists.isEmpty {
            let report = MetricsReport(images: evaluations, problems: await collector.truthProblems, lists: lists)
            do { try MetricsReportWriter.write(report, to: options.output) } catch { writeProblems.append(error.description) }
            metrics = report
        }
        var outcome = RunOutcome(summary: summary, problems: problems + writeProblems, metrics: metrics)
        if let historyPath = options.historyPath {
            let run = RunRecord(startedAt: startedAt, decantVersion: DecantVersion.string, inbox: options.inbox,
                                catalogue: options.cataloguePath ?? "built-in", settings: settings,
                                jobs: await collector.snapshots)
            let history = HistoryRecorder(path: historyPath, output: options.output).record(run, jobs: jobs)
            outcome.changes = history.summary
            outcome.problems += history.writeProblems
            if let failure = history.failure {
                outcome.problems.append("\(failure.description); the night's reports were written, but this run is not in the history")
            }
        }
        if options.html {
            let page = RunHTMLReport(summary: summary, metrics: metrics, checks: await collector.checks,
                                     problems: outcome.problems, files: Self.runFiles(in: options.output),
                                     jobPages: await collector.htmlJobs)
            do { try AtomicFile.write(Data(page.render().utf8), to: "\(options.output)/index.html") } catch {
                outcome.problems.append(error.description)
            }
        }
        return outcome
    }

    /// Keeps a finished page for the next run. Worker crashes and timeouts are not kept: they may
    /// not happen again (a loaded machine, a killed worker), so the next run tries the image anew.
    static func remember(_ result: PageResult, key: ContentKey?, in cache: ResultCache?) {
        guard let cache, let key, result.record.error?.stage != .worker else { return }
        try? cache.store(result, key: key)
    }

    /// The catalogue a run matches against: the file given, or the built-in one.
    static func loadCatalogue(path: String?) throws(RunError) -> Catalogue {
        do {
            if let path { return try Catalogue.load(path: path) }
            return try Catalogue.builtIn()
        } catch {
            throw RunError(.usage, error.description)
        }
    }

    /// The run-level report files the run page links to, those present.
    static func runFiles(in output: String) -> [String] {
        ["summary.json", "metrics.csv", "metrics.json", "changes-summary.json"]
            .filter { FileManager.default.fileExists(atPath: "\(output)/\($0)") }
    }

    func prepareOutput() throws(RunError) {
        do {
            try FileManager.default.createDirectory(atPath: options.output, withIntermediateDirectories: true)
        } catch {
            throw RunError(.output, "\(options.output): output folder cannot be created (\((error as NSError).localizedDescription))")
        }
        guard FileManager.default.isWritableFile(atPath: options.output) else {
            throw RunError(.output, "\(options.output): output folder is not writable")
        }
    }
}

/// Hands out images one at a time so fast workers take more.
actor WorkQueue {
    private var tasks: [(PageTask, ContentKey?)]
    private var index = 0

    init(_ tasks: [(PageTask, ContentKey?)]) { self.tasks = tasks }

    func next() -> (PageTask, ContentKey?)? {
        guard index < tasks.count else { return nil }
        defer { index += 1 }
        return tasks[index]
    }
}

/// Gathers results and writes a job's reports as soon as its last image is done, so memory holds
/// at most the jobs in flight.
actor ResultCollector {
    private var pending: [String: [PageResult]] = [:]
    private var remaining: [String: Int]
    private var summaries: [JobSummary] = []
    private var progress: ProgressReporter
    private let output: String
    private let insights: InsightOptions
    private(set) var writeProblems: [String] = []
    /// Ground truth by job and image file name.
    private let truth: [String: [String: TruthSource]]
    private(set) var evaluations: [ImageEvaluation] = []
    /// Real wine lists scored by their entries.
    private(set) var listEvaluations: [ListEvaluation] = []
    private(set) var truthProblems: [String] = []
    /// Each finished job as the history keeps it (small: no boxes, text or match alternatives).
    private(set) var snapshots: [JobSnapshot] = []
    /// Ground truth's verdict per entry, for the run page's calibration chart (small: no text kept
    /// beyond the truth's line).
    private(set) var checks: [EntryVerdict] = []
    /// Jobs whose index.html was written.
    private(set) var htmlJobs: Set<String> = []
    private let html: Bool

    private let inbox: String

    init(jobs: [Job], output: String, inbox: String, insights: InsightOptions = InsightOptions(), html: Bool = false,
         progress: ProgressReporter) {
        self.html = html
        var isDirectory: ObjCBool = false
        self.inbox = FileManager.default.fileExists(atPath: inbox, isDirectory: &isDirectory) && !isDirectory.boolValue
            ? (inbox as NSString).deletingLastPathComponent : inbox
        self.remaining = Dictionary(uniqueKeysWithValues: jobs.map { ($0.name, $0.pages.count) })
        self.truth = Dictionary(uniqueKeysWithValues: jobs.map { job in
            (job.name, Dictionary(job.pages.compactMap { task in
                (task.source.truthPath.map(TruthSource.sidecar) ?? TruthSource.locate(imagePath: task.source.path)).map { (task.fileName, $0) }
            }, uniquingKeysWith: { a, _ in a }))
        })
        self.output = output
        self.insights = insights
        self.progress = progress
    }

    private(set) var reused = 0

    func add(_ result: PageResult, reused: Bool = false) {
        if reused { self.reused += 1 }
        progress.imageFinished(result, reused: reused)
        let job = result.record.job
        pending[job, default: []].append(result)
        remaining[job, default: 1] -= 1
        if remaining[job] == 0 { write(job: job) }
    }

    private func write(job: String) {
        let pages = JobPasses.apply(to: pending.removeValue(forKey: job) ?? [], insights: insights)
        do {
            try JobReportWriter(directory: "\(output)/\(job)").write(job: job, pages: pages)
        } catch {
            writeProblems.append(error.description)
        }
        snapshots.append(JobSnapshot(job: job, pages: pages))
        let sources = truth[job] ?? [:]
        var jobEvaluations: [ImageEvaluation] = [], jobChecks: [EntryVerdict] = []
        if !sources.isEmpty {
            let score = RunEvaluation.evaluate(job: job, pages: pages, inbox: inbox, sources: sources)
            evaluations += score.evaluations
            listEvaluations += score.lists
            truthProblems += score.problems
            writeProblems += score.problems
            jobEvaluations = score.evaluations
            jobChecks = score.checks
            if let report = score.report {
                do { try MetricsReportWriter.write(report, to: "\(output)/\(job)") } catch {
                    writeProblems.append(error.description)
                }
            }
        }
        if html { writeHTML(job: job, pages: pages, evaluations: jobEvaluations, checks: jobChecks) }
        summaries.append(JobSummary(
            name: job, images: pages.count, failedImages: pages.filter { $0.record.error != nil }.count,
            entries: pages.reduce(0) { $0 + $1.entries.count },
            matchedEntries: pages.reduce(0) { $0 + $1.entries.filter { $0.match?.best != nil && $0.match?.type != MatchType.none }.count },
            timingsMS: pages.compactMap(\.record.timingsMS).reduce(StageTimings(), +)))
    }

    /// OUT/JOB/index.html, linking the report files the job has.
    private func writeHTML(job: String, pages: [PageResult], evaluations: [ImageEvaluation], checks: [EntryVerdict]) {
        checks.forEach { self.checks.append($0) }
        let directory = "\(output)/\(job)"
        let files = ["entries.csv", "entries.json", "pages.json", "receipts.csv", "items.csv", "metrics.csv"]
            .filter { FileManager.default.fileExists(atPath: "\(directory)/\($0)") }
        let page = JobHTMLReport(job: job, pages: pages, evaluations: evaluations, checks: checks,
                                 budget: insights.budget, files: files, runPage: JobHTMLReport.runPage(forJob: job))
        do {
            try AtomicFile.write(Data(page.render().utf8), to: "\(directory)/index.html")
            htmlJobs.insert(job)
        } catch {
            writeProblems.append(error.description)
        }
    }

    func finish() -> [JobSummary] {
        progress.finish()
        return summaries.sorted { $0.name < $1.name }
    }
}
