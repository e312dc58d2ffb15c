import Foundation
import Imaging

/// PP-OCRv5 mobile (text detection and recognition) through OpenCV's DNN module: a second
/// recognizer beside Tesseract that reads photos of warped pages far better. One engine per
/// worker, reused for every page: loading the networks costs more than reading a line.
/// Not Sendable: each network must only be used from one thread at a time.
public final class PPOCREngine {
    private let detector: DNNNetwork
    private let recognizer: DNNNetwork
    public let dictionary: CharacterDictionary
    public let options: PPOCROptions
    /// Where the time of the last `recognize` went (CPU milliseconds of this thread, which a busy
    /// machine inflates less than wall-clock time), for benchmarks.
    public private(set) var lastTimings = Timings()
    private var networkMS = (detector: 0.0, recognizer: 0.0)

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
            throw PPOCRError(.modelsMissing, "\(missing.joined(separator: ", ")): PP-OCR model file missing; "
                             + "run scripts/setup-ppocr.sh (or set DECANT_PPOCR_MODELS to the folder holding them)")
        }
        dictionary = try CharacterDictionary(path: models.dictionary)
        // The detector sees pages of every size; the recognizer only changes width, which fusion survives.
        detector = try DNNNetwork(path: models.detector, fuse: false)
        recognizer = try DNNNetwork(path: models.recognizer, fuse: true)
        self.options = options
        // One short line proves the dictionary fits the recognizer's classes.
        let classes = try recognizer.forward([Float](repeating: 0, count: 3 * options.lineHeight * 32),
                                             shape: [1, 3, options.lineHeight, 32]).last ?? 0
        guard classes == dictionary.classCount else {
            throw PPOCRError(.modelInvalid, "\(models.dictionary): \(dictionary.characters.count) characters do not fit "
                             + "\(models.recognizer) (\(classes) classes); run scripts/setup-ppocr.sh again")
        }
    }

    /// Reads a page: every text line PP-OCR detects, in reading order, with words, boxes and
    /// confidences (0…100) in page pixels.
    public func recognize(_ page: Raster) throws(PPOCRError) -> RecognizedPage {
        try read(page).page(splitWords: options.splitWordsAtGlyphGaps, gapRatio: options.wordGapRatio)
    }

    /// Detects and reads every line of a page, before words are split: one reading can then be
    /// turned into pages with different word-spacing settings (how the settings are measured).
    public func read(_ page: Raster) throws(PPOCRError) -> PageReading {
        var timings = Timings()
        networkMS = (0, 0)
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
            lines.append(PageReading.Line(reading: reading, center: turn.turn.upright(box.quad.center),
                                          height: min(box.quad.width, box.quad.height)))
        }
        timings.recognitionMS = Self.cpuMilliseconds() - recognitionStart
        timings.recognizerNetworkMS = networkMS.recognizer
        lastTimings = timings
        return PageReading(width: page.width, height: page.height, turn: turn.turn, lines: lines)
    }

    /// The text boxes of a page, in page pixels.
    public func detect(_ page: Raster) throws(PPOCRError) -> [DetectedBox] {
        guard page.width >= 8, page.height >= 8 else {
            throw PPOCRError(.badImage, "the page is \(page.width)×\(page.height) px; too small to hold text")
        }
        let (w, h) = DetectionInput.size(width: page.width, height: page.height,
                                         maxSide: options.detectionMaxSide, maxPixels: options.detectionMaxPixels)
        let scaled = page.resized(width: w, height: h)
        // Tiles bound the detector's memory; where they overlap, the higher probability stands.
        var values = [Float](repeating: 0, count: w * h)
        for tile in DetectionInput.tiles(width: w, height: h, tile: options.detectionTileSide) {
            let tensor = DetectionInput.tensor(scaled, x: tile.x, y: tile.y, width: tile.width, height: tile.height)
            let networkStart = Self.cpuMilliseconds()
            let shape = try detector.forward(tensor, shape: [1, 3, tile.height, tile.width])
            networkMS.detector += Self.cpuMilliseconds() - networkStart
            guard shape.count == 4, shape[2] == tile.height, shape[3] == tile.width else {
                throw PPOCRError(.inferenceFailed, "\(detector.path): the detector returned a \(shape) map for a "
                                 + "\(tile.width)×\(tile.height) input")
            }
            let out = detector.outputValues()
            for y in 0..<tile.height {
                let row = (tile.y + y) * w + tile.x
                for x in 0..<tile.width where out[y * tile.width + x] > values[row + x] {
                    values[row + x] = out[y * tile.width + x]
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
        let tensor = crop.tensor(width: width)
        let networkStart = Self.cpuMilliseconds()
        let shape = try recognizer.forward(tensor, shape: [1, 3, options.lineHeight, width])
        networkMS.recognizer += Self.cpuMilliseconds() - networkStart
        guard shape.count == 3, shape[2] == dictionary.classCount, shape[1] > 0 else {
            throw PPOCRError(.inferenceFailed, "\(recognizer.path): the recognizer returned a \(shape) output")
        }
        let best = recognizer.outputArgmax(rows: shape[1])
        let characters = CTCDecoder.decode(bestClass: best.index, probability: best.value, alphabet: dictionary.characters)
        return LineReading(characters: characters, crop: crop, stepWidth: Double(width) / Double(shape[1]))
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

    static func cpuMilliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }
}
