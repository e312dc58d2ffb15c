import Catalogue
import Entries
import Evaluation
import Flattening
import Foundation
import Imaging
import Recognition
import Reporting

/// Runs one image through every stage: load → flatten → OCR → entries → match. Owned by one
/// worker together with its Tesseract engine; never shared between workers.
public final class Pipeline {
    let engine: TesseractEngine
    let matcher: Matcher
    let settings: RunSettings
    let flattener: Flattener
    /// The same with the receipt tone curve, for pages expected to be receipts.
    let receiptFlattener: Flattener
    /// The worker's orientation detector, created once with the pipeline; nil (leptonica's
    /// up/down test is used instead) when osd.traineddata is not installed.
    let orientation: OSDOrientation?
    /// Why OSD is unavailable, reported on every page so the gap is visible.
    let orientationProblem: String?

    /// More ink components than a dense printed page has letters (a full A4 page of 10-point text
    /// has about 15,000).
    static let noisyPageComponents = 40_000

    public init(engine: TesseractEngine, matcher: Matcher, settings: RunSettings) {
        self.engine = engine
        self.matcher = matcher
        self.settings = settings
        flattener = Flattener(rectifier: ImageRectifier(options: settings.rectifier))
        receiptFlattener = Flattener(rectifier: ImageRectifier(options: settings.rectifier.forReceipts()),
                                     depth: DepthFlattener(options: DepthFlattener.Options().forReceipts()))
        do {
            orientation = OSDOrientation(osd: try TesseractOSD(dataPath: settings.ocr.dataPath), reader: engine)
            orientationProblem = nil
        } catch {
            orientation = nil
            orientationProblem = error.message
        }
    }

