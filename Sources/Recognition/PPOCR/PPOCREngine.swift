import CORT
import Foundation
import Imaging
import RecognizedText

/// PP-OCRv6 small (text detection and recognition) on ONNX Runtime: a second recognizer beside
/// Tesseract that reads photos of warped pages far better. One engine per worker, reused for every
/// page: loading the networks costs more than reading a line. Not Sendable: each session runs on its
/// worker's thread only.
public final class PPOCREngine {
    private let detector: ONNXSession
    private let recognizer: ONNXSession
    public let dictionary: CharacterDictionary
    public let options: PPOCROptions
    /// The runtime's version, for pages.json and the benchmarks.
    public let runtimeVersion: String
    /// The model files' sizes, which tell model sets apart in the OCR cache's key.
    private let modelSizes: String
    /// Which classes a reading may use (`options.alphabet`), one flag per class.
    private let classMask: [UInt8]
    /// Where the time of the last `recognize` went (CPU milliseconds of this thread, which a busy
    /// machine inflates less than wall-clock time), for benchmarks.
    public private(set) var lastTimings = Timings()
    private var networkMS = (detector: 0.0, recognizer: 0.0)
    /// The detector's input size for the last page, for benchmarks.
    public private(set) var lastDetection = (width: 0, height: 0)

    public struct Timings: Sendable, Equatable {
        public var detectionMS = 0.0
        /// Of which the detector network alone.
        public var detectorNetworkMS = 0.0
        public var recognitionMS = 0.0
        /// Of which the recognizer network alone.
        public var recognizerNetworkMS = 0.0
        public var lines = 0
        public var probeLines = 0
    }

