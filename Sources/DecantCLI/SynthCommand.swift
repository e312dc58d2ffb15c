import ArgumentParser
import Catalogue
import Foundation
import Jobs
import Synthesis

/// `decant synth`: renders wine lists and receipts, photographs them in 3-D and writes each photo
/// with its depth map, camera intrinsics and ground truth: a regression corpus from any catalogue.
public struct SynthCommand: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Render synthetic wine lists and receipts, photographed in 3-D, with depth and ground truth.",
        discussion: """
        Writes, per image, into OUT: NAME.jpg (the phone photo), NAME.gt.json (ground truth: text lines in \
        reading order, entries or receipt fields, page corners, every generation parameter), NAME.camera.json \
        (pinhole intrinsics fx fy cx cy width height, in photo pixels), NAME.depth.png (16-bit millimetres along \
        the optical axis, at the depth sensor's resolution; for every shape but flat) and, with --with-flat, \
        NAME.flat.png (the clean page render). Shapes and effect strengths cycle with the image index, so a \
        batch holds them in equal shares. The same seed and options give byte-identical files. \
        --format heic writes NAME.heic as an iPhone does (HEVC photo, 8-bit disparity auxiliary image, Apple \
        depth XMP with the intrinsic matrix) and --format jpeg-dynamic-depth NAME.jpg as Android does (Dynamic \
        Depth 1.0: the depth a 16-bit PNG item inside the JPEG, ImagingModel intrinsics); both keep the depth and \
        camera inside the photo, write no depth or camera sidecar, and need depth for every photo. \
        Formats: docs/corpus.md.
        """)

    @Argument(help: "Output folder (created if missing).")
    var out: String

    @Option(name: .long, help: "Photo format: jpeg (depth and camera as sidecars), heic or jpeg-dynamic-depth (inside the photo).")
    var format: SampleWriter.Format = .jpeg

    @Option(name: .long, help: "Number of images.")
    var count = 10

    @Option(name: .long, help: "Random seed; with the same options, the same seed gives byte-identical files.")
    var seed: UInt64 = 1

    @Option(name: .long, help: "Index of the first image (names and random streams follow the index).")
    var start = 0

    @Option(name: .long, help: "File name prefix: PREFIX-0000.jpg … (default: the document kind).")
    var prefix: String?

    @Option(name: .long, help: "winelist, receipt or mixed.")
    var kind: SynthOptions.Kind = .mixed

    @Option(name: .long, help: "Page shapes, comma-separated, cycled by index: flat, perspective, curl, wrinkle, fold, or all.")
    var shape = "all"

    @Option(name: .long, help: "Photo effect strengths, comma-separated, cycled by index: clean, light, medium, heavy.")
    var effects = "medium"

    @Option(name: .long, help: "Photo size WxH in portrait orientation (a page turned by 90° gives the landscape photo).")
    var size = "3024x4032"

    @Option(name: .long, help: "Depth map size WxH in portrait orientation (phone LiDAR: 192x256; ToF: 480x640), or none.")
    var depthSize = "192x256"

    @Option(name: .long, help: "Depth noise and holes: 0 exact (rounded to mm), 1 typical phone sensor, 2 poor.")
    var depthNoise = 1.0

    @Flag(name: .long, help: "Write depth for flat photos too.")
    var depthForFlat = false

    @Flag(name: .long, help: "Also write NAME.flat.png, the clean render (the accuracy upper bound).")
    var withFlat = false

    @Option(name: .long, help: "Resolution of NAME.flat.png.")
    var flatDpi = 300.0

    @Option(name: .long, help: "Wine catalogue to draw wines from (.json or .tsv). Default: the built-in catalogue.")
    var catalogue: String?

    @Option(name: .long, help: "Font families: all, clean (faces OCR reads almost perfectly), or a comma-separated list.")
    var fonts = "all"

    @Option(name: .long, help: "Dot leaders lists may use, comma-separated: none, dots, spaced-dots, or all.")
    var leaders = "all"

    @Option(name: .long, help: "Force one- or two-column wine lists (default: drawn per list).")
    var columns: Int?

    @Option(name: .long, help: "Share of wines invented so that they are in no catalogue.")
    var fakeRate = 0.15

    @Option(name: .long, help: "The year vintages and receipt dates are drawn from (fixed, so output never depends on the clock).")
    var year = 2025

    @Option(name: .long, help: "Largest tilt of perspective shots, degrees.")
    var maxTilt = 40.0

    @Option(name: .long, help: "Largest in-plane rotation of the page, degrees (flat shots: at most 4; bent pages: at most 10).")
    var maxRotation = 15.0

    @Flag(name: .long, help: "No 90° or 180° turns of the page in the photo.")
    var noTurns = false

    @Option(name: .long, help: "Print exactly these wines (JSON: {\"wines\": [{\"id\": …, \"vintage\": \"2015\", \"price\": 450}]}) on every wine list, under their colours' sections; ids are catalogue ids.")
    var selection: String?

    @Option(name: .long, help: "Parallel workers (default: number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: .long, help: "No progress output.")
    var quiet = false

    public func validate() throws {
        guard count >= 0, start >= 0 else { throw ValidationError("--count and --start must not be negative") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard (0...1).contains(fakeRate) else { throw ValidationError("--fake-rate must be between 0 and 1") }
        guard depthNoise >= 0 else { throw ValidationError("--depth-noise must not be negative") }
        guard (0...60).contains(maxTilt) else { throw ValidationError("--max-tilt must be between 0 and 60 degrees") }
        guard (0...45).contains(maxRotation) else { throw ValidationError("--max-rotation must be between 0 and 45 degrees") }
        if let columns, !(1...2).contains(columns) { throw ValidationError("--columns must be 1 or 2") }
        guard flatDpi >= 50 && flatDpi <= 1200 else { throw ValidationError("--flat-dpi must be between 50 and 1200") }
        let options = try makeOptions()
        if format.holdsDepth, options.depthWidth == nil || (options.shapes.contains(.flat) && !options.depthForFlat) {
            throw ValidationError("--format \(format.rawValue) stores the depth inside the photo: give every photo depth "
                                  + "(--depth-size not none, and --depth-for-flat when flat is among the shapes)")
        }
    }

    static func parseSize(_ text: String, option: String) throws -> (Int, Int) {
        let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 16, parts[1] >= 16, parts[0] * parts[1] <= 100_000_000 else {
            throw ValidationError("\(option) must be WIDTHxHEIGHT, e.g. 3024x4032 (got \(text))")
        }
        return (parts[0], parts[1])
    }

    func makeOptions() throws -> SynthOptions {
        var options = SynthOptions()
        options.kind = kind
        if shape == "all" {
            options.shapes = PageShape.allCases
        } else {
            options.shapes = try shape.split(separator: ",").map {
                guard let s = PageShape(rawValue: $0.trimmingCharacters(in: .whitespaces)) else {
                    throw ValidationError("--shape: unknown shape '\($0)' (flat, perspective, curl, wrinkle, fold, all)")
                }
                return s
            }
        }
        options.effects = try effects.split(separator: ",").map {
            guard let e = EffectStrength(rawValue: $0.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("--effects: unknown strength '\($0)' (clean, light, medium, heavy)")
            }
            return e
        }
        guard !options.shapes.isEmpty, !options.effects.isEmpty else { throw ValidationError("--shape and --effects need at least one value") }
        (options.photoWidth, options.photoHeight) = try Self.parseSize(size, option: "--size")
        if depthSize.lowercased() == "none" {
            options.depthWidth = nil; options.depthHeight = nil
        } else {
            let (w, h) = try Self.parseSize(depthSize, option: "--depth-size")
            options.depthWidth = w; options.depthHeight = h
        }
        options.depthNoise = depthNoise
        options.depthForFlat = depthForFlat
        options.withFlat = withFlat
        options.flatDPI = flatDpi
        switch fonts {
        case "all": options.fonts = FontCatalogue.all
        case "clean": options.fonts = FontCatalogue.clean
        default: options.fonts = fonts.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        options.columns = columns
        if leaders != "all" {
            options.leaders = try leaders.split(separator: ",").map {
                guard let style = LeaderStyle(rawValue: $0.trimmingCharacters(in: .whitespaces)) else {
                    throw ValidationError("--leaders: unknown style '\($0)' (none, dots, spaced-dots, all)")
                }
                return style
            }
        }
        options.fakeRate = fakeRate
        options.year = year
        options.maxTilt = maxTilt
        options.maxRotation = maxRotation
        options.turns = !noTurns
        if let selection {
            do { options.selection = try WineSelection.load(path: selection) } catch { throw ValidationError(error.message) }
        }
        return options
    }

    public func run() throws {
        let options = try makeOptions()
        let wines: Catalogue
        do { wines = try catalogue.map { try Catalogue.load(path: $0) } ?? Catalogue.builtIn() } catch {
            FileHandle.standardError.write(Data("decant: \(error)\n".utf8))
            throw ExitCode(ExitStatus.usage)
        }
        if let unknown = options.selection?.unknownIDs(in: wines), !unknown.isEmpty {
            FileHandle.standardError.write(Data("decant: --selection names wines not in catalogue '\(wines.name)': \(unknown.joined(separator: ", "))\n".utf8))
            throw ExitCode(ExitStatus.usage)
        }
        if wines.wines.isEmpty {
            FileHandle.standardError.write(Data("decant: warning: catalogue '\(wines.name)' is empty; every wine will be invented\n".utf8))
        }
        do { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) } catch {
            FileHandle.standardError.write(Data("decant: \(out): cannot create output folder (\(error.localizedDescription))\n".utf8))
            throw ExitCode(ExitStatus.output)
        }
        let namePrefix = prefix ?? (kind == .mixed ? "synth" : kind.rawValue)
        let indices = Array(start..<(start + count))
        let workers = min(jobs, max(1, count))
        let state = BatchState()
        let started = Date()
        let seed = self.seed, out = self.out, quiet = self.quiet, total = count, format = self.format
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let synthesizer: Synthesizer
            do { synthesizer = try Synthesizer(catalogue: wines, options: options) } catch {
                state.fail("\(error)")
                return
            }
            for index in indices where index % workers == worker {
                guard !state.failed else { return }
                let name = "\(namePrefix)-\(Self.padded(index))"
                do {
                    let sample = try synthesizer.make(seed: seed, index: index)
                    try SampleWriter.write(sample, folder: out, name: name, format: format)
                    let done = state.finish()
                    if !quiet {
                        FileHandle.standardError.write(Data("[\(done)/\(total)] \(name) \(sample.truth.kind.rawValue) \(sample.scene.shape.rawValue)\n".utf8))
                    }
                } catch {
                    state.fail("\(error)")
                }
            }
        }
        if let problem = state.problem {
            FileHandle.standardError.write(Data("decant: \(problem)\n".utf8))
            throw ExitCode(problem.contains("not installed") ? ExitStatus.missingDependency : ExitStatus.internalError)
        }
        if !quiet {
            print("\(count) image(s) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s → \(out)/")
        }
    }

    static func padded(_ index: Int) -> String {
        let text = String(index)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}

/// Progress and the first failure, shared by the worker threads.
private final class BatchState: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private var firstProblem: String?

    func finish() -> Int { lock.lock(); defer { lock.unlock() }; done += 1; return done }
    func fail(_ message: String) { lock.lock(); defer { lock.unlock() }; if firstProblem == nil { firstProblem = message } }
    var failed: Bool { lock.lock(); defer { lock.unlock() }; return firstProblem != nil }
    var problem: String? { lock.lock(); defer { lock.unlock() }; return firstProblem }
}

extension SynthOptions.Kind: ExpressibleByArgument {}
extension SampleWriter.Format: ExpressibleByArgument {}