    public func process(_ task: ImageTask) -> PageResult {
        var record = PageRecord(image: task.fileName, job: task.job)
        var timings = StageTimings()
        let start = Clock.now
        defer { _ = start }
        func finish(_ text: String?, _ entries: [EntryRecord], receipt: ReceiptRecord? = nil,
                    items: [ReceiptItemRecord] = []) -> PageResult {
            timings.total = Clock.milliseconds(since: start)
            record.timingsMS = timings
            return PageResult(record: record, text: text, entries: entries, receipt: receipt, items: items)
        }

        if let problem = task.problem {
            record.error = PageError(stage: "load", kind: "unreadable", message: "\(task.fileName): \(problem)")
            return finish(nil, [])
        }
        // Load the photo and its sidecars. Sidecar problems are warnings: the photo still gets read.
        var mark = Clock.now
        let loaded: LoadedImage
        do { loaded = try ImageLoader.load(path: task.path, limits: settings.limits,
                                                 // The flatteners read gray unless told to keep the darkest channel.
                                                 grayscale: !settings.rectifier.darkestChannel,
                                                 // The depth path finds the sheet's outline in colour too.
                                                 chroma: task.depthPath != nil) } catch {
            record.error = PageError(stage: "load", kind: error.kind.rawValue, message: error.description)
            timings.load = Clock.milliseconds(since: mark)
            return finish(nil, [])
        }
        record.width = loaded.raster.width
        record.height = loaded.raster.height
        record.format = loaded.format.rawValue
        var input = FlattenInput(image: loaded)
        if let depthPath = task.depthPath {
            do {
                let depth = try DepthMap.load(path: depthPath)
                if let problem = depth.alignmentProblem(photoWidth: loaded.raster.width, photoHeight: loaded.raster.height) {
                    input.depthProblem = "\((depthPath as NSString).lastPathComponent): \(problem)"
                } else {
                    input.depth = depth
                }
            } catch { input.depthProblem = error.description }
        }
        if let cameraPath = task.cameraPath {
            do { input.camera = try CameraIntrinsics.load(path: cameraPath) } catch { input.sidecarProblems.append(error.description) }
        }
        record.warnings = loaded.warnings + input.sidecarProblems + [input.depthProblem].compactMap { $0 }
        timings.load = Clock.milliseconds(since: mark)

        mark = Clock.now
        let expectsReceipt = settings.kind == .receipt || (settings.kind == .auto
            && KindClassifier.guessBeforeOCR(width: loaded.raster.width, height: loaded.raster.height, jobName: task.job) == .receipt)
        var flat = settings.degradation.disableFlattening
            ? FlattenedPage(raster: loaded.raster, ppi: loaded.declaredPPI,
                            report: FlattenReport(method: .none, reason: "flattening disabled (degraded run)"))
            : (expectsReceipt ? receiptFlattener : flattener).flatten(input, orientation: orientation)
        if let orientationProblem { flat.report.assumptions.append(orientationProblem) }
        if settings.degradation.downscale > 1 {
            flat.raster = flat.raster.scaled(by: 1 / settings.degradation.downscale)
            flat.ppi = flat.ppi.map { max(1, Int(Double($0) / settings.degradation.downscale)) }
        }
        let prior: DocumentKind
        switch settings.kind {
        case .winelist: prior = .winelist
        case .receipt: prior = .receipt
        case .auto: prior = KindClassifier.guessBeforeOCR(width: flat.raster.width, height: flat.raster.height, jobName: task.job)
        }
        // Dot leaders make Tesseract drop the bins and prices beside them (LeaderEraser). Receipts
        // keep theirs: their amounts are read as one block and measured on real scans that way.
        var inkComponents: [PixelRect]?
        if prior != .receipt {
            let erased = LeaderEraser.erase(flat.raster)
            inkComponents = erased.components
            if erased.runs > 0 {
                flat.raster = erased.raster
                flat.report.steps["leaders"] = "\(erased.runs) runs, \(erased.dots) dots erased"
            }
        }
        record.flatten = flat.report
        record.warnings += flat.warnings.map { "\(task.fileName): \($0)" }
        timings.flatten = Clock.milliseconds(since: mark)

        // The flattened page as OCR reads it (after any turn the first reading called for).
        func keepPictures() {
            record.flattenedWidth = flat.raster.width
            record.flattenedHeight = flat.raster.height
            record.ppi = flat.ppi
            if let folder = settings.saveFlattened {
                let name = "\(task.job.replacingOccurrences(of: "/", with: "_"))__\((task.fileName as NSString).deletingPathExtension).png"
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try PNGFile.write(flat.raster, to: "\(folder)/\(name)")
                } catch {
                    record.warnings.append("could not save flattened page: \(error)")
                }
            }
            if let output = settings.pagePreviews {
                // Written now, so no page picture waits in memory for the job's report.
                let previewMark = Clock.now
                defer { timings.preview = Clock.milliseconds(since: previewMark) }
                do { record.preview = try PagePreview.write(flat.raster, image: task.fileName, jobDirectory: "\(output)/\(task.job)") } catch {
                    record.warnings.append(error.description)
                }
            }
        }
        // Time inside the OCR stage spent on other stages' work (orientation, pictures).
        var ocrExcluded = 0.0