    public init(models: PPOCRModels, options: PPOCROptions = PPOCROptions()) throws(PPOCRError) {
        let missing = models.missingFiles
        guard missing.isEmpty else {
            throw PPOCRError(.modelsMissing, "\(missing.joined(separator: ", ")): PP-OCR file missing; "
                             + "run \(PPOCRModels.setupCommand) (or set DECANT_PPOCR_MODELS to the folder holding them)")
        }
        let runtime = try ONNXRuntime.shared(path: models.runtime)
        runtimeVersion = runtime.version
        modelSizes = [models.detector, models.recognizer].map { path in
            String((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }.joined(separator: "/")
        detector = try runtime.session(model: models.detector)
        recognizer = try runtime.session(model: models.recognizer)
        guard let characters = try recognizer.customMetadata(CharacterDictionary.metadataKey) else {
            throw PPOCRError(.modelInvalid, "\(models.recognizer): the recognizer carries no character list "
                             + "(metadata '\(CharacterDictionary.metadataKey)'); run \(PPOCRModels.setupCommand) again")
        }
        dictionary = try CharacterDictionary(text: characters, source: models.recognizer)
        self.options = options
        classMask = options.alphabet.classMask(dictionary)
        // One short line proves the dictionary fits the recognizer's classes.
        var blank = [Float](repeating: 0, count: 3 * options.lineHeight * 32)
        let classes = try recognizer.run(&blank, shape: [1, 3, options.lineHeight, 32]) { _, shape in shape.last ?? 0 }
        guard classes == dictionary.classCount else {
            throw PPOCRError(.modelInvalid, "\(models.recognizer): its \(dictionary.characters.count) characters do not fit "
                             + "its \(classes) classes; run \(PPOCRModels.setupCommand) again")
        }
    }

    /// Reads a page: every text line PP-OCR detects, in reading order, with words, boxes and
    /// confidences (0…100) in page pixels.
    public func recognize(_ page: Raster) throws(PPOCRError) -> RecognizedPage {
        try read(page).page(splitWords: options.splitWordsAtGlyphGaps, gapRatio: options.wordGapRatio, adaptiveGaps: options.adaptiveWordGaps)
    }

    /// Reads a page and says how to turn it upright: the reading's boxes are on the upright page
    /// (the raster turned `quarterTurnsClockwise`), so the stages after reading, which lay out rows
    /// from boxes, see level lines whichever way the photo was taken.
    public func recognizeUpright(_ page: Raster) throws(PPOCRError) -> (page: RecognizedPage, quarterTurnsClockwise: Int) {
        let reading = try read(page)
        let turns = reading.turn.quarterTurnsToUpright
        let recognized = reading.page(splitWords: options.splitWordsAtGlyphGaps, gapRatio: options.wordGapRatio, adaptiveGaps: options.adaptiveWordGaps)
        return (recognized.rotated(quarterTurnsClockwise: turns), turns)
    }

    /// Reads all of `raster` as one line, without detection: a region the Read stage cut out to
    /// read again (a number, a date line).
    public func recognizeLine(_ raster: Raster) throws(PPOCRError) -> RecognizedPage {
        guard raster.width >= 2, raster.height >= 2 else { return RecognizedPage(width: raster.width, height: raster.height, lines: []) }
        let w = Double(raster.width), h = Double(raster.height)
        let quad = LineQuad([Point2(x: 0, y: 0), Point2(x: w, y: 0), Point2(x: w, y: h), Point2(x: 0, y: h)])
        let reading = try readLine(raster, quad: quad)
        guard reading.confidence >= options.dropScore,
              let line = reading.line(splitWords: options.splitWordsAtGlyphGaps, gapRatio: options.wordGapRatio, adaptiveGaps: options.adaptiveWordGaps) else {
            return RecognizedPage(width: raster.width, height: raster.height, lines: [])
        }
        return RecognizedPage(width: raster.width, height: raster.height, lines: [line])
    }

    /// Detects and reads every line of a page, before words are split: one reading can then be
    /// turned into pages with different word-spacing settings (how the settings are measured).
    public func read(_ unpadded: Raster) throws(PPOCRError) -> PageReading {
        var timings = Timings()
        networkMS = (0, 0)
        let margin = PagePadding.margin(width: unpadded.width, height: unpadded.height, share: options.pageMargin)
        let page = PagePadding.padded(unpadded, margin: margin)
        let start = Self.cpuMilliseconds()
        let boxes = try detect(page)
        timings.detectionMS = Self.cpuMilliseconds() - start
        timings.detectorNetworkMS = networkMS.detector
        let recognitionStart = Self.cpuMilliseconds()
        let turn = try settleTurn(page, boxes: boxes, timings: &timings)
        var lines: [PageReading.Line] = []
        for box in boxes {
            let reading = try readLine(page, quad: turn.turn.readingQuad(box.quad), cached: turn.cache[box.quad])
            timings.lines += 1
            guard reading.confidence >= options.dropScore else { continue }
            lines.append(PageReading.Line(reading: reading))
        }
        timings.recognitionMS = Self.cpuMilliseconds() - recognitionStart
        timings.recognizerNetworkMS = networkMS.recognizer
        lastTimings = timings
        return PageReading(width: page.width, height: page.height, turn: turn.turn, lines: lines, margin: margin)
    }

    /// The text boxes of a page, in page pixels. The page is detected within `detectionMaxSide` /
    /// `detectionMaxPixels`, unless its print would be smaller than `detectionBlobHeight` there: a
    /// large scan of small print (a 9000 px page whose letters are 11 px tall shows them 1 px tall at
    /// 960 px, and the detector finds nothing) is detected at the scale that shows its print that
    /// tall, within `detectionMaxScale` and `detectionMaxScaledPixels`.
    public func detect(_ page: Raster) throws(PPOCRError) -> [DetectedBox] {
        guard page.width >= 8, page.height >= 8 else {
            throw PPOCRError(.badImage, "the page is \(page.width)×\(page.height) px; too small to hold text")
        }
        var (w, h) = DetectionInput.size(width: page.width, height: page.height,
                                         maxSide: options.detectionMaxSide, maxPixels: options.detectionMaxPixels)
        let scale = Double(w) / Double(page.width)
        // The input within the usual size is detected whole; one enlarged for its print is tiled.
        var tile = max(w, h)
        if options.detectionBlobHeight > 0, let blob = PrintSize.blobHeight(of: page), blob * scale < options.detectionBlobHeight {
            let wanted = min(options.detectionBlobHeight / blob, options.detectionMaxScale)
            let (sw, sh) = DetectionInput.size(width: page.width, height: page.height, scale: wanted,
                                               maxPixels: options.detectionMaxScaledPixels)
            if sw * sh > w * h { (w, h, tile) = (sw, sh, options.detectionTileSide) }
        }
        lastDetection = (w, h)
        return try detect(page, width: w, height: h, tile: tile)
    }

    /// The boxes of `page` detected at `w` × `h`, in tiles of at most `tileSide`.
    private func detect(_ page: Raster, width w: Int, height h: Int, tile tileSide: Int) throws(PPOCRError) -> [DetectedBox] {
        let scaled = page.resized(width: w, height: h)
        // Tiles bound the detector's memory; where they overlap, the higher probability stands.
        var values = [Float](repeating: 0, count: w * h)
        for tile in DetectionInput.tiles(width: w, height: h, tile: tileSide) {
            var tensor = DetectionInput.tensor(scaled, x: tile.x, y: tile.y, width: tile.width, height: tile.height)
            let networkStart = Self.cpuMilliseconds()
            try detector.run(&tensor, shape: [1, 3, tile.height, tile.width]) { (out, shape) throws(PPOCRError) in
                networkMS.detector += Self.cpuMilliseconds() - networkStart
                guard shape.count == 4, shape[2] == tile.height, shape[3] == tile.width else {
                    throw PPOCRError(.inferenceFailed, "\(detector.path): the detector returned a \(shape) map for a "
                                     + "\(tile.width)×\(tile.height) input")
                }
                values.withUnsafeMutableBufferPointer { values in
                    for y in 0..<tile.height {
                        let row = (tile.y + y) * w + tile.x, source = y * tile.width
                        for x in 0..<tile.width where out[source + x] > values[row + x] {
                            values[row + x] = out[source + x]
                        }
                    }
                }
            }
        }
        let map = ProbabilityMap(width: w, height: h, values: values)
        return DBPostProcessor(options: options).boxes(in: map, pageWidth: page.width, pageHeight: page.height)
    }

    /// Reads one line given as a quad in reading order.
    public func readLine(_ page: Raster, quad: LineQuad) throws(PPOCRError) -> LineReading {
        try readLine(page, quad: quad, cached: nil)
    }

    private func readLine(_ page: Raster, quad: LineQuad, cached: LineReading?) throws(PPOCRError) -> LineReading {
        if let cached { return cached }
        let crop = LineCrop(page: page, quad: quad, height: options.lineHeight, maxWidth: options.maxLineWidth)
        let width = (max(crop.raster.width, options.minLineWidth) + 7) / 8 * 8
        var tensor = crop.tensor(width: width)
        let networkStart = Self.cpuMilliseconds()
        let classes = dictionary.classCount
        let (best, steps) = try recognizer.run(&tensor, shape: [1, 3, options.lineHeight, width]) {
            (out, shape) throws(PPOCRError) -> ((index: [Int32], share: [Float]), Int) in
            networkMS.recognizer += Self.cpuMilliseconds() - networkStart
            guard shape.count == 3, shape[2] == classes, shape[1] > 0, out.count == shape[1] * classes else {
                throw PPOCRError(.inferenceFailed, "\(recognizer.path): the recognizer returned a \(shape) output")
            }
            return (Self.bestClasses(out, rows: shape[1], columns: classes, mask: classMask), shape[1])
        }
        let characters = CTCDecoder.decode(bestClass: best.index, probability: best.share, alphabet: dictionary.characters)
        return LineReading(characters: characters, crop: crop, stepWidth: Double(width) / Double(steps))
    }

    /// The way the page's lines run, from the majority of box shapes (wide or tall), then settled
    /// by reading the longest few lines: upright text reads surely, so only an unsure first reading
    /// is compared with the other way up. PaddleOCR leaves this to a third network (a line-by-line
    /// 0°/180° classifier); one decision per page costs a few line readings instead.
    private func settleTurn(_ page: Raster, boxes: [DetectedBox], timings: inout Timings) throws(PPOCRError)
        -> (turn: PageTurn, cache: [LineQuad: LineReading]) {
        let tall = boxes.filter { $0.quad.height >= 1.5 * $0.quad.width }.count
        let wide = boxes.filter { $0.quad.width >= 1.5 * $0.quad.height }.count
        let first: PageTurn = tall > wide ? .quarter : .none
        guard options.orientationProbeLines > 0 else { return (first, [:]) }
        let probe = boxes.filter { first == .none ? $0.quad.width >= $0.quad.height : $0.quad.height > $0.quad.width }
            .sorted { max($0.quad.width, $0.quad.height) > max($1.quad.width, $1.quad.height) }
            .prefix(options.orientationProbeLines)
        var cache: [LineQuad: LineReading] = [:], other: [LineQuad: LineReading] = [:]
        var score = (0.0, 0.0), characters = 0
        for box in probe {
            let a = try readLine(page, quad: first.readingQuad(box.quad), cached: nil)
            cache[box.quad] = a
            score.0 += a.probabilitySum
            characters += a.characters.count
        }
        // Text read the right way up is read surely; only an unsure first way is read the other way too.
        if characters > 0 && score.0 / Double(characters) >= options.orientationConfidence { return (first, cache) }
        for box in probe {
            let b = try readLine(page, quad: first.opposite.readingQuad(box.quad), cached: nil)
            timings.probeLines += 1
            other[box.quad] = b
            score.1 += b.probabilitySum
        }
        return score.1 > score.0 ? (first.opposite, other) : (first, cache)
    }

    /// Each time step's best allowed class and its share of the allowed classes' probability.
    static func bestClasses(_ probabilities: UnsafeBufferPointer<Float>, rows: Int, columns: Int, mask: [UInt8])
        -> (index: [Int32], share: [Float]) {
        var index = [Int32](repeating: 0, count: rows), share = [Float](repeating: 0, count: rows)
        mask.withUnsafeBufferPointer { mask in
            cort_best_classes(probabilities.baseAddress, Int64(rows), Int64(columns), mask.baseAddress, &index, &share)
        }
        return (index, share)
    }

    static func cpuMilliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }
}

extension PPOCREngine: TextRecognizer {
    public var engine: RecognitionEngine { .ppocr }

