import ArgumentParser
import DecantCLI
import Documents
import Foundation
import Jobs
import Pipeline
import Recognition
import Reporting

/// `decant-bench pdf-speed`: one PDF read by the whole pipeline twice in one command, from its text
/// layer (`--pdf-text auto`) and by rendering and OCR (`--pdf-text never`), with the same workers, so
/// the ratio a user sees on a born-digital list is measured rather than assumed.
struct BenchPDFSpeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pdf-speed",
        abstract: "Time one PDF read from its text layer against the same PDF rendered and OCR'd, side by side.",
        discussion: """
        Runs the pipeline over PDF into OUT/text-layer (--pdf-text auto) and OUT/ocr (--pdf-text never), each from \
        scratch, and prints wall-clock and CPU seconds, per-page stage times and how each page was read.
        """)

    @Argument(help: "The PDF to read.")
    var pdf = "../shared/data/winelists/nogt/birley_annabels_full_wine_list.pdf"

    @Option(name: .long, help: "Output folder.")
    var out = "Reports/bench-pdf-speed"

    @Option(name: .long, help: "Parallel workers (both runs use the same).")
    var jobs = 1

    struct Measure {
        var mode: PDFTextMode
        var wall: Double
        var cpu: Double
        var pages: [PageRecord]
    }

    func run() throws {
        guard FileManager.default.fileExists(atPath: pdf) else {
            throw ValidationError("\(pdf): no such file (the default is the shared wine lists' 25-page list, ../shared)")
        }
        let inbox = "\(out)/inbox"
        try? FileManager.default.removeItem(atPath: out)
        do {
            try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: pdf, toPath: "\(inbox)/\(URL(fileURLWithPath: pdf).lastPathComponent)")
        } catch { throw ValidationError("\(out): cannot prepare the inbox (\(error.localizedDescription))") }

        let measures = try [PDFTextMode.auto, .never].map { try measure($0, inbox: inbox) }
        print(Self.table(measures))
    }

    func measure(_ mode: PDFTextMode, inbox: String) throws -> Measure {
        let output = "\(out)/\(mode == .never ? "ocr" : "text-layer")"
        var settings = RunSettings(kind: .winelist)
        settings.load.pdfText = mode
        var options = RunOptions(inbox: inbox, output: output, workers: jobs, settings: settings, progress: .quiet, html: false)
        options.force = true
        let cpuBefore = Self.cpuSeconds()
        let clock = ContinuousClock()
        let start = clock.now
        do {
            _ = try blocking { [options] in try await Runner(options: options).run() }
        } catch let error as RunError {
            throw ValidationError(error.message)
        }
        let wall = (clock.now - start) / .seconds(1)
        let cpu = Self.cpuSeconds() - cpuBefore
        var pages: [PageRecord] = []
        for directory in JobReportReader.jobDirectories(in: output) {
            do { pages += try JobReportReader(directory: directory).read().pages.map(\.record) } catch {
                throw ValidationError(error.description)
            }
        }
        return Measure(mode: mode, wall: wall, cpu: cpu, pages: pages)
    }

    /// This process's and its finished workers' CPU time: the workers are child processes.
    static func cpuSeconds() -> Double {
        func seconds(_ who: Int32) -> Double {
            var usage = rusage()
            getrusage(__rusage_who_t(who), &usage)
            return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        return seconds(RUSAGE_SELF.rawValue) + seconds(RUSAGE_CHILDREN.rawValue)
    }

    static func table(_ measures: [Measure]) -> String {
        func f(_ x: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", x) }
        var out = "| --pdf-text | pages | read from text layer | read by OCR | failed | entries | wall s | CPU s | ms per page (stages) |\n"
        out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for m in measures {
            let text = m.pages.filter { $0.read == .textLayer }.count
            let ocr = m.pages.filter { $0.read == .ocr }.count
            let failed = m.pages.filter { $0.error != nil }.count
            let stages = m.pages.compactMap(\.timingsMS?.total).reduce(0, +) / Double(max(1, m.pages.count))
            out += "| \(m.mode.rawValue) | \(m.pages.count) | \(text) | \(ocr) | \(failed) | \(m.pages.map(\.entryCount).reduce(0, +)) "
                + "| \(f(m.wall)) | \(f(m.cpu)) | \(f(stages, 1)) |\n"
        }
        if measures.count == 2, measures[0].wall > 0 {
            out += "\ntext layer against OCR: \(f(measures[1].wall / measures[0].wall, 1))× faster by wall clock, "
                + "\(f(measures[1].cpu / max(measures[0].cpu, 1e-6), 1))× by CPU\n"
        }
        return out
    }
}