        mark = Clock.now
        var segmentation = settings.segmentation(for: prior)
        // Sparse reading makes a word of every speck: on a page buried in noise (a table top's
        // texture normalized into grain) it runs for many minutes. Tesseract's own layout analysis
        // sets such regions aside as images.
        if segmentation == .sparse, settings.segmentation == nil, let specks = inkComponents?.count,
           specks > Self.noisyPageComponents {
            segmentation = .auto
            record.flatten?.steps["noise"] = "\(specks) ink components: read with automatic layout instead of sparse"
        }
        record.segmentation = segmentation.rawValue
        let cache = settings.ocrCache.map(RecognitionCache.init(folder:))
        func recognize(_ segmentation: PageSegmentation) throws(RecognitionError) -> RecognizedPage {
            let key = cache?.key(flat.raster, ppi: flat.ppi, segmentation: segmentation, ocr: settings.ocr)
            if let cache, let key, let cached = cache.load(job: task.job, image: task.fileName, key: key) { return cached }
            let page = try engine.recognize(flat.raster, ppi: flat.ppi, segmentation: segmentation)
            if let cache, let key { cache.store(page, job: task.job, image: task.fileName, key: key) }
            return page
        }
        var page: RecognizedPage
        do { page = try recognize(segmentation) } catch {
            record.error = PageError(stage: "ocr", kind: error.kind.rawValue, message: "\(task.fileName): \(error.message)")
            timings.ocr = Clock.milliseconds(since: mark)
            keepPictures()
            return finish(nil, [])
        }
        // A level page's orientation was left to this reading: most read well, and only those that
        // did not are shown to the detector, turned and read again.
        let rectifier = (expectsReceipt ? receiptFlattener : flattener).rectifier
        if let decision = ReadFirstOrientation.settle(&flat, firstReading: page, rectifier: rectifier, detector: orientation) {
            record.flatten?.steps["orientation"] = flat.report.steps["orientation"]
            record.flatten?.steps["ms.orient"] = flat.report.steps["ms.orient"]
            if decision.quarterTurns != 0 {
                if inkComponents != nil { inkComponents = LeaderEraser.erase(flat.raster).components }
                do { page = try recognize(segmentation) } catch {
                    record.error = PageError(stage: "ocr", kind: error.kind.rawValue, message: "\(task.fileName): \(error.message)")
                    timings.ocr = Clock.milliseconds(since: mark)
                    keepPictures()
                    return finish(nil, [])
                }
            }
            // The detector's time counts as flattening, as it did when it ran before the reading.
            if let ms = decision.detectorMS {
                timings.flatten += ms
                ocrExcluded += ms
            }
        }
        keepPictures()
        let kind = settings.kind == .auto ? KindClassifier.classify(page, prior: prior) : prior
        record.kind = kind
        // Taken for a wine list by its shape, read as a receipt by its words: read it again the way
        // receipts are read (one block), so that amounts stay on their labels' lines.
        let receiptSegmentation = settings.segmentation(for: .receipt)
        switch KindClassifier.blockReading(of: page, kind: kind, readWith: segmentation, receiptSegmentation: receiptSegmentation,
                                           read: { try recognize($0) }) {
        case .kept(let block):
            page = block
            record.segmentation = receiptSegmentation.rawValue
        case .refused:
            record.warnings.append("read as one block the page lost words it read sparsely (columns?): the sparse reading is kept")
        case .notTried:
            break
        }
        // Numbers the page read unsure of (a price at the end of a long line) are read alone. Not on
        // receipts: on SROIE's scans it changed 43 numbers and no key field, and a receipt whose
        // amounts do not add up is read again whole anyway (`ReceiptReader`).
        if kind == .winelist {
            let started = Clock.now
            let changed = UnsureNumbers.reread(&page, raster: flat.raster, ppi: flat.ppi, engine: engine)
            record.flatten?.steps["ms.reread"] = String(format: "%.0f", Clock.milliseconds(since: started))
            if changed > 0 { record.flatten?.steps["reread"] = "\(changed) unsure numbers read again alone" }
        }
        // Words Tesseract's layout dropped (short prices alone at the margin) are read on their own.
        // Its own time is recorded (within OCR): it reads each missed word alone, which on a page
        // whose layout dropped a whole price column is many small readings.
        if kind == .winelist, let inkComponents {
            let started = Clock.now
            let added = MissedText.recover(&page, raster: flat.raster, components: inkComponents, ppi: flat.ppi, engine: engine)
            record.flatten?.steps["ms.recovered"] = String(format: "%.0f", Clock.milliseconds(since: started))
            if added > 0 { record.flatten?.steps["recovered"] = "\(added) words read again outside Tesseract's layout" }
        }
        timings.ocr = Clock.milliseconds(since: mark) - ocrExcluded - (timings.preview ?? 0)
        record.meanConfidence = page.meanConfidence.map { ($0 * 10).rounded() / 10 }

