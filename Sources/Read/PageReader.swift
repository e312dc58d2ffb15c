import Documents
import Entries
import Flattening
import Imaging
import Recognition
import RecognizedText
import StepTrace

/// The Read stage: a flattened page in, its text out, with every feedback loop between reading
/// and the page in one place — the engine chosen for the page, the first reading, the orientation
/// that reading settles, the receipt read again as one block, unsure numbers and missed words read
/// alone, and the receipt's further readings. Owned by one worker with its engines; never shared.
public final class PageReader {
    public let engine: TesseractEngine
    /// The worker's PP-OCR engine; nil when it is not installed or the run reads with Tesseract only.
    public let ppocr: PPOCREngine?
    public let settings: ReadSettings
    /// The worker's engines for other language sets (a job's `languages`, `--lang auto`'s second
    /// readings), `engine` among them.
    public let engines: EnginePool
    /// The worker's orientation detector, shared with the Flatten stage.
    public let orientation: PageOrientation

    /// More ink components than a dense printed page has letters (a full A4 page of 10-point text
    /// has about 15,000).
    static let noisyPageComponents = 40_000

    /// Recognized pages reused from earlier runs (a measuring aid, `MeasuringAids.ocrCache`); nil:
    /// every page is read.
    let cache: RecognitionCache?

    /// `orientation`: the worker's detector (nil: made here with `engine`); `cacheFolder`: where
    /// recognized pages are kept for reuse, if anywhere.
    public init(engine: TesseractEngine, ppocr: PPOCREngine? = nil, settings: ReadSettings, orientation: PageOrientation? = nil,
                cacheFolder: String? = nil) {
        self.engine = engine
        self.ppocr = ppocr
        self.settings = settings
        cache = cacheFolder.map(RecognitionCache.init(folder:))
        engines = EnginePool(base: engine, capacity: settings.languageEngines)
        self.orientation = orientation ?? PageOrientation(engine: engine, dataPath: settings.ocr.dataPath)
    }

    /// What reading a page gave.
    public struct Reading {
        /// The page as it was read: dot leaders erased, turned as the first reading called for.
        public var flat: FlattenedPage
        /// What the reading did, for pages.json (shown with the flattening's steps).
        public var steps = StepLog()
        public var warnings: [String] = []
        /// Time the orientation detector took; it counts as flattening, as it did when it ran
        /// before the reading.
        public var detectorTime: Duration?
        /// The segmentation the page was first read with, and the one its kept reading used.
        public var segmentation: PageSegmentation
        /// Set when the reading failed; nothing below is then set.
        public var failure: RecognitionError?
        /// The languages the kept reading used, and why (nil: not read by Tesseract, or failed first).
        public var languages: LanguageChoice?
        /// The engine that read the page, and why (nil: read from a PDF's text layer).
        public var engine: EngineChoice?
        /// The kind the words show.
        public var kind: DocumentKind
        /// The page's reading (for a receipt: the one its kind was judged on).
        public var page: RecognizedPage?
        /// A receipt's readings, with the receipt they give.
        public var receipt: ReceiptRereading.Result?
        /// The pixel grid the reading's boxes are on when it is not the flat page's (a PDF page read from its
        /// text layer, whose `flat` only holds a small picture for the review page).
        public var textGrid: (width: Int, height: Int)?

        /// Read by Tesseract (not from a text layer).
        public var byOCR: Bool { textGrid == nil }
        public var width: Int { textGrid?.width ?? flat.raster.width }
        public var height: Int { textGrid?.height ?? flat.raster.height }
    }

    /// A photo's plan before flattening (`PagePlan.before`), with this reader's settings and engines.
    public func plan(width: Int, height: Int, capture: PageCapture, job: String, languages: String?) -> PagePlan {
        PagePlan.before(width: width, height: height, capture: capture, job: job, languages: languages, settings: settings,
                        ppocrInstalled: ppocr != nil)
    }

