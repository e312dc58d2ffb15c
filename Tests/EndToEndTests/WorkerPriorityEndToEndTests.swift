import DecantTestSupport
import Foundation
import Testing

/// `nice -n 10 ionice -c 2 -n 6 decant run …`: every thread of every worker process runs at nice 10
/// and I/O priority best-effort/6, read from /proc and `ionice -p` while the workers are at work.
/// Workers are spawned from the Swift runtime's pool threads, which libdispatch gives nice −2 when
/// it may (as root), and a child inherits its spawning thread's: a worker that did not take on the
/// run's priority (`ProcessPriority`) shows −2 here when run as root.
@Suite(.serialized) struct WorkerPriorityEndToEndTests {
    let scratch = TemporaryFolder("decant-priority")

    /// One thread's nice value and start time, from /proc/PID/task/TID/stat (the 19th and 22nd
    /// fields of the line; counted here after the command name, which may hold spaces).
    struct ThreadStat {
        var nice: Int
        var startTicks: Double

        init?(path: String) {
            guard let stat = try? String(contentsOfFile: path, encoding: .utf8), let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 19, let nice = Int(fields[16]), let start = Double(fields[19]) else { return nil }
            self.nice = nice
            startTicks = start
        }
    }

    static func threads(of pid: Int32) -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).compactMap(Int32.init)
    }

    /// Seconds since the process started, from its start time in clock ticks since boot.
    static func age(of pid: Int32) -> Double? {
        guard let stat = ThreadStat(path: "/proc/\(pid)/stat"),
              let uptime = (try? String(contentsOfFile: "/proc/uptime", encoding: .utf8))?.split(separator: " ").first.flatMap({ Double($0) })
        else { return nil }
        return uptime - stat.startTicks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// `ionice -p TID`: "best-effort: prio 6".
    static func ioPriority(of thread: Int32) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ionice")
        process.arguments = ["-p", String(thread)]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func isWorker(_ pid: Int32) -> Bool {
        guard let line = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else { return false }
        return line.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "--worker" }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/nice")
                       && FileManager.default.isExecutableFile(atPath: "/usr/bin/ionice"), "needs nice and ionice (coreutils, util-linux)"))
    func workersRunAtTheNicenessAndIOPriorityTheRunWasGiven() throws {
        let run = try RunningDecant(["run", Repository.root + "/Corpus/smoke", "--out", scratch.folder("out"), "--jobs", "2",
                                     "--quiet", "--no-html", "--no-history"],
                                    launcher: ["/usr/bin/nice", "-n", "10", "/usr/bin/ionice", "-c", "2", "-n", "6"])
        // nice and ionice exec decant, so the process is decant: its main thread runs at 10.
        var runnerNice: Int?
        var niceness: [Int32: Set<Int>] = [:]     // worker → the nice values of its threads
        var ioPriorities: [Int32: Set<String>] = [:]
        while run.process.isRunning {
            // The last reading: the first ones may still be `nice` or `ionice`, before they exec decant.
            runnerNice = ThreadStat(path: "/proc/\(run.process.processIdentifier)/stat")?.nice ?? runnerNice
            for worker in run.children where Self.isWorker(worker) {
                // A worker takes on the run's priority first thing in main; judged once it is well past that.
                guard let age = Self.age(of: worker), age >= 2 else { continue }
                let threads = Self.threads(of: worker)
                for thread in threads {
                    if let stat = ThreadStat(path: "/proc/\(worker)/task/\(thread)/stat") { niceness[worker, default: []].insert(stat.nice) }
                }
                // `ionice` is a process of its own: each worker's threads are read once.
                if ioPriorities[worker] == nil {
                    for thread in threads {
                        if let io = Self.ioPriority(of: thread) { ioPriorities[worker, default: []].insert(io) }
                    }
                }
            }
            usleep(100_000)
        }
        let (status, stderr) = run.wait()
        #expect(status == 0, "decant run exited \(status): \(stderr)")
        #expect(runnerNice == 10, "the run itself was at nice \(runnerNice.map(String.init) ?? "unknown")")
        #expect(!niceness.isEmpty, "no worker was seen at work")
        for (worker, values) in niceness {
            #expect(values == [10], "worker \(worker) had threads at nice \(values.sorted())")
        }
        #expect(!ioPriorities.isEmpty, "no worker's I/O priority was read")
        for (worker, values) in ioPriorities {
            #expect(values == ["best-effort: prio 6"], "worker \(worker): I/O priority \(values.sorted())")
        }
    }
}