        mark = Clock.now
        let fields = FieldParser(abbreviations: settings.abbreviations, runYear: settings.runYear)
        var lines = LineAssembler.assemble(page.lines)
        var wineEntries: [WineEntry] = []
        var receipt: Receipt?
        var receiptPage = page
        var merchantAsRead: String?
        switch kind {
        case .winelist:
            wineEntries = WineListParser(fields: fields, names: WineNameSplitter(vocabulary: settings.vocabulary)).parse(lines: lines)
        case .receipt:
            // The job folder's own date order (decant-job.json) overrides the run's.
            let dateOrder = task.jobSettings?.dateOrder ?? settings.dateOrder
            let reader = ReceiptReader(engine: engine, parser: ReceiptParser(fields: fields, dateOrder: dateOrder),
                                       segmentation: receiptSegmentation, maxReadings: settings.receiptReadings,
                                       targetTextHeight: settings.receiptTextHeight)
            let read = reader.read(flat, firstReading: page)
            receipt = read.receipt
            receiptPage = read.page
            // The sidecar text is the reading the receipt's amounts come from.
            lines = read.page.lines
            if read.merchantFromHeader {
                let page = read.pageMerchant.map { "\"\($0)\"" + (read.pageMerchantConfidence.map { String(format: ", confidence %.0f", $0) } ?? "") }
                record.warnings.append("merchant from the header band read alone (the page reading had \(page ?? "none"))")
            }
            if let read = read.merchantAsPrintedInName, let now = receipt?.merchant {
                merchantAsRead = read
                record.warnings.append("merchant \"\(read)\" respelled \"\(now)\" as the same name is printed elsewhere on the slip")
            }
            if let reason = read.reason, read.receipt.readings > 1 {
                record.warnings.append("receipt read \(read.receipt.readings) times (\(reason)); "
                                       + "amounts from the reading at scale \(read.receipt.scale)")
            }
        }
        record.receipt = receipt.map(ReceiptFields.init)
        record.lineCount = lines.count
        let text = lines.map(\.text).joined(separator: "\n")
        timings.entries = Clock.milliseconds(since: mark)

        mark = Clock.now
        var records: [EntryRecord] = []
        let scratch = matcher.makeScratch()
        var itemRecords: [ReceiptItemRecord] = []
        for entry in wineEntries {
            // Region and grapes the parser found go along: the matcher checks they agree with the label.
            let context = ([entry.region].compactMap { $0 } + entry.grapes).joined(separator: " ")
            let match = matcher.match(MatchQuery(context.isEmpty ? entry.name : "\(entry.name), \(context)", vintage: entry.vintage),
                                      scratch: scratch)
            let insight = Insights.insight(wine: matchedWine(match), prices: entry.prices, currency: entry.currency,
                                           listColour: entry.colour, options: settings.insights)
            records.append(EntryRecord(job: task.job, image: task.fileName, entry: entry, match: match, insight: insight))
        }
        if let receipt {
            for item in receipt.items {
                // Items are matched like wine-list entries; most are not wines and match nothing.
                let match = matcher.match(MatchQuery(fields.parse(item.description).name, vintage: item.vintage), scratch: scratch)
                let found = match.type == .none ? nil : match
                let words = receiptPage.lines.indices.contains(item.line) ? receiptPage.lines[item.line].confidence : 0
                let insight = Insights.insight(wine: matchedWine(match), prices: [Price(amount: item.amount, column: .bottle)],
                                               currency: receipt.currency, listColour: nil, options: settings.insights)
                records.append(EntryRecord(job: task.job, image: task.fileName, item: item, currency: receipt.currency,
                                           match: found, confidence: words, insight: insight))
                itemRecords.append(ReceiptItemRecord(job: task.job, image: task.fileName, item: itemRecords.count + 1,
                                                     receiptItem: item, currency: receipt.currency, match: found))
            }
        }
        record.entryCount = records.count
        timings.match = Clock.milliseconds(since: mark)
        return finish(text, records, receipt: receipt.map {
            var row = ReceiptRecord(job: task.job, image: task.fileName, receipt: $0)
            row.merchantAsRead = merchantAsRead
            return row
        }, items: itemRecords)
    }
}

extension Pipeline {
    /// The catalogue row an answer names (none for "no match" and "producer-only").
    func matchedWine(_ match: MatchResult) -> Wine? {
        guard match.matchedID != nil, let row = match.best?.row, row < matcher.catalogue.count else { return nil }
        return matcher.catalogue[row]
    }
}

/// Monotonic time for stage timings.
enum Clock {
    static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }
    static func milliseconds(since start: UInt64) -> Double {
        (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e4).rounded() / 100
    }
}
