import Pipeline
import Documents
/// One of N disjoint parts of a run (`--shard K/N`, K from 1 to N), so N machines or processes
/// can each read 1/N of an inbox and `decant merge` can combine their outputs. An image's part is
/// decided by a stable hash of its job and file name alone: every shard, on any machine, in any
/// order, with any number of workers, agrees on where each image goes without talking to the
/// others, and an image keeps its part from night to night (its cached page stays with its shard).
public struct Shard: Sendable, Equatable, Codable, CustomStringConvertible {
    /// 1…count.
    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// "K/N" with 1 ≤ K ≤ N.
    public init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        self.init(index: k, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether this shard reads the image `fileName` of job `job`.
    public func contains(job: String, fileName: String) -> Bool {
        Self.part(job: job, fileName: fileName, count: count) == index
    }

    public func contains(_ task: PageTask) -> Bool { contains(job: task.job, fileName: task.fileName) }

    /// The part (1…count) an image belongs to: the first 8 bytes of SHA-256("job\0file") modulo
    /// count. SHA-256, not Swift's `Hasher`, whose seed changes with every process.
    public static func part(job: String, fileName: String, count: Int) -> Int {
        var hasher = ContentHash()
        hasher.update(Array(job.utf8) + [0] + Array(fileName.utf8))
        let prefix = hasher.finalize().prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(prefix % UInt64(max(count, 1))) + 1
    }
}
