import Read
import Documents
import DecantCLI
import ArgumentParser
import Entries
import Evaluation
import Flattening
import Foundation
import Imaging
import Jobs
import Recognition
import RecognizedText
import StepTrace

/// `decant bench flattening`: depth-based flattening against the synthetic corpus's ground truth,
/// per page shape — Tesseract's CER on the flattened page, on the flat render (the upper bound,
/// `NAME.flat.png` from `decant synth --with-flat`) and on the photo as taken; where the page's true
/// corners land in the flattened image, as a share of the page's size; and the flattening's time
/// against the OCR's, in CPU time of the worker's own thread (other work on the machine does not count).
struct BenchFlatteningCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flattening",
        abstract: "Depth flattening per page shape: CER vs flat render and photo, corner error, time vs OCR.",
        discussion: """
        Every image with NAME.gt.json and a depth sidecar under the FOLDERs is measured (flat photos \
        without depth are skipped). CER is dinglehopper's (Evaluation.TextMetrics) after dropping leader \
        and rule tokens and folding diacritics on both sides (docs/corpus.md, "Comparing text"). \
        Corner error: the true page corners (page.corners) mapped into the flattened image, their \
        distance from the image's corners as a share of the page's width (x) or height (y), the larger; \
        the best of the four quarter-turn correspondences, with "upright" saying how often that was \
        the identity. Times are CPU time of the worker's thread: "flatten" is the whole Flattener the \
        pipeline runs (depth geometry, background normalization, orientation by OSD), "unwarp" the depth \
        geometry alone (points → fit → outline → resampling); the ratios to OCR are of the row's totals. \
        Run the release build with OMP_THREAD_LIMIT=1.
        """)

    @Argument(help: "Folders of synthetic photos (searched recursively), or single photos.")
    var folders: [String] = ["Corpus/winelists/perspective", "Corpus/winelists/curled", "Corpus/receipts/perspective",
                             "Corpus/receipts/curled"]

    @Flag(name: .long, help: "Geometry and timing only: no OCR.")
    var noOCR = false

    @Option(name: .long, help: "Write each flattened page as PNG into this folder.")
    var save: String?

    @Option(name: .long, help: "Measure at most this many images (spread over the set).")
    var limit: Int?

    @Option(name: .long, help: "Parallel workers (each with its own Tesseract).")
    var jobs = 1

    @Option(name: .long, help: "Resolution of the flat renders, pixels per inch.")
    var flatDPI = 300

    @Flag(name: .long, help: "Print one line per image (to stderr).")
    var verbose = false

    @Option(name: .long, help: "Write the per-image figures as JSON to this file.")
    var json: String?

    @Flag(name: .long, help: "Also read the flat render as the camera saw it (the photo's resolution, blur, noise, JPEG; no geometry), enlarged to the flattened page's scale and normalized like it: the most a perfect flattening could read.")
    var ceiling = false

    @Option(name: .customLong("set"), help: "Flattening setting path=value (repeatable): lists.rectifier.NAME, lists.depth.NAME, receipts.rectifier.NAME, receipts.depth.NAME.")
    var settings: [String] = []

    @Option(name: .customLong("repeat"), help: "Flatten each photo this many times and keep the least CPU time of each step (with --no-ocr only): on a shared machine the least-disturbed run is the one to compare between builds.")
    var repeats = 1

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard repeats >= 1 else { throw ValidationError("--repeat must be at least 1") }
        guard repeats == 1 || noOCR else { throw ValidationError("--repeat needs --no-ocr (the OCR times would not be comparable)") }
    }

    func run() throws {
        var items = Self.discover(folders)
        guard !items.isEmpty else { throw ValidationError("no images with NAME.gt.json and a depth sidecar under \(folders.joined(separator: ", "))") }
        if let limit, limit < items.count {
            let step = Double(items.count) / Double(limit)
            items = (0..<limit).map { items[Int(Double($0) * step)] }
        }
        let results = Results()
        let work = items
        let ocr = !noOCR, save = save, flatDPI = flatDPI, verbose = verbose, repeats = repeats, ceiling = ceiling
        var presets = try BenchTable.tuned(FlattenSettings(), settings)
        // Without OCR there is no first reading to leave the orientation to.
        if !ocr {
            presets.lists.rectifier.deferLevelOrientation = false
            presets.receipts.rectifier.deferLevelOrientation = false
        }
        // As the pipeline does (FlattenStage): pages expected to be receipts get the receipts' preset.
        let flattener = Flattener(rectifier: ImageRectifier(options: presets.lists.rectifier), depth: DepthFlattener(options: presets.lists.depth))
        let receiptFlattener = Flattener(rectifier: ImageRectifier(options: presets.receipts.rectifier),
                                         depth: DepthFlattener(options: presets.receipts.depth))
        if let save { try FileManager.default.createDirectory(atPath: save, withIntermediateDirectories: true) }
        let next = Results.Counter()
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            let engine = try? TesseractEngine()
            let orientation = engine.flatMap { engine in (try? TesseractOSD()).map { OSDOrientation(osd: $0, reader: engine) } }
            while let index = next.take(below: work.count) {
                let sample = Self.measure(work[index], engine: ocr ? engine : nil, flattener: flattener, receiptFlattener: receiptFlattener,
                                          orientation: orientation, save: save,
                                          flatDPI: flatDPI, repeats: repeats, ceiling: ceiling)
                if verbose {
                    let steps = (sample.steps ?? [:]).sorted { $0.key < $1.key }.map { "    \($0.key): \($0.value)" }
                    FileHandle.standardError.write(Data(([sample.line] + steps).joined(separator: "\n").utf8 + [10]))
                }
                results.add(sample)
            }
        }
        let samples = results.all.sorted { $0.name < $1.name }
        print(Self.table(samples, ocr: ocr))
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(samples).write(to: URL(fileURLWithPath: json))
        }
    }

    struct Item: Sendable {
        var image: String
        var depth: String
        var camera: String?
        var truth: String
        var flat: String?
    }

    /// Figures for one image.
    struct Sample: Codable, Sendable {
        var name: String
        var shape: String
        var kind: String
        var method: String
        var reason: String?
        var residualMM: Double?
        var cornerError: Double?
        /// Each true corner's signed offset from its place (x over width, y over height; top-left,
        /// top-right, bottom-right, bottom-left of the flattened page): which side is off, and which way.
        var cornerOffsets: [[Double]]?
        var upright: Bool?
        /// CPU time of the whole flattening (geometry, orientation, photometric steps).
        var flattenMS: Double
        /// Wall-clock time of the orientation and photometric steps alone (from the report).
        var orientMS: Double?
        /// CPU time of the depth geometry alone (points, fit, outline, resampling) and of the steps after it.
        var unwarpMS: Double?
        var finishMS: Double?
        var ocrMS: Double?
        var characters: Int?
        var errorsFlattened: Int?
        var errorsPhoto: Int?
        var errorsRender: Int?
        /// Errors on the flat render as photographed without geometry (`--ceiling`).
        var errorsCeiling: Int?
        var steps: [String: String]?

        var line: String {
            func pct(_ e: Int?) -> String { e.map { String(format: "%.1f%%", 100 * Double($0) / Double(max(1, characters ?? 1))) } ?? "-" }
            let offsets = cornerOffsets.map { " (" + $0.map { String(format: "%+.2f/%+.2f", $0[0] * 100, $0[1] * 100) }.joined(separator: " ") + ")" } ?? ""
            return String(format: "%@ %@ %@ corner %@%@ upright %@ flatten %.0f ms ocr %@ | CER flat %@ render %@ photo %@ %@",
                          name, shape, method, cornerError.map { String(format: "%.2f%%", $0 * 100) } ?? "-", offsets,
                          upright.map { $0 ? "yes" : "no" } ?? "-", flattenMS, ocrMS.map { String(format: "%.0f ms", $0) } ?? "-",
                          pct(errorsFlattened), pct(errorsRender), pct(errorsPhoto), reason ?? "")
        }
    }

    static func discover(_ folders: [String]) -> [Item] {
        var items: [Item] = []
        for argument in folders {
            // A single photo (or its truth file) stands for itself.
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                FileHandle.standardError.write(Data("\(argument): no such file or folder; skipped\n".utf8))
                continue
            }
            let folder = isDirectory.boolValue ? argument : (argument as NSString).deletingLastPathComponent
            let only = isDirectory.boolValue ? nil : (argument as NSString).lastPathComponent.split(separator: ".").first.map(String.init)
            guard let walker = FileManager.default.enumerator(atPath: folder) else {
                FileHandle.standardError.write(Data("\(folder): cannot list this folder; skipped\n".utf8))
                continue
            }
            let before = items.count
            var files: [String] = []
            while let next = walker.nextObject() as? String { files.append(next) }
            let present = Set(files)
            for file in files.sorted() where file.hasSuffix(".gt.json") && (only.map { file == "\($0).gt.json" } ?? true) {
                let base = String(file.dropLast(".gt.json".count))
                guard let image = ["jpg", "jpeg", "png", "tif", "tiff"].lazy.map({ "\(base).\($0)" }).first(where: present.contains),
                      let depth = [".depth.png", ".depth.tiff", ".depth.tif", ".depth.pfm"].lazy.map({ base + $0 }).first(where: present.contains)
                else { continue }
                items.append(Item(image: "\(folder)/\(image)", depth: "\(folder)/\(depth)",
                                  camera: present.contains(base + ".camera.json") ? "\(folder)/\(base).camera.json" : nil,
                                  truth: "\(folder)/\(file)", flat: present.contains(base + ".flat.png") ? "\(folder)/\(base).flat.png" : nil))
            }
            if let only, items.count == before {
                FileHandle.standardError.write(Data("\(argument): no \(only).gt.json with a photo and a depth map beside it; skipped\n".utf8))
            }
        }
        return items
    }

    static func measure(_ item: Item, engine: TesseractEngine?, flattener listFlattener: Flattener, receiptFlattener: Flattener? = nil,
                        orientation: (any OrientationDetector)?, save: String?, flatDPI: Int, repeats: Int = 1,
                        ceiling: Bool = false) -> Sample {
        let name = (item.image as NSString).lastPathComponent
        var sample = Sample(name: name, shape: "?", kind: "?", method: "error", flattenMS: 0)
        guard let truth = try? GroundTruth.load(path: item.truth),
              let image = try? ImageLoader.load(path: item.image, grayscale: !listFlattener.rectifier.options.darkestChannel,
                                                chroma: true) else {
            sample.reason = "could not load the image or its ground truth"
            return sample
        }
        // The pipeline's guess before OCR (Pipeline.process), the photo's folder standing for the job's name.
        let guess = KindClassifier.guessBeforeOCR(width: image.raster.width, height: image.raster.height,
                                                  jobName: (item.image as NSString).deletingLastPathComponent)
        let flattener = guess == .receipt ? receiptFlattener ?? listFlattener : listFlattener
        sample.shape = truth.page?.shape ?? "?"
        sample.kind = truth.kind.rawValue
        var input = PagePhoto(image: image)
        do { input.depth = try DepthMap.load(path: item.depth) } catch { input.depthProblem = error.description }
        if let camera = item.camera { input.camera = try? CameraIntrinsics.load(path: camera) }

        // The pipeline's own path: Flattener with the worker's OSD for the quarter turns.
        let start = ThreadCPUClock().now
        let outcome = flattener.flattenWithDetails(input, orientation: orientation)
        sample.flattenMS = start.duration(to: ThreadCPUClock().now).milliseconds
        var flattened = outcome.page
        sample.unwarpMS = outcome.unwarpCPU?.milliseconds
        sample.finishMS = outcome.finishCPU?.milliseconds
        for _ in 1..<max(1, repeats) {
            let start = ThreadCPUClock().now
            let again = flattener.flattenWithDetails(input, orientation: orientation)
            sample.flattenMS = min(sample.flattenMS, start.duration(to: ThreadCPUClock().now).milliseconds)
            if let a = sample.unwarpMS, let b = again.unwarpCPU?.milliseconds { sample.unwarpMS = min(a, b) }
            if let a = sample.finishMS, let b = again.finishCPU?.milliseconds { sample.finishMS = min(a, b) }
        }
        sample.method = flattened.report.method.rawValue
        sample.reason = flattened.report.reason
        sample.residualMM = flattened.report.residualMM

        let segmentation: PageSegmentation = truth.kind == .receipt ? .singleColumn : .auto
        let reference = ComparableText.withoutLeadersAndAccents(truth.lines.joined(separator: "\n"))
        func read(_ raster: Raster, ppi: Int?) -> (page: RecognizedPage, ms: Double)? {
            let start = ThreadCPUClock().now
            guard let page = try? engine?.recognize(raster, ppi: ppi, segmentation: segmentation) else { return nil }
            return (page, start.duration(to: ThreadCPUClock().now).milliseconds)
        }
        func errors(_ page: RecognizedPage) -> (errors: Int, characters: Int) {
            let text = LineAssembler.assemble(page.lines).map(\.text).joined(separator: "\n")
            let metrics = TextMetrics.compare(truth: reference, recognized: ComparableText.withoutLeadersAndAccents(text))
            return (metrics.characterErrors, metrics.nCharacters)
        }
        // As in the pipeline: the first reading settles a deferred orientation, and the detector's
        // time (when it is asked) is flattening time.
        var reading = read(flattened.raster, ppi: flattened.ppi)
        var quarterTurns = outcome.quarterTurns
        if let first = reading {
            let start = ThreadCPUClock().now
            if let decision = OrientationByReading.settle(&flattened, firstReading: first.page, detector: orientation) {
                flattened.report.steps.overlay(decision.steps)
                sample.flattenMS += start.duration(to: ThreadCPUClock().now).milliseconds
                quarterTurns = (quarterTurns + decision.quarterTurns) % 4
                if decision.quarterTurns != 0 { reading = read(flattened.raster, ppi: flattened.ppi) }
            }
        }
        sample.steps = flattened.report.steps.dictionary
        sample.orientMS = [StepName.orient, .photometric].compactMap { flattened.report.steps.time($0)?.milliseconds }.reduce(0, +)
        if let flattening = outcome.depth, let corners = truth.page?.corners, corners.count == 4 {
            let (error, turn, offsets) = cornerError(corners.map { ($0[0], $0[1]) }, flattening: flattening)
            sample.cornerError = error
            sample.cornerOffsets = offsets
            sample.upright = error.map { _ in (turn - quarterTurns + 4) % 4 == 0 }
        }
        if let save { try? PNGFile.write(flattened.raster, to: "\(save)/\((name as NSString).deletingPathExtension).png") }
        guard engine != nil else { return sample }

        if let reading {
            let counted = errors(reading.page)
            sample.errorsFlattened = counted.errors; sample.characters = counted.characters; sample.ocrMS = reading.ms
        }
        sample.errorsPhoto = read(image.raster, ppi: nil).map { errors($0.page).errors }
        if let flat = item.flat, let render = try? ImageLoader.load(path: flat) {
            sample.errorsRender = read(render.raster, ppi: flatDPI).map { errors($0.page).errors }
            if ceiling, let ppi = flattened.ppi,
               let taken = PhotographedRender.make(render: render.raster, truth: truth, outputPixelsPerMM: Double(ppi) / 25.4,
                                                   seed: name.utf8.reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }) {
                let finished = flattener.rectifier.finishFlattened(FlattenedPage(raster: taken, ppi: ppi, report: FlattenReport(method: .none)))
                if let save { try? PNGFile.write(finished.page.raster, to: "\(save)/\((name as NSString).deletingPathExtension).ceiling.png") }
                sample.errorsCeiling = read(finished.page.raster, ppi: ppi).map { errors($0.page).errors }
            }
        }
        return sample
    }

    /// Largest corner error as a share of the page's size (x over width, y over height), for the
    /// best of the four cyclic correspondences, that correspondence's quarter turns, and its four
    /// signed offsets.
    static func cornerError(_ truth: [(Double, Double)], flattening: DepthFlattener.Unwarped) -> (Double?, Int, [[Double]]?) {
        let w = Double(flattening.page.raster.width), h = Double(flattening.page.raster.height)
        let ideal = [(-0.5, -0.5), (w - 0.5, -0.5), (w - 0.5, h - 0.5), (-0.5, h - 0.5)]
        let landed = truth.compactMap { flattening.flattenedPosition(ofPhoto: (x: $0.0, y: $0.1)) }
        guard landed.count == 4 else { return (nil, 0, nil) }
        var best = (error: Double.infinity, turn: 0, offsets: [[Double]]())
        for turn in 0..<4 {
            let offsets = (0..<4).map { k in
                let p = landed[(k + turn) % 4]
                return [(p.x - ideal[k].0) / w, (p.y - ideal[k].1) / h]
            }
            let worst = offsets.map { max(abs($0[0]), abs($0[1])) }.max() ?? 0
            if worst < best.error { best = (worst, turn, offsets) }
        }
        return (best.error, best.turn, best.offsets)
    }

    static func table(_ samples: [Sample], ocr: Bool) -> String {
        let groups = ["perspective", "curl", "wrinkle", "fold"].filter { s in samples.contains { $0.shape == s } }
            + Set(samples.map(\.shape)).subtracting(["perspective", "curl", "wrinkle", "fold"]).sorted()
        var header = ["shape", "images", "depth used", "corner err mean", "corner err max", "≤ 1%", "upright"]
        if ocr { header += ["CER flattened", "CER flat render", "CER photo", "flattened / render", "lower than photo"] }
        let withCeiling = ocr && samples.contains { $0.errorsCeiling != nil }
        if withCeiling { header += ["CER ceiling", "flattened / ceiling"] }
        header += ["flatten ms (median)", "unwarp ms (median)", ocr ? "OCR ms (median)" : nil, ocr ? "flatten / OCR" : nil,
                   ocr ? "unwarp / OCR" : nil].compactMap { $0 }
        var table = TextTable(header: header)
        func median(_ v: [Double]) -> Double { v.isEmpty ? 0 : v.sorted()[v.count / 2] }
        func pct(_ v: Double) -> String { String(format: "%.1f%%", v * 100) }
        for group in groups + ["all"] {
            let set = group == "all" ? samples : samples.filter { $0.shape == group }
            let used = set.filter { $0.method == "plane" || $0.method == "surface" }
            let corners = set.compactMap(\.cornerError)
            var row = [group, "\(set.count)", "\(used.count) (\(set.filter { $0.method == "plane" }.count) plane)",
                       corners.isEmpty ? "-" : pct(corners.reduce(0, +) / Double(corners.count)), corners.max().map(pct) ?? "-",
                       "\(corners.filter { $0 <= 0.01 }.count)/\(set.count)", "\(set.filter { $0.upright == true }.count)/\(used.count)"]
            if ocr {
                let chars = set.compactMap(\.characters).reduce(0, +)
                func cer(_ key: KeyPath<Sample, Int?>) -> Double? {
                    let withBoth = set.filter { $0[keyPath: key] != nil && $0.characters != nil }
                    let n = withBoth.compactMap(\.characters).reduce(0, +)
                    return n > 0 ? Double(withBoth.compactMap { $0[keyPath: key] }.reduce(0, +)) / Double(n) : nil
                }
                let flattened = cer(\.errorsFlattened), render = cer(\.errorsRender), photo = cer(\.errorsPhoto)
                row += [flattened.map(pct) ?? "-", render.map(pct) ?? "-", photo.map(pct) ?? "-",
                        (flattened != nil && render.map { $0 > 0 } == true) ? String(format: "%.2f×", flattened! / render!) : "-",
                        (flattened != nil && photo.map { $0 > 0 } == true) ? pct(1 - flattened! / photo!) : "-"]
                _ = chars
                if withCeiling {
                    let limit = cer(\.errorsCeiling)
                    row += [limit.map(pct) ?? "-", (flattened != nil && limit.map { $0 > 0 } == true) ? String(format: "%.2f×", flattened! / limit!) : "-"]
                }
            }
            let flattenMS = median(set.map(\.flattenMS)), ocrMS = median(set.compactMap(\.ocrMS))
            row.append(String(format: "%.0f", flattenMS))
            let unwarps = set.compactMap(\.unwarpMS)
            row.append(unwarps.isEmpty ? "-" : String(format: "%.0f", median(unwarps)))
            if ocr {
                row.append(String(format: "%.0f", ocrMS))
                // Ratio of the totals over the set: the share of the OCR's time the flattening adds.
                let timed = set.filter { $0.ocrMS != nil }
                let ocrTotal = timed.compactMap(\.ocrMS).reduce(0, +)
                row.append(ocrTotal > 0 ? pct(timed.map(\.flattenMS).reduce(0, +) / ocrTotal) : "-")
                let unwarpTimed = timed.filter { $0.unwarpMS != nil }
                let unwarpOCR = unwarpTimed.compactMap(\.ocrMS).reduce(0, +)
                row.append(unwarpOCR > 0 ? pct(unwarpTimed.compactMap(\.unwarpMS).reduce(0, +) / unwarpOCR) : "-")
            }
            table.rows.append(row)
        }
        return table.text
    }

    /// Collects samples from the workers.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var samples: [Sample] = []
        func add(_ sample: Sample) { lock.lock(); samples.append(sample); lock.unlock() }
        var all: [Sample] { lock.lock(); defer { lock.unlock() }; return samples }

        final class Counter: @unchecked Sendable {
            private let lock = NSLock()
            private var value = 0
            func take(below limit: Int) -> Int? {
                lock.lock(); defer { lock.unlock() }
                guard value < limit else { return nil }
                value += 1
                return value - 1
            }
        }
    }
}
