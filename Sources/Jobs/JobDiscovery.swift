import Documents
import Foundation
import Pipeline

/// Finds jobs in an inbox: every folder that directly holds files (other than its settings) is a
/// job named by its path below the inbox (`bistro/2026-11`); files directly in the inbox form a job
/// named after it. Every file is accounted for: a page source becomes a page, a sidecar goes with
/// its page, and anything else becomes a page that fails with the reason (pages.json and stderr),
/// so a folder of documents Decant cannot read never reports "0 images" and exits 0. Hidden files
/// (names starting with a dot: `.DS_Store`, editors' swap files) are not documents and are passed by.
public enum JobDiscovery {
    public struct Result: Sendable {
        public var jobs: [Job]
        /// Folders or files that could not be examined, each naming the path and the reason.
        public var problems: [String]
    }

    /// `pdfLimits`: the bounds a PDF must keep to (its pages are counted here, each becomes a page of the job).
    public static func discover(inbox: String, pdfLimits: PDFLimits = .default) throws(RunError) -> Result {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: inbox, isDirectory: &isDirectory) else {
            throw RunError(.usage, "\(inbox): inbox folder not found")
        }
        let root = URL(fileURLWithPath: inbox).standardizedFileURL.path
        if !isDirectory.boolValue {
            // A single file is a job of one.
            let directory = (root as NSString).deletingLastPathComponent
            let name = (directory as NSString).lastPathComponent
            let files = Set((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            var problems: [String] = []
            let settings = jobSettings(directory: directory, problems: &problems)
            let page = pages(of: (root as NSString).lastPathComponent, in: directory, siblings: files, pdfLimits: pdfLimits)
            return Result(jobs: [Job(name: name, directory: directory, pages: page.map { PageTask(job: name, source: $0, jobSettings: settings) })],
                          problems: problems)
        }
        var jobs: [Job] = []
        var problems: [String] = []
        var visited = Set<String>()
        let rootName = (root as NSString).lastPathComponent
        func walk(_ directory: String, relative: String) {
            let real = (directory as NSString).resolvingSymlinksInPath
            guard visited.insert(real).inserted else {
                problems.append("\(directory): folder already visited (symbolic link loop); skipped")
                return
            }
            let entries: [String]
            do { entries = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
                problems.append("\(directory): folder cannot be read (permission denied?); skipped")
                return
            }
            let names = entries.filter { !$0.hasPrefix(".") }.sorted()
            let siblings = Set(names)
            var sources: [PageSource] = []
            var subfolders: [String] = []
            for name in names {
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: "\(directory)/\(name)", isDirectory: &isDir), isDir.boolValue {
                    subfolders.append(name)
                    continue
                }
                sources += pages(of: name, in: directory, siblings: siblings, pdfLimits: pdfLimits)
            }
            if !sources.isEmpty {
                let jobName = relative.isEmpty ? rootName : relative
                let settings = jobSettings(directory: directory, problems: &problems)
                jobs.append(Job(name: jobName, directory: directory,
                                pages: sources.map { PageTask(job: jobName, source: $0, jobSettings: settings) }))
            }
            for folder in subfolders {
                walk("\(directory)/\(folder)", relative: relative.isEmpty ? folder : "\(relative)/\(folder)")
            }
        }
        walk(root, relative: "")
        return Result(jobs: jobs.sorted { $0.name < $1.name }, problems: problems)
    }

    /// The pages a file of `directory` gives: one for a photo or scan, none for a sidecar or the job's
    /// settings, and one that fails with the reason for anything else.
    static func pages(of name: String, in directory: String, siblings: Set<String>, pdfLimits: PDFLimits = .default) -> [PageSource] {
        let path = "\(directory)/\(name)"
        guard FileManager.default.fileExists(atPath: path) else {
            // Still a page of the job: it gets its error line in pages.json like any bad file.
            let problem = name.contains("\u{FFFD}")
                ? "file name is not valid UTF-8 (shown with \u{FFFD} for the bad bytes); rename the file"
                : "broken symbolic link (its target does not exist)"
            return [PageSource(path: path, problem: SourceProblem(SourceProblem.unreadable, problem))]
        }
        switch SourceFile.classify(name: name, siblings: siblings, isDatasetTruth: { SourceFile.isDatasetTruth(path: path, siblings: siblings) },
                                   leadingBytes: { SourceFile.leadingBytes(path: path) }) {
        case .image: return [source(directory: directory, file: name, siblings: siblings)]
        case .pdf: return pdfPages(source(directory: directory, file: name, siblings: siblings), limits: pdfLimits)
        case .sidecar, .jobSettings, .datasetTruth: return []
        case .unsupported(let reason): return [PageSource(path: path, problem: SourceProblem(SourceProblem.unsupported, reason))]
        }
    }

    /// A page of the job for every page of a PDF, or one that fails with why the PDF cannot be read
    /// (encrypted, damaged, not a PDF, too many pages). Only the document's structure is read here.
    static func pdfPages(_ document: PageSource, limits: PDFLimits) -> [PageSource] {
        do {
            let count = try PDFDocument(path: document.path, limits: limits).pageCount
            return (1...count).map { var page = document; page.page = $0; return page }
        } catch {
            var failed = document
            failed.problem = SourceProblem(error.kind.rawValue, error.message)
            return [failed]
        }
    }

    static func jobSettings(directory: String, problems: inout [String]) -> JobSettings? {
        do { return try JobSettings.load(directory: directory) } catch {
            problems.append("\(error.message); the run's settings are used for this job")
            return nil
        }
    }

    static func source(directory: String, file: String, siblings: Set<String>) -> PageSource {
        let base = (file as NSString).deletingPathExtension
        func sidecar(_ kind: Sidecar) -> String? {
            kind.suffixes.lazy.map { base + $0 }.first(where: siblings.contains).map { "\(directory)/\($0)" }
        }
        return PageSource(path: "\(directory)/\(file)", depthPath: sidecar(.depth), cameraPath: sidecar(.camera),
                          truthPath: sidecar(.truth))
    }
}
