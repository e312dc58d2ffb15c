import Foundation
import Reporting

/// Runs images through `decant run` — as `decant-bench run`, which is `decant run`'s own option
/// group plus tuning settings, worker processes and all — and collects each page's text and record with the run's cost: the bars of
/// the recognition issues are set on what a user's run does, not on a stage read in isolation.
/// CPU time is that of the runner and its workers (user + system, from the kernel's accounting of
/// waited-for children); peak RSS is the largest of them, which is a worker's.
struct DecantRunBench {
    struct Image {
        /// Unique within the run: the file name the image gets in the temporary inbox (with its extension).
        var name: String
        var path: String
    }

    struct Page {
        var text: String
        var record: PageRecord?
    }

    struct Outcome {
        var pages: [String: Page]
        var cpuSeconds: Double
        var wallSeconds: Double
        var peakRSSMB: Double
        var exitCode: Int32
    }

    /// This tool, whose `run` subcommand is `decant run` with tuning settings.
    static var decant: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Symlinks `images` into `work/inbox` (one job), runs `decant run` over it into `work/out` with
    /// `arguments` (`--jobs`, `--engine` …) and reads back what each page gave.
    static func run(_ images: [Image], work: String, arguments: [String]) throws -> Outcome {
        let fm = FileManager.default
        let inbox = "\(work)/inbox", out = "\(work)/out"
        try? fm.removeItem(atPath: work)
        try fm.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        for image in images {
            let absolute = image.path.hasPrefix("/") ? image.path : fm.currentDirectoryPath + "/" + image.path
            try fm.createSymbolicLink(atPath: "\(inbox)/\(image.name)", withDestinationPath: absolute)
        }
        let cost = try run(inbox: inbox, out: out, arguments: arguments)
        var pages: [String: Page] = [:]
        let job = "\(out)/inbox"
        let records = (try? JSONDecoder().decode(PagesFile.self, from: Data(contentsOf: URL(fileURLWithPath: "\(job)/pages.json"))))?.pages ?? []
        for image in images {
            let textFile = "\(job)/\(JobReportWriter.textFileName(for: image.name))"
            let text = (try? String(contentsOfFile: textFile, encoding: .utf8)) ?? ""
            pages[image.name] = Page(text: text, record: records.first { $0.image == image.name })
        }
        return Outcome(pages: pages, cpuSeconds: cost.cpuSeconds, wallSeconds: cost.wallSeconds, peakRSSMB: cost.peakRSSMB,
                       exitCode: cost.exitCode)
    }

    /// What a run cost: CPU of the runner and its workers, wall clock, the largest process's peak RSS.
    struct Cost {
        var cpuSeconds: Double
        var wallSeconds: Double
        var peakRSSMB: Double
        var exitCode: Int32
    }

    /// Runs `decant run INBOX --out OUT` (this tool's `run`, which is `decant run` with tuning
    /// settings) with `arguments`, one thread per worker.
    static func run(inbox: String, out: String, arguments: [String]) throws -> Cost {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: decant)
        process.arguments = ["run", inbox, "--out", out, "--no-history", "--no-html", "--quiet", "--force"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        process.environment = environment
        let before = Self.children()
        let started = Date()
        try process.run()
        process.waitUntilExit()
        let wall = Date().timeIntervalSince(started)
        let after = Self.children()
        return Cost(cpuSeconds: after.cpu - before.cpu, wallSeconds: wall, peakRSSMB: after.maxRSSMB, exitCode: process.terminationStatus)
    }

    /// pages.json as the bench tools read it back.
    struct PagesFile: Decodable { var pages: [PageRecord] }

    /// User + system seconds of every waited-for child so far, and the largest child's peak RSS.
    static func children() -> (cpu: Double, maxRSSMB: Double) {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return (cpu, Double(usage.ru_maxrss) / 1024)
    }
}
