import DecantTestSupport
import Foundation
import Testing
import Yams

/// docs/deploy/kubernetes-indexed-job.yaml without a cluster: read as YAML, checked against the
/// API's fields (`KubernetesSchema`) and the Job API's own rules, its two Jobs consistent with
/// each other and with the commands in its header, and its shell code run with stand-ins for
/// `decant`: pod index i (JOB_COMPLETION_INDEX, from 0) reads shard i+1 of N into the folder the
/// merge reads.
@Suite struct KubernetesManifestTests {
    static let path = Repository.root + "/docs/deploy/kubernetes-indexed-job.yaml"

    struct Manifest {
        var shards: [String: Any]
        var merge: [String: Any]
    }

    static func documents() throws -> [[String: Any]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try Yams.load_all(yaml: text).compactMap { $0 as? [String: Any] }
    }

    static func manifest() throws -> Manifest {
        let documents = try documents()
        func named(_ name: String) throws -> [String: Any] {
            try #require(documents.first { (($0["metadata"] as? [String: Any])?["name"] as? String) == name }, "no Job \(name)")
        }
        return Manifest(shards: try named("decant-shards"), merge: try named("decant-merge"))
    }

    /// The value at a dotted path ("spec.template.spec.containers.0.args").
    static func at(_ path: String, in object: Any) -> Any? {
        path.split(separator: ".").reduce(Optional(object)) { value, key in
            if let index = Int(key), let list = value as? [Any] { return index < list.count ? list[index] : nil }
            return (value as? [String: Any])?[String(key)]
        }
    }

    static func environment(of job: [String: Any]) -> [String: String] {
        let env = at("spec.template.spec.containers.0.env", in: job) as? [[String: Any]] ?? []
        return Dictionary(env.compactMap { entry in (entry["name"] as? String).map { ($0, entry["value"] as? String ?? "") } },
                          uniquingKeysWith: { a, _ in a })
    }

