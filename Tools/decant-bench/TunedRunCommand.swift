import Pipeline
import ArgumentParser
import DecantCLI
import Foundation
import Jobs
import Read
import Recognition

/// `decant run` with settings a user never needs: any setting by its path, a deliberately worse
/// pipeline (to show that the accuracy gate fails on one), and an OCR cache for re-measuring the
/// stages after OCR in seconds. Everything else is `decant run`'s own option group, so a tuning run
/// reads exactly as the product does.
struct TunedRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "decant run, plus tuning settings (any setting by its path, a degraded pipeline, an OCR cache).",
        discussion: RunArguments.discussion)

    @OptionGroup var arguments: RunArguments

    @Option(name: .customLong("set"), help: "Any result-shaping setting path=value (repeatable), as summary.json names them: flatten.lists.rectifier.toneCurve=2, read.ppocr.unclipRatio=1.8, read.receiptTextHeight=30.")
    var settingPaths: [String] = []

    @Flag(name: .long, help: "Skip flattening (a deliberately worse pipeline, to prove the accuracy gate bites).")
    var disableFlattening = false

    @Option(name: .long, help: "Shrink pages by this factor before OCR (a deliberately worse pipeline).")
    var degradeResolution: Double = 1

    @Option(name: .long, help: "Reuse recognized pages kept in this folder (keyed by the flattened pixels and OCR settings): re-measures the stages after OCR without re-reading pages.")
    var ocrCache: String?

    @Option(name: .long, help: "Under --engine auto, what PP-OCR reads: captures (photo, depth-photo, scan, rendered-pdf) and 'receipts', comma-separated.")
    var engineRule: String?

    @Option(name: .long, help: "The engine of a PP-OCR receipt's further readings: tesseract or ppocr.")
    var receiptAgain: String?

    func validate() throws {
        try arguments.check()
        guard degradeResolution >= 1 else { throw ValidationError("--degrade-resolution must be at least 1") }
    }

    func run() throws {
        var rule = EngineRule.measured
        if let engineRule { do { rule = try EngineRule(argument: engineRule) } catch { throw ValidationError(error.description) } }
        var again = RecognitionEngine.ppocr
        if let receiptAgain {
            guard let engine = RecognitionEngine(rawValue: receiptAgain) else { throw ValidationError("--receipt-again \(receiptAgain): expected tesseract or ppocr") }
            again = engine
        }
        let paths = settingPaths
        try arguments.execute { settings in
            settings.read.engineRule = rule
            settings.read.receiptAgain = again
            settings.aids = MeasuringAids(ocrCache: ocrCache,
                                          flattenOverride: Degradation(disableFlattening: disableFlattening, downscale: degradeResolution).override)
            for path in paths {
                do { try settings.set(path) } catch { throw ValidationError("--set \(error)") }
            }
        }
    }
}