    /// `plan` settled by the flattened page (`PagePlan.settled(by:)`).
    public func settle(_ plan: PagePlan, by flat: FlattenedPage) -> PagePlan {
        plan.settled(by: flat, settings: settings, ppocrInstalled: ppocr != nil)
    }

    /// The plan for a page of `kind` whatever its shape (tests, tools).
    public func plan(kind: DocumentKind, capture: PageCapture = .photo, job: String, languages: String? = nil) -> PagePlan {
        PagePlan(kind: kind, capture: capture, job: job, languages: languages, settings: settings, ppocrInstalled: ppocr != nil)
    }

    /// Reads `flat` by its `plan` (settled by the flattening); `image` names the page for the
    /// recognition cache. `flattenForPPOCR` gives the page flattened for PP-OCR when Tesseract's
    /// reading sends it there (`SecondEngine`); nil: PP-OCR reads `flat` as it is.
    public func read(_ flat: FlattenedPage, plan: PagePlan, image: String, receipts parser: ReceiptParser,
                     flattenForPPOCR: (() -> FlattenedPage)? = nil) -> Reading {
        let prior = plan.kind, capture = plan.capture, job = plan.job, languages = plan.languages
        var reading = Reading(flat: flat, segmentation: plan.segmentation, kind: prior)
        let choice = plan.engine ?? EngineChoice(engine: .tesseract, reason: "no engine planned")
        reading.engine = choice
        let components = eraseLeaders(&reading, prior: prior)
        if choice.engine == .ppocr, let ppocr {
            readWithPPOCR(&reading, ppocr: ppocr, prior: prior, components: components, job: job, image: image, receipts: parser)
            return reading
        }
        chooseSegmentation(&reading, components: components)
        // The engine every reading of the page uses: the job's, the run's, or the one `--lang auto` chose.
        var engine = self.engine
        func recognize(_ raster: Raster, _ ppi: Int?, _ segmentation: PageSegmentation, with engine: TesseractEngine) throws(RecognitionError) -> RecognizedPage {
            try cachedRecognize(raster, ppi, segmentation, with: engine, job: job, image: image)
        }
        func recognize(_ raster: Raster, _ ppi: Int?, _ segmentation: PageSegmentation) throws(RecognitionError) -> RecognizedPage {
            try recognize(raster, ppi, segmentation, with: engine)
        }
        func recognize(_ flat: FlattenedPage, _ segmentation: PageSegmentation) throws(RecognitionError) -> RecognizedPage {
            try recognize(flat.raster, flat.ppi, segmentation)
        }
        do {
            if let languages {
                engine = try engines.engine(for: languages)
                reading.languages = LanguageChoice(languages: languages, reason: "job settings")
            }
            var page = try recognize(reading.flat, reading.segmentation)
            if settleOrientation(&reading, firstReading: page) { page = try recognize(reading.flat, reading.segmentation) }
            if reading.languages == nil {
                let flat = reading.flat, segmentation = reading.segmentation
                reading.languages = try chooseLanguages(&reading, page: &page, engine: &engine,
                                                        recognize: { (engine) throws(RecognitionError) in
                                                            try recognize(flat.raster, flat.ppi, segmentation, with: engine)
                                                        })
            }
            reading.kind = settings.expected == .auto ? KindClassifier.classify(page, prior: prior) : prior
            if let again = readAgainWithPPOCR(flat, firstReading: reading, page: page, prior: prior, capture: capture,
                                              job: job, image: image, receipts: parser,
                                              flattenForPPOCR: flattenForPPOCR) {
                return again
            }
            let turned = reading.flat
            readAsBlock(&reading, page: &page, recognize: { try recognize(turned, $0) })
            if reading.kind == .winelist { readAgainAlone(&reading, page: &page, components: components, engine: engine) }
            reading.page = page
            if reading.kind == .receipt {
                reading.receipt = ReceiptRereading(engine: engine, parser: parser,
                                                   segmentation: settings.segmentation(for: .receipt),
                                                   maxReadings: settings.receiptReadings,
                                                   targetTextHeight: settings.receiptTextHeight,
                                                   recognize: { try recognize($0, $1, $2) },
                                                   otherReader: settings.receiptNameByBothReaders ? ppocr.map { ppocr in
                                                       { raster, ppi, segmentation in
                                                           try self.cachedRecognize(raster, ppi, segmentation, with: ppocr, job: job, image: image)
                                                       }
                                                   } : nil,
                                                   nameSpaces: settings.receiptNameSpaces).read(reading.flat, firstReading: page)
            }
        } catch {
            reading.failure = error
        }
        return reading
    }

