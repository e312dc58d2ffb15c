import Foundation
import Imaging

/// Finds jobs in an inbox: every folder that directly holds images is a job named by its path
/// below the inbox (`bistro/2026-11`); images directly in the inbox form a job named after it.
public enum JobDiscovery {
    public struct Result: Sendable {
        public var jobs: [Job]
        /// Folders or files that could not be examined, each naming the path and the reason.
        public var problems: [String]
    }

    static let depthSuffixes = [".depth.png", ".depth.tiff", ".depth.tif", ".depth.pfm"]
    /// Files beside a photo that are not photos themselves: depth maps and synth's flat renders.
    static let sidecarSuffixes = depthSuffixes + [".flat.png"]

    public static func discover(inbox: String) throws(RunError) -> Result {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: inbox, isDirectory: &isDirectory) else {
            throw RunError(.usage, "\(inbox): inbox folder not found")
        }
        let root = URL(fileURLWithPath: inbox).standardizedFileURL.path
        if !isDirectory.boolValue {
            // A single image is a job of one.
            let name = ((root as NSString).deletingLastPathComponent as NSString).lastPathComponent
            let directory = (root as NSString).deletingLastPathComponent
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            var task = makeTask(job: name, directory: directory, file: (root as NSString).lastPathComponent, siblings: Set(files))
            var problems: [String] = []
            do { task.jobSettings = try JobSettings.load(directory: directory) } catch {
                problems.append("\(error.message); the run's settings are used for this job")
            }
            return Result(jobs: [Job(name: name, directory: directory, images: [task])], problems: problems)
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
            var images: [ImageTask] = []
            var subfolders: [String] = []
            for name in names {
                let path = "\(directory)/\(name)"
                var isDir: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                    // Still an image of the job: it gets its error line in pages.json like any bad file.
                    guard isImage(name) else { continue }
                    var task = makeTask(job: "", directory: directory, file: name, siblings: siblings)
                    task.problem = name.contains("\u{FFFD}")
                        ? "file name is not valid UTF-8 (shown with \u{FFFD} for the bad bytes); rename the file"
                        : "broken symbolic link (its target does not exist)"
                    images.append(task)
                    continue
                }
                if isDir.boolValue { subfolders.append(name); continue }
                guard isImage(name) else { continue }
                images.append(makeTask(job: "", directory: directory, file: name, siblings: siblings))
            }
            if !images.isEmpty {
                let jobName = relative.isEmpty ? rootName : relative
                var settings: JobSettings?
                do { settings = try JobSettings.load(directory: directory) } catch {
                    problems.append("\(error.message); the run's settings are used for this job")
                }
                jobs.append(Job(name: jobName, directory: directory,
                                images: images.map { var t = $0; t.job = jobName; t.jobSettings = settings; return t }))
            }
            for folder in subfolders {
                walk("\(directory)/\(folder)", relative: relative.isEmpty ? folder : "\(relative)/\(folder)")
            }
        }
        walk(root, relative: "")
        return Result(jobs: jobs.sorted { $0.name < $1.name }, problems: problems)
    }

    /// An image is any file with an image extension that is not itself a sidecar (a depth map).
    static func isImage(_ name: String) -> Bool {
        let lower = name.lowercased()
        if sidecarSuffixes.contains(where: lower.hasSuffix) { return false }
        return ImageFormat.extensions.contains((lower as NSString).pathExtension)
    }

    static func makeTask(job: String, directory: String, file: String, siblings: Set<String>) -> ImageTask {
        let base = (file as NSString).deletingPathExtension
        func sidecar(_ suffixes: [String]) -> String? {
            suffixes.lazy.map { base + $0 }.first(where: siblings.contains).map { "\(directory)/\($0)" }
        }
        return ImageTask(job: job, path: "\(directory)/\(file)",
                         depthPath: sidecar(depthSuffixes),
                         cameraPath: sidecar([".camera.json"]),
                         truthPath: sidecar([".gt.json", ".gt.txt"]))
    }
}
