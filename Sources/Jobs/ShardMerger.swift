import Pipeline
import Foundation
import Reporting

/// `decant merge`: combines the output folders of `decant run --shard K/N` (K = 1…N) into the
/// reports a single run over the whole inbox would have written. Each shard keeps every finished
/// page under OUT/.decant/results (the same files a re-run reuses), so merging is a run whose every
/// image is already done: the pages are gathered from the shards and handed to the same report
/// writer a run uses (entries, pages, receipts, items, per-job and run metrics, summary, manifest,
/// HTML, history), and nothing is read by OCR again. Ground truth is read from the inbox, which
/// must therefore be reachable from where the merge runs (the path the shards recorded, or
/// `inbox` to point elsewhere).
public struct ShardMerger: Sendable {
    public var shards: [String]
    public var output: String
    /// Overrides the inbox path the shards recorded (the same inbox mounted elsewhere).
    public var inbox: String?
    /// The history to record the merged run in (shards record none); nil: none.
    public var historyPath: String?
    public var progress: ProgressStyle

    public init(shards: [String], output: String, inbox: String? = nil, historyPath: String? = nil,
                progress: ProgressStyle = .automatic) {
        self.shards = shards
        self.output = output
        self.inbox = inbox
        self.historyPath = historyPath
        self.progress = progress
    }

    /// One shard's folder, record and manifest.
    struct ShardOutput {
        var folder: String
        var record: ShardRecord
        var keys: [String: ContentKey]
    }

    public func merge() async throws(RunError) -> RunOutcome {
        let parts = try readShards()
        let first = parts[0].record
        // Reports name the inbox as the shards were given it, as a single run would; files are
        // read from where it is now.
        let inboxNow = inbox ?? first.inbox
        var options = RunOptions(inbox: first.inbox, output: output, workers: 1, cataloguePath: first.catalogue,
                                 progress: progress, historyPath: historyPath, html: first.html)
        options.settings.insights = first.insights.options
        options.cache = ResultCache(output: output, fingerprint: first.fingerprint)
        let runner = Runner(options: options)
        let discovery = try JobDiscovery.discover(inbox: inboxNow)
        try runner.prepareOutput()
        let lock = try OutputLock(output: output)
        defer { withExtendedLifetime(lock) {} }
        let byIndex = Dictionary(uniqueKeysWithValues: parts.map { ($0.record.shard.index, $0) })

        let tasks = discovery.jobs.flatMap(\.pages)
        let collector = ResultCollector(jobs: discovery.jobs, output: output, inbox: inboxNow,
                                        insights: options.settings.insights, html: options.html,
                                        progress: ProgressReporter(style: progress, total: tasks.count))
        var keys: [ContentKey?] = []
        var problems: [String] = []
        var reportsByJob: [String: [String: PageResult]] = [:]
        for task in tasks {
            let part = Shard.part(job: task.job, fileName: task.fileName, count: first.shard.count)
            guard let shard = byIndex[part] else { continue }  // readShards checked all N are there
            let key = shard.keys["\(task.job)/\(task.source.name)"]
            keys.append(key)
            if let key, let page = Self.cachedPage(key: key, task: task, in: shard.folder) {
                copy(from: "\(shard.folder)/.decant/results/\(key.key).json", to: "\(output)/.decant/results/\(key.key).json",
                     problems: &problems)
                copyPreview(page, job: task.job, from: shard.folder, problems: &problems)
                await collector.add(page, reused: true)
                continue
            }
            // Pages the shard did not keep are taken from its reports: a worker crash or timeout, or
            // identical files in one job (one cache file per content, so only the last one's name).
            let jobPages: [String: PageResult]
            if let known = reportsByJob["\(part)\u{0}\(task.job)"] {
                jobPages = known
            } else {
                jobPages = Self.reportedPages(job: task.job, in: shard.folder)
                reportsByJob["\(part)\u{0}\(task.job)"] = jobPages
            }
            if let page = jobPages[task.source.name] {
                copyPreview(page, job: task.job, from: shard.folder, problems: &problems)
                await collector.add(page, reused: true)
            } else {
                var record = PageRecord(image: task.fileName, job: task.job)
                record.page = task.source.page
                record.error = PageError(stage: .merge, kind: "missing",
                                         message: "\(task.source.name): not in shard \(part)/\(first.shard.count) (\(shard.folder)); "
                                             + "was it added to the inbox after the shards ran? Run that shard again, then merge")
                await collector.add(PageResult(record: record, text: nil, entries: []))
            }
        }
        let startedAt = parts.map(\.record.startedAt).min() ?? Date()
        // The merged run took as long as its slowest shard (shards run side by side).
        let wallClock = parts.map(\.record.wallClockMS).max() ?? 0
        var outcome = try await runner.report(collector: collector, jobs: discovery.jobs, tasks: tasks, keys: keys,
                                              problems: discovery.problems, settings: first.settings, startedAt: startedAt,
                                              wallClockMS: { wallClock })
        outcome.problems += problems
        return outcome
    }