    /// A page the plan gave Tesseract, read again from the start with PP-OCR when Tesseract's first
    /// reading says it should have gone there (`SecondEngine.reason`): its words show a receipt, which
    /// the engine rule gives PP-OCR, or Tesseract read next to nothing. The second reading starts
    /// from the page as flattened (dot leaders kept, as a receipt's are). Nil when Tesseract's
    /// reading stands.
    func readAgainWithPPOCR(_ flat: FlattenedPage, firstReading: Reading, page: RecognizedPage, prior: DocumentKind,
                               capture: PageCapture, job: String, image: String,
                               receipts parser: ReceiptParser, flattenForPPOCR: (() -> FlattenedPage)?) -> Reading? {
        guard let ppocr, let rule = settings.activeRule else { return nil }
        let first = UprightEvidence(page)
        guard let reason = SecondEngine.reason(kind: firstReading.kind, prior: prior, receiptsToPPOCR: rule.ppocrReceipts,
                                               confidentWords: first.confident, unreadToPPOCR: rule.ppocrWhenUnread,
                                               meanConfidence: page.meanConfidence, below: rule.ppocrBelowConfidence) else { return nil }
        let kind: DocumentKind = reason == .receipt ? .receipt : prior
        // A photo is flattened again the way PP-OCR reads best (its own grey levels); a flat scan's
        // preparation is the same for either engine.
        let start = capture == .photo || capture == .depthPhoto ? flattenForPPOCR?() ?? flat : flat
        var again = Reading(flat: start, segmentation: settings.segmentation(for: kind), kind: kind)
        again.engine = EngineChoice(engine: .ppocr, reason: "\(settings.engine.rawValue): a \(capture.rawValue) page \(reason.description), read again by ppocr")
        again.steps[.engine] = "\(reason.description) (\(first.summary) by Tesseract): read again by PP-OCR"
        readWithPPOCR(&again, ppocr: ppocr, prior: kind, components: nil, job: job, image: image, receipts: parser)
        guard again.failure == nil, let read = again.page else { return nil }
        // Tesseract's reading stands unless PP-OCR's reads more words confidently.
        if reason == .unread, UprightEvidence(read).confident <= first.confident { return nil }
        return again
    }

    /// The run's languages, or with `--lang auto` the page read again with the language its first
    /// reading shows when that reads better (`LanguageRereading`); the second reading's time is recorded.
    func chooseLanguages(_ reading: inout Reading, page: inout RecognizedPage, engine: inout TesseractEngine,
                            recognize: (TesseractEngine) throws(RecognitionError) -> RecognizedPage) throws(RecognitionError) -> LanguageChoice {
        guard settings.languageSelection == .auto else {
            return LanguageChoice(languages: engine.configuration.languages, reason: "run settings")
        }
        let clock = ContinuousClock(), started = clock.now
        let outcome = try LanguageRereading().choose(firstReading: page, base: engine, pool: engines, recognize: recognize)
        switch outcome {
        case .reread(let second, let chosen, let choice):
            reading.steps.record(.language, took: started.duration(to: clock.now))
            page = second
            engine = chosen
            return choice
        case .kept(let choice, let readAgain, let warning):
            if readAgain { reading.steps.record(.language, took: started.duration(to: clock.now)) }
            if let warning { reading.warnings.append(warning) }
            return choice
        }
    }