    @Test func bothDocumentsAreJobsTheSchemaAccepts() throws {
        let documents = try Self.documents()
        #expect(documents.count == 2)
        for document in documents {
            let problems = KubernetesSchema.problems(in: document, as: "Job")
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }

    /// The check finds what it is for: a misspelt field, a wrong kind of value, a missing name.
    @Test func theSchemaCheckFindsMistakes() throws {
        var job = try Self.manifest().shards
        var spec = try #require(job["spec"] as? [String: Any])
        spec["backofLimitPerIndex"] = 2
        spec["completions"] = "four"
        job["spec"] = spec
        let problems = KubernetesSchema.problems(in: job, as: "Job")
        #expect(problems.contains("spec.backofLimitPerIndex: unknown field of JobSpec"), "\(problems)")
        #expect(problems.contains { $0.hasPrefix("spec.completions: expected an integer") }, "\(problems)")
        var container = try #require(Self.at("spec.template.spec.containers.0", in: job) as? [String: Any])
        container["name"] = nil
        let unnamed = KubernetesSchema.problems(in: container, as: "Container", at: "c")
        #expect(unnamed == ["c: Container lacks name"])
    }

    /// The Job API's rules between fields (kube-apiserver's validation of batch/v1 Job).
    @Test func theShardJobKeepsTheJobAPIsRules() throws {
        let job = try Self.manifest().shards
        let spec = try #require(job["spec"] as? [String: Any])
        #expect(spec["completionMode"] as? String == "Indexed")
        // Indexed Jobs need completions; backoffLimitPerIndex needs Indexed; maxFailedIndexes needs backoffLimitPerIndex.
        let completions = try #require(spec["completions"] as? Int)
        #expect(completions >= 1)
        if spec["backoffLimitPerIndex"] != nil || spec["maxFailedIndexes"] != nil {
            #expect(spec["backoffLimitPerIndex"] is Int)
            if let most = spec["maxFailedIndexes"] as? Int { #expect(most <= completions) }
        }
        // A Job's pods may not restart in place (Always is refused).
        for job in [job, try Self.manifest().merge] {
            let policy = Self.at("spec.template.spec.restartPolicy", in: job) as? String
            #expect(policy == "Never" || policy == "OnFailure")
            // Every mount names a volume of the pod.
            let volumes = Set((Self.at("spec.template.spec.volumes", in: job) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
            let mounts = (Self.at("spec.template.spec.containers.0.volumeMounts", in: job) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(!mounts.isEmpty && mounts.allSatisfy(volumes.contains))
        }
    }

    /// The header's `kubectl apply -l step=…` selects each Job; both use one image, one volume claim
    /// and one shard count, equal to the Job's completions and parallelism.
    @Test func theTwoJobsAgree() throws {
        let manifest = try Self.manifest()
        #expect(Self.at("metadata.labels.step", in: manifest.shards) as? String == "shards")
        #expect(Self.at("metadata.labels.step", in: manifest.merge) as? String == "merge")
        let header = try String(contentsOfFile: Self.path, encoding: .utf8)
        #expect(header.contains("-l step=shards") && header.contains("-l step=merge"))
        let image = "spec.template.spec.containers.0.image", claim = "spec.template.spec.volumes.0.persistentVolumeClaim.claimName"
        #expect(Self.at(image, in: manifest.shards) as? String == Self.at(image, in: manifest.merge) as? String)
        #expect(Self.at(claim, in: manifest.shards) as? String == Self.at(claim, in: manifest.merge) as? String)
        let shards = try #require(Self.environment(of: manifest.shards)["SHARDS"].flatMap(Int.init))
        #expect(Self.environment(of: manifest.merge)["SHARDS"].flatMap(Int.init) == shards)
        #expect(Self.at("spec.completions", in: manifest.shards) as? Int == shards)
        #expect(Self.at("spec.parallelism", in: manifest.shards) as? Int == shards)
        #expect(Self.environment(of: manifest.shards)["OMP_THREAD_LIMIT"] == "1")
    }

    /// The container's command line of a Job: its command followed by its args.
    static func commandLine(of job: [String: Any]) throws -> [String] {
        let command = try #require(at("spec.template.spec.containers.0.command", in: job) as? [String])
        let arguments = at("spec.template.spec.containers.0.args", in: job) as? [String] ?? []
        return command + arguments
    }

    /// Pod i of N runs `decant run --shard i+1/N --out /data/out/shard-(i+1)`; the merge reads
    /// exactly those N folders. Every index is read once.
    @Test func podIndexIReadsShardIPlusOneIntoTheFolderTheMergeReads() throws {
        let manifest = try Self.manifest()
        let shards = try #require(Self.environment(of: manifest.shards)["SHARDS"].flatMap(Int.init))
        let line = try Self.commandLine(of: manifest.shards)
        var folders: [String] = [], parts: [String] = []
        for index in 0..<shards {
            let shell = try StubbedShell()
            var environment = Self.environment(of: manifest.shards)
            environment["JOB_COMPLETION_INDEX"] = String(index)
            let outcome = try shell.run(line[0], Array(line.dropFirst()), environment: environment)
            #expect(outcome.status == 0, "pod \(index): \(outcome.stderr)")
            let run = try #require(outcome.calls["decant"]?.first)
            #expect(run.first == "run")
            #expect(value(of: "--shard", in: run) == "\(index + 1)/\(shards)")
            #expect(value(of: "--out", in: run) == "/data/out/shard-\(index + 1)")
            folders.append(value(of: "--out", in: run) ?? "")
            parts.append(value(of: "--shard", in: run) ?? "")
        }
        #expect(Set(parts) == Set((1...shards).map { "\($0)/\(shards)" }))

        let merge = try Self.commandLine(of: manifest.merge)
        let outcome = try StubbedShell().run(merge[0], Array(merge.dropFirst()), environment: Self.environment(of: manifest.merge))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let arguments = try #require(outcome.calls["decant"]?.first)
        #expect(arguments.first == "merge")
        #expect(Array(arguments.dropFirst().prefix { !$0.hasPrefix("--") }) == folders)
        #expect(value(of: "--out", in: arguments).map { !folders.contains($0) } == true)
    }

    /// A shard pod succeeds when decant read everything or finished with some images failed (2,
    /// still mergeable); anything else fails the pod with decant's status, so backoffLimitPerIndex retries it.
    @Test(arguments: [(0, 0), (2, 0), (64, 64), (69, 69), (73, 73), (75, 75), (1, 1)])
    func aShardPodEndsWithDecantsStatusButTwo(_ decant: Int32, _ pod: Int32) throws {
        let manifest = try Self.manifest()
        let line = try Self.commandLine(of: manifest.shards)
        var environment = Self.environment(of: manifest.shards)
        environment["JOB_COMPLETION_INDEX"] = "0"
        environment["STUB_STATUS"] = String(decant)
        let outcome = try StubbedShell().run(line[0], Array(line.dropFirst()), environment: environment)
        #expect(outcome.status == pod)
    }
}
