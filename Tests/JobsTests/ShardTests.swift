import Documents
import Pipeline
import Foundation
import Testing
@testable import Jobs

@Suite struct ShardTests {
    @Test func parsesKOfNCountingFromOne() {
        #expect(Shard(argument: "1/4") == Shard(index: 1, count: 4))
        #expect(Shard(argument: "4/4")?.index == 4)
        #expect(Shard(argument: "1/1") != nil)
        for bad in ["0/4", "5/4", "1/0", "0/0", "-1/4", "+1/4", "1/4/4", "1", "a/b", " 1/4", "1/ 4", "", "/", "1/"] {
            #expect(Shard(argument: bad) == nil, "\(bad) accepted")
        }
    }

    /// Every image is in exactly one part, the same one on every call, and the parts are of
    /// similar size (a hash that put everything in part 1 would pass the first check alone).
    @Test func everyImageIsInExactlyOnePartAndThePartsAreBalanced() throws {
        let names = (0..<600).map { ("job-\($0 % 7)", "page-\($0).jpg") }
        let n = 4
        let shards = try (1...n).map { try #require(Shard(index: $0, count: n)) }
        var sizes = Array(repeating: 0, count: n)
        for (job, file) in names {
            let owners = shards.filter { $0.contains(job: job, fileName: file) }
            #expect(owners.count == 1)
            #expect(Shard.part(job: job, fileName: file, count: n) == owners.first?.index)
            sizes[(owners.first?.index ?? 1) - 1] += 1
        }
        // 150 expected per part; a fair split stays well within ±40 of it.
        #expect(sizes.allSatisfy { abs($0 - 150) < 40 }, "part sizes \(sizes)")
        // One part holds everything.
        #expect(names.allSatisfy { Shard(index: 1, count: 1)?.contains(job: $0.0, fileName: $0.1) == true })
    }

    /// The part depends on the job as well as the file name: page-1.jpg of two jobs may differ.
    @Test func jobAndFileNameBothDecide() {
        let n = 8
        let parts = Set((0..<40).map { Shard.part(job: "job-\($0)", fileName: "page-1.jpg", count: n) })
        #expect(parts.count > 1)
        // "ab" + "c" and "a" + "bc" are different images and must not be forced to the same part.
        let split = (0..<64).filter { Shard.part(job: "a\($0)", fileName: "b", count: 64) != Shard.part(job: "a", fileName: "\($0)b", count: 64) }
        #expect(!split.isEmpty)
    }

    /// A shard run keeps whole jobs' subsets and drops jobs left empty.
    @Test func runnerKeepsOnlyTheShardsImages() throws {
        let jobs = (0..<3).map { j in
            Job(name: "job-\(j)", directory: "/inbox/job-\(j)",
                pages: (0..<5).map { PageTask(job: "job-\(j)", source: PageSource(path: "/inbox/job-\(j)/p\($0).jpg")) })
        }
        let shards = (1...3).compactMap { Shard(index: $0, count: 3) }
        let kept = shards.map { Runner.jobs(jobs, in: $0) }
        let all = kept.flatMap { $0.flatMap(\.pages) }.map(\.source.path).sorted()
        #expect(all == jobs.flatMap(\.pages).map(\.source.path).sorted())
        #expect(kept.allSatisfy { $0.allSatisfy { !$0.pages.isEmpty } })
    }
}
