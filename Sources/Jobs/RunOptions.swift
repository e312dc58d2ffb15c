import Pipeline
import Foundation

/// How a run is driven (where, how many workers, how it talks) as opposed to what it computes.
public struct RunOptions: Sendable {
    public var inbox: String
    public var output: String
    public var workers: Int
    /// nil: the built-in catalogue.
    public var cataloguePath: String?
    public var settings: RunSettings
    public var progress: ProgressStyle
    /// The SQLite run history to record the run in and compare with; nil: none.
    public var historyPath: String?
    /// Where images are read: in this process, or in crash-isolated worker processes.
    public var isolation: Isolation = .inProcess
    /// Earlier pages to reuse for unchanged images (nil: read everything, keep nothing).
    public var cache: ResultCache?
    /// Read every image again even when its cached page is still valid.
    public var force = false
    /// Write the HTML review report (OUT/index.html, OUT/JOB/index.html). The page previews it
    /// needs are asked for with `settings.pagePreviews`.
    public var html: Bool
    /// Read only this part of the inbox (`--shard K/N`); OUT/shard.json then records what
    /// `decant merge` needs. nil: every image.
    public var shard: Shard?

    public init(inbox: String, output: String = "Reports", workers: Int = RunOptions.defaultWorkers,
                cataloguePath: String? = nil, settings: RunSettings = RunSettings(), progress: ProgressStyle = .automatic,
                historyPath: String? = nil, html: Bool = true) {
        self.inbox = inbox
        self.output = output
        self.workers = workers
        self.cataloguePath = cataloguePath
        self.settings = settings
        self.progress = progress
        self.historyPath = historyPath
        self.html = html
    }

    public static var defaultWorkers: Int { max(1, ProcessInfoCores.count) }
}

public enum ProcessInfoCores {
    public static var count: Int {
        // activeProcessorCount honours CPU affinity and cgroup limits on Linux.
        max(1, ProcessInfo.processInfo.activeProcessorCount)
    }
}