    /// Dot leaders make Tesseract drop the bins and prices beside them (`LeaderEraser`). Receipts
    /// keep theirs: their amounts are read as one block and were measured on real scans that way.
    /// Returns the page's ink components (nil for receipts), which later steps reuse.
    func eraseLeaders(_ reading: inout Reading, prior: DocumentKind) -> [PixelRect]? {
        guard prior != .receipt else { return nil }
        let erased = LeaderEraser.erase(reading.flat.raster)
        if erased.runs > 0 {
            reading.flat.raster = erased.raster
            reading.steps[.leaders] = "\(erased.runs) runs, \(erased.dots) dots erased"
        }
        return erased.components
    }

    /// Sparse reading makes a word of every speck: on a page buried in noise (a table top's texture
    /// normalized into grain) it runs for many minutes. Tesseract's own layout analysis sets such
    /// regions aside as images.
    func chooseSegmentation(_ reading: inout Reading, components: [PixelRect]?) {
        guard reading.segmentation == .sparse, settings.segmentation == nil, let specks = components?.count,
              specks > Self.noisyPageComponents else { return }
        reading.segmentation = .auto
        reading.steps[.noise] = "\(specks) ink components: read with automatic layout instead of sparse"
    }

    /// A level page's orientation was left to this reading: most read well, and only those that did
    /// not are shown to the detector and turned. Returns whether the page was turned (and must be
    /// read again).
    func settleOrientation(_ reading: inout Reading, firstReading page: RecognizedPage) -> Bool {
        guard let decision = OrientationByReading.settle(&reading.flat, firstReading: page, detector: orientation.detector) else {
            return false
        }
        reading.steps.overlay(decision.steps)
        reading.detectorTime = decision.detectorTime
        return decision.quarterTurns != 0
    }

    /// Taken for a wine list by its shape, read as a receipt by its words: the page is read again
    /// the way receipts are read (one block), so that amounts stay on their labels' lines.
    func readAsBlock(_ reading: inout Reading, page: inout RecognizedPage,
                        recognize: (PageSegmentation) throws -> RecognizedPage) {
        let receiptSegmentation = settings.segmentation(for: .receipt)
        switch KindClassifier.blockReading(of: page, kind: reading.kind, readWith: reading.segmentation,
                                           receiptSegmentation: receiptSegmentation, read: recognize) {
        case .kept(let block):
            page = block
            reading.segmentation = receiptSegmentation
        case .refused:
            reading.warnings.append("read as one block the page lost words it read sparsely (columns?): the sparse reading is kept")
        case .notTried:
            break
        }
    }

    /// Numbers the page read unsure of (a price at the end of a long line) are read alone, and words
    /// Tesseract's layout dropped (short prices alone at the margin) are read on their own. Not on
    /// receipts: on SROIE's scans re-reading numbers changed 43 and no key field, and a receipt whose
    /// amounts do not add up is read again whole anyway (`ReceiptRereading`).
    func readAgainAlone(_ reading: inout Reading, page: inout RecognizedPage, components: [PixelRect]?, engine: any TextRecognizer) {
        let clock = ContinuousClock()
        var started = clock.now
        let raster = reading.flat.raster, ppi = reading.flat.ppi
        let changed = UnsureNumbers.reread(&page, raster: raster, ppi: ppi, engine: engine)
        reading.steps.record(.reread, took: started.duration(to: clock.now))
        if changed > 0 { reading.steps[.reread] = "\(changed) unsure numbers read again alone" }
        guard let components else { return }
        // Its own time is recorded: it reads each missed word alone, which on a page whose layout
        // dropped a whole price column is many small readings.
        started = clock.now
        let added = MissedText.recover(&page, raster: raster, components: components, ppi: ppi, engine: engine)
        reading.steps.record(.recovered, took: started.duration(to: clock.now))
        if added > 0 { reading.steps[.recovered] = "\(added) words read again outside Tesseract's layout" }
    }
}
