import Pipeline
import Documents
import Foundation
import Reporting

/// Finished pages kept under OUT/.decant/results/, one file per image, keyed by a hash of the
/// image's bytes, its sidecars' bytes and everything that shapes its result (settings, catalogue,
/// the Decant build). A re-run reuses a page whose key is unchanged and reads the rest; a run
/// killed at any moment loses at most the images in flight, because each page is written
/// atomically as soon as it is done and reports are rebuilt from pages.
public struct ResultCache: Sendable {
    public let folder: String
    /// Hash of everything outside the image that shapes its result.
    public let fingerprint: String

    public init(output: String, fingerprint: String) {
        self.folder = "\(output)/.decant/results"
        self.fingerprint = fingerprint
    }

    /// The cache key of an image: its content (image + sidecars) and the run's fingerprint.
    /// Nil when a file cannot be read (the pipeline will then report the problem itself).
    public func key(for task: PageTask) -> ContentKey? {
        var hasher = ContentHash()
        for path in [task.source.path, task.source.depthPath, task.source.cameraPath, task.source.truthPath, task.jobSettingsPath] {
            guard let path else { hasher.update("-"); continue }
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            hasher.update("\(data.count):")
            hasher.update(data)
        }
        let content = hasher.hex()
        var keyed = ContentHash()
        keyed.update(content)
        keyed.update(fingerprint)
        keyed.update(task.job)
        // Every page of a PDF has the same file: the page tells their results apart.
        if let page = task.source.page { keyed.update("page \(page)") }
        return ContentKey(content: content, key: keyed.hex())
    }

    public func load(_ key: ContentKey) -> PageResult? {
        guard let data = FileManager.default.contents(atPath: path(key)) else { return nil }
        return try? JSONDecoder().decode(PageResult.self, from: data)
    }

    public func store(_ result: PageResult, key: ContentKey) throws(AtomicFile.WriteError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(result) else { return }
        try AtomicFile.write(data, to: path(key))
    }

    /// Removes cached pages no image of this run refers to any more.
    public func prune(keeping keys: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasSuffix(".json") && !keys.contains(String(name.dropLast(5))) {
            try? FileManager.default.removeItem(atPath: "\(folder)/\(name)")
        }
    }

    func path(_ key: ContentKey) -> String { "\(folder)/\(key.key).json" }

}

/// An image's content hash and its cache key (content + settings).
public struct ContentKey: Sendable, Equatable, Codable {
    public var content: String
    public var key: String
}

extension PageTask {
    /// The job folder's `decant-job.json`, which shapes results too.
    var jobSettingsPath: String? {
        guard jobSettings != nil else { return nil }
        return ((source.path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(JobSettings.fileName)
    }
}