    public var readingKey: String {
        let o = options
        return "ppocr onnxruntime \(runtimeVersion) models \(modelSizes) classes \(dictionary.classCount) \(o.alphabet) det \(o.detectionMaxSide)/"
            + "\(o.detectionMaxPixels)/\(o.detectionTileSide) print \(o.detectionBlobHeight)/\(o.detectionMaxScale)/\(o.detectionMaxScaledPixels) db \(o.binaryThreshold)/\(o.boxThreshold)/\(o.unclipRatio) drop \(o.dropScore) "
            + "line \(o.lineHeight)/\(o.minLineWidth)/\(o.maxLineWidth) gap \(o.splitWordsAtGlyphGaps ? o.wordGapRatio : 0)\(o.adaptiveWordGaps ? "a" : "") "
            + "probe \(o.orientationProbeLines)/\(o.orientationConfidence) margin \(o.pageMargin) blockrows inkboxes glyphgaps"
    }

    /// `.singleLine` reads the raster as one line; every other segmentation detects the lines first
    /// (PP-OCR has no layout modes), and `.singleBlock` then joins each printed row into one line, as
    /// Tesseract's block mode reads it. `ppi` is not used: the detector works on pixels.
    public func recognize(_ raster: Raster, ppi: Int?, segmentation: PageSegmentation) throws(RecognitionError) -> RecognizedPage {
        switch segmentation {
        case .singleLine: try recognizeLine(raster)
        case .singleBlock: try recognize(raster).joiningRows()
        default: try recognize(raster)
        }
    }
}