    /// Reads every shard's record and manifest, and checks they are the N parts of one run.
    func readShards() throws(RunError) -> [ShardOutput] {
        guard !shards.isEmpty else { throw RunError(.usage, "merge needs at least one shard output folder") }
        let target = URL(fileURLWithPath: output).standardizedFileURL.path
        var parts: [ShardOutput] = []
        // Every unfinished shard is named at once: under a scheduler each is a task to run again.
        var unfinished: [String] = []
        for folder in shards {
            if URL(fileURLWithPath: folder).standardizedFileURL.path == target {
                throw RunError(.usage, "\(folder): the merged output must be a folder of its own, not one of the shards")
            }
            let recordPath = "\(folder)/\(ShardRecord.fileName)"
            guard let data = FileManager.default.contents(atPath: recordPath) else {
                unfinished.append(folder)
                continue
            }
            let record: ShardRecord
            do { record = try JSONDecoder().decode(ShardRecord.self, from: data) } catch {
                throw RunError(.usage, "\(recordPath): not a Decant shard record (\(error))")
            }
            let manifestPath = "\(folder)/manifest.json"
            guard let manifestData = FileManager.default.contents(atPath: manifestPath),
                  let manifest = try? JSONDecoder().decode(RunManifest.self, from: manifestData) else {
                throw RunError(.usage, "\(manifestPath): missing or not a Decant manifest")
            }
            let keys = Dictionary(manifest.images.map { ("\($0.job)/\($0.name)", ContentKey(content: $0.content, key: $0.key)) },
                                  uniquingKeysWith: { a, _ in a })
            parts.append(ShardOutput(folder: folder, record: record, keys: keys))
        }
        if !unfinished.isEmpty {
            let named = unfinished.map { "\($0): not a finished shard (no \(ShardRecord.fileName))" }.joined(separator: "; ")
            let rerun = unfinished.count == 1 ? "run `decant run INBOX --out \(unfinished[0]) --shard K/N` to the end first"
                : "run `decant run INBOX --out FOLDER --shard K/N` to the end for each of them first"
            throw RunError(.usage, "\(named); \(rerun)")
        }
        let first = parts[0]
        for part in parts.dropFirst() where !part.record.agrees(with: first.record) {
            throw RunError(.usage, "\(part.folder) and \(first.folder) are not shards of one run (their inbox, shard count, "
                           + "settings, catalogue or Decant build differ; see their \(ShardRecord.fileName))")
        }
        var seen: [Int: String] = [:]
        for part in parts {
            if let other = seen[part.record.shard.index] {
                throw RunError(.usage, "\(part.folder) and \(other) are both shard \(part.record.shard)")
            }
            seen[part.record.shard.index] = part.folder
        }
        let missing = (1...first.record.shard.count).filter { seen[$0] == nil }
        if !missing.isEmpty {
            throw RunError(.usage, "shard(s) \(missing.map { "\($0)/\(first.record.shard.count)" }.joined(separator: ", ")) "
                           + "missing: merge needs the output folders of all \(first.record.shard.count) shards")
        }
        return parts.sorted { $0.record.shard.index < $1.record.shard.index }
    }

    /// The shard's kept page for an image, when it is there and is that image's.
    static func cachedPage(key: ContentKey, task: PageTask, in folder: String) -> PageResult? {
        guard !key.key.isEmpty else { return nil }
        let cache = ResultCache(output: folder, fingerprint: "")
        guard let page = cache.load(key), page.record.job == task.job, page.record.sourceName == task.source.name else { return nil }
        return page
    }

    /// A shard's job as its reports tell it, by image: pages.json, entries.json, the .txt files,
    /// receipts.json and items.json. Entries a report filter (`--min-score`, …) dropped in the shard
    /// cannot come back; without filters the page is whole.
    static func reportedPages(job: String, in folder: String) -> [String: PageResult] {
        let directory = "\(folder)/\(job)"
        guard let read = try? JobReportReader(directory: directory).read() else { return [:] }
        func decode<T: Decodable>(_ name: String, as: T.Type) -> T? {
            FileManager.default.contents(atPath: "\(directory)/\(name)").flatMap { try? JSONDecoder().decode(T.self, from: $0) }
        }
        let receipts = decode("receipts.json", as: ReceiptsReport.self)?.receipts ?? []
        let items = decode("items.json", as: ItemsReport.self)?.items ?? []
        var pages: [String: PageResult] = [:]
        for var page in read.pages {
            // The .txt sidecar ends with a newline the writer added.
            if let text = page.text, text.hasSuffix("\n") { page.text = String(text.dropLast()) }
            page.receipt = receipts.first { $0.image == page.record.image && $0.page == page.record.page }
            page.items = items.filter { $0.image == page.record.image && $0.page == page.record.page }
            pages[page.record.sourceName] = page
        }
        return pages
    }

    /// The page's preview picture, for the merged HTML report.
    func copyPreview(_ page: PageResult, job: String, from folder: String, problems: inout [String]) {
        guard let preview = page.record.preview else { return }
        copy(from: "\(folder)/\(job)/\(preview.path)", to: "\(output)/\(job)/\(preview.path)", problems: &problems)
    }

    func copy(from source: String, to destination: String, problems: inout [String]) {
        guard let data = FileManager.default.contents(atPath: source) else {
            problems.append("\(source): cannot be read; the merged output lacks it")
            return
        }
        do { try AtomicFile.write(data, to: destination) } catch {
            problems.append(error.description)
        }
    }
}
