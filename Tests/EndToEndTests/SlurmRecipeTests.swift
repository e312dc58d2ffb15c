import DecantTestSupport
import Foundation
import Testing

/// docs/deploy/slurm-array.sh as Slurm runs it, with the variables Slurm sets for an array task and
/// stand-ins for `decant` and `sbatch`: which shard a task reads, who submits the merge and with
/// which shard count, what the merge reads. scripts/ci/slurm-array-test.sh runs the same script on a
/// real one-node cluster; this checks its arithmetic wherever the tests run.
@Suite struct SlurmRecipeTests {
    static let recipe = Repository.root + "/docs/deploy/slurm-array.sh"

    /// Task `task` of an array whose task ids run min…max, count of them.
    static func task(_ task: Int, min: Int, max: Int, count: Int, job: Int = 700, cpus: Int = 2) -> [String: String] {
        ["SLURM_ARRAY_TASK_ID": String(task), "SLURM_ARRAY_TASK_MIN": String(min), "SLURM_ARRAY_TASK_MAX": String(max),
         "SLURM_ARRAY_TASK_COUNT": String(count), "SLURM_ARRAY_JOB_ID": String(job), "SLURM_CPUS_PER_TASK": String(cpus)]
    }

    @Test(arguments: 1...4)
    func taskKOfAnArrayOfFourReadsShardKOfFour(_ k: Int) throws {
        let shell = try StubbedShell()
        let outcome = try shell.run("/bin/bash", [Self.recipe, "/in", "/out"], environment: Self.task(k, min: 1, max: 4, count: 4))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let run = try #require(outcome.calls["decant"]?.first)
        #expect(run.prefix(2) == ["run", "/in"])
        #expect(value(of: "--shard", in: run) == "\(k)/4")
        #expect(value(of: "--out", in: run) == "/out/shard-\(k)")
        #expect(value(of: "--jobs", in: run) == "2")
        #expect(value(of: "--log-format", in: run) == "json")
        #expect(outcome.environments["decant"]?.first?.contains("OMP_THREAD_LIMIT=1") == true)
        // Only the first task submits the merge, after the whole array (afterany), for 4 shards.
        let submissions = outcome.calls["sbatch"] ?? []
        #expect(submissions.count == (k == 1 ? 1 : 0))
        if let merge = submissions.first {
            #expect(merge.contains("--dependency=afterany:700"))
            #expect(merge.contains("--export=ALL,DECANT_MERGE=1,DECANT_SHARDS=4"))
            #expect(merge.suffix(3) == [Self.recipe, "/in", "/out"])
        }
    }

    @Test func theMergeReadsEveryShardFolderTheTasksWrite() throws {
        let shell = try StubbedShell()
        var environment = Self.task(1, min: 1, max: 1, count: 1, job: 704)
        environment["DECANT_MERGE"] = "1"
        environment["DECANT_SHARDS"] = "4"
        let outcome = try shell.run("/bin/bash", [Self.recipe, "/in", "/out"], environment: environment)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.calls["decant"] == [["merge", "/out/shard-1", "/out/shard-2", "/out/shard-3", "/out/shard-4",
                                            "--out", "/out/night", "--history", "/out/history.sqlite"]])
        #expect(outcome.calls["sbatch"] == nil)
    }

    /// `sbatch --array=3 slurm-array.sh IN OUT 4`: task 3 of 4 again, and the merge again.
    @Test func reRunningOneTaskNeedsTheShardCountAndSubmitsTheMergeAgain() throws {
        let shell = try StubbedShell()
        let without = try shell.run("/bin/bash", [Self.recipe, "/in", "/out"], environment: Self.task(3, min: 3, max: 3, count: 1))
        #expect(without.status == 64)
        #expect(without.stderr.contains("third argument"), "\(without.stderr)")
        #expect(without.calls["decant"] == nil && without.calls["sbatch"] == nil)

        let shell2 = try StubbedShell()
        let with = try shell2.run("/bin/bash", [Self.recipe, "/in", "/out", "4"], environment: Self.task(3, min: 3, max: 3, count: 1, job: 710))
        #expect(with.status == 0, "\(with.stderr)")
        let run = try #require(with.calls["decant"]?.first)
        #expect(value(of: "--shard", in: run) == "3/4")
        #expect(value(of: "--out", in: run) == "/out/shard-3")
        let merge = try #require(with.calls["sbatch"]?.first, "\(with.stderr)")
        #expect(merge.contains("--dependency=afterany:710"))
        #expect(merge.contains("--export=ALL,DECANT_MERGE=1,DECANT_SHARDS=4"))
    }

    /// A task whose array is not 1…N (`--array=2,4`) without N is refused rather than guessing.
    @Test func aPartialArrayWithoutTheShardCountIsRefused() throws {
        let shell = try StubbedShell()
        let outcome = try shell.run("/bin/bash", [Self.recipe, "/in", "/out"], environment: Self.task(2, min: 2, max: 4, count: 2))
        #expect(outcome.status == 64)
        #expect(outcome.calls["decant"] == nil)
    }

    /// 2 (finished, some images failed) still makes a mergeable shard: the task succeeds. Any
    /// other failure is the task's status, so Slurm shows it FAILED with decant's code.
    @Test(arguments: [(0, 0), (2, 0), (4, 4), (64, 64), (69, 69), (73, 73), (75, 75), (1, 1)])
    func aTaskEndsWithDecantsStatusButTwo(_ decant: Int32, _ task: Int32) throws {
        let shell = try StubbedShell()
        var environment = Self.task(2, min: 1, max: 4, count: 4)
        environment["STUB_STATUS"] = String(decant)
        let outcome = try shell.run("/bin/bash", [Self.recipe, "/in", "/out"], environment: environment)
        #expect(outcome.status == task)
    }
}
