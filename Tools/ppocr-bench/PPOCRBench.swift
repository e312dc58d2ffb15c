import ArgumentParser
import Foundation
import Imaging
import Recognition

/// Measures PP-OCR beside Tesseract: word-bag F1 scored as `decant bench inv3d` and
/// `decant bench sroie-text` score it, CPU seconds per image and peak memory. A measuring
/// instrument, not part of `decant`.
@main
struct PPOCRBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ppocr-bench",
        abstract: "PP-OCR measurements: word-bag F1, CPU time and memory beside Tesseract.",
        subcommands: [ReadCommand.self, Inv3DCommand.self, SROIECommand.self])
}

/// Options every measuring command shares: where the models are and PP-OCR's settings.
struct EngineOptions: ParsableArguments {
    @Option(help: "Folder with libonnxruntime.so, det.onnx, rec.onnx and dict.txt (default: DECANT_PPOCR_MODELS or ~/.cache/decant/ppocr).")
    var models: String?
    @Option(help: "Recognizer output: full or latin.")
    var alphabet = "latin"
    @Option(help: "Detector input: longest side cap.")
    var detMaxSide = PPOCROptions().detectionMaxSide
    @Option(help: "Detector input: pixel cap.")
    var detMaxPixels = PPOCROptions().detectionMaxPixels
    @Option(help: "Least print height (median letter, px) shown to the detector; smaller print is detected larger (0: off).")
    var detBlobHeight = PPOCROptions().detectionBlobHeight
    @Option(help: "The print-sized detection enlarges the page at most this much.")
    var detMaxScale = PPOCROptions().detectionMaxScale
    @Option(help: "The print-sized detection's pixel cap.")
    var detMaxScaledPixels = PPOCROptions().detectionMaxScaledPixels
    @Option(help: "Detector tile side (memory bound).")
    var detTile = PPOCROptions().detectionTileSide
    @Option(help: "Recognizer input: narrower crops are padded to this width.")
    var minLineWidth = PPOCROptions().minLineWidth
    @Option(help: "Word gap (ink-free columns) as a fraction of the text band height.")
    var wordGap = PPOCROptions().wordGapRatio
    @Flag(help: "Do not split words at glyph gaps.")
    var noWordSplit = false
    @Option(help: "Lines read both ways to settle the page's orientation (0: off).")
    var probeLines = PPOCROptions().orientationProbeLines
    @Option(help: "Box score threshold.")
    var boxThreshold = PPOCROptions().boxThreshold
    @Option(help: "Unclip ratio.")
    var unclip = PPOCROptions().unclipRatio

    func engine() throws -> PPOCREngine {
        var options = PPOCROptions()
        options.detectionMaxSide = detMaxSide
        options.detectionMaxPixels = detMaxPixels
        options.minLineWidth = minLineWidth
        options.detectionTileSide = detTile
        options.detectionBlobHeight = detBlobHeight
        options.detectionMaxScale = detMaxScale
        options.detectionMaxScaledPixels = detMaxScaledPixels
        options.wordGapRatio = wordGap
        options.splitWordsAtGlyphGaps = !noWordSplit
        options.orientationProbeLines = probeLines
        options.boxThreshold = boxThreshold
        options.unclipRatio = unclip
        let folder = models ?? PPOCRModels.defaultFolder()
        guard let chosen = Alphabet(rawValue: alphabet) else {
            throw ValidationError("--alphabet \(alphabet): expected full or latin")
        }
        options.alphabet = chosen
        do { return try PPOCREngine(models: PPOCRModels(folder: folder), options: options) } catch {
            throw ValidationError(error.description)
        }
    }
}

struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "read", abstract: "Read images with PP-OCR and print their text.")
    @Argument var files: [String]
    @OptionGroup var engineOptions: EngineOptions
    @Flag(help: "Print each word with its box and confidence.")
    var words = false
    @Flag(help: "Print each line's decoded characters with their probabilities (detection order).")
    var characters = false

    func run() throws {
        let engine = try engineOptions.engine()
        for file in files {
            let image = try ImageLoader.load(path: file)
            let usage = ResourceUsage()
            if characters {
                for line in try engine.read(image.raster).decodedLines {
                    print(line.map { "\($0.text)\(Int(($0.probability * 100).rounded()))" }.joined(separator: " "))
                }
                continue
            }
            let page = try engine.recognize(image.raster)
            let t = engine.lastTimings
            print("== \(file) \(image.raster.width)x\(image.raster.height) (detected at \(engine.lastDetection.width)x\(engine.lastDetection.height)): \(page.lines.count) lines, "
                  + String(format: "det %.0f ms (network %.0f), rec %.0f ms (network %.0f; %d lines, %d probed), CPU %.2f s, peak RSS %d MB",
                           t.detectionMS, t.detectorNetworkMS, t.recognitionMS, t.recognizerNetworkMS, t.lines, t.probeLines,
                           usage.cpuSeconds, ResourceUsage.peakRSSMB))
            for line in page.lines {
                if words {
                    print(line.words.map { "\($0.text)[\($0.box.x),\($0.box.y) \($0.box.width)x\($0.box.height) \(Int($0.confidence))]" }
                        .joined(separator: " "))
                } else {
                    print(line.text)
                }
            }
        }
    }
}
