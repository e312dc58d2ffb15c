import Foundation
import Read
import Recognition

extension RunSettings {
    /// Whether this machine has PP-OCR (scripts/setup/ppocr.sh), and the files it would load.
    /// Nil too when no page of this run can reach PP-OCR (`auto` under a rule that gives it none).
    public var installedPPOCR: PPOCRModels? { readsWithPPOCR ? PPOCRModels.installed() : nil }

    /// Whether any page of this run can be read by PP-OCR.
    var readsWithPPOCR: Bool { read.engine == .ppocr || read.engine.rule(auto: read.engineRule)?.usesPPOCR == true }

    /// A worker's PP-OCR engine: nil with `--engine tesseract`, or with `auto` when PP-OCR is not
    /// installed. With `--engine ppocr` a missing install is an error naming the set-up command; so
    /// is an install that does not load (a damaged library or model), whatever the option: a run
    /// that silently read photos worse than the machine was set up for would mislead its operator.
    public func makePPOCR() throws(RecognitionError) -> PPOCREngine? {
        switch read.engine {
        case .tesseract:
            return nil
        case .auto:
            guard readsWithPPOCR, let models = PPOCRModels.installed() else { return nil }
            return try PPOCREngine(models: models, options: read.ppocr)
        case .ppocr, .photos:
            let models = PPOCRModels(folder: PPOCRModels.defaultFolder())
            guard models.missingFiles.isEmpty else {
                throw RecognitionError(.modelsMissing, "--engine \(read.engine.rawValue): PP-OCR is not installed (\(models.missingFiles.joined(separator: ", ")) "
                                       + "missing); run \(PPOCRModels.setupCommand), or set DECANT_PPOCR_MODELS to the folder holding it")
            }
            return try PPOCREngine(models: models, options: read.ppocr)
        }
    }

    /// What, besides the arguments, decides which engines read the pages: for the result cache's
    /// fingerprint, so a page read before PP-OCR was installed is read again once it is.
    public var engineFingerprint: String {
        guard let models = installedPPOCR else { return "tesseract" }
        return "ppocr " + [models.runtime, models.detector, models.recognizer].map { path in
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            return "\((path as NSString).lastPathComponent):\(size)"
        }.joined(separator: " ")
    }

    /// One line for the operator: which engines this run reads with (printed once per run).
    public var engineSummary: String {
        switch read.engine {
        case .tesseract: return "engine: Tesseract for every page (--engine tesseract)"
        case .ppocr: return "engine: PP-OCR for every page (--engine ppocr)"
        case .photos: return "engine photos: \(EngineRule.photos.summary)"
        case .auto:
            guard read.engineRule.usesPPOCR else {
                return "engine auto: \(read.engineRule.summary)"
            }
            guard installedPPOCR != nil else {
                return "engine: Tesseract for every page; PP-OCR is not installed (run \(PPOCRModels.setupCommand): it reads photos, receipts and rendered PDF pages better)"
            }
            return "engine auto: \(read.engineRule.summary)"
        }
    }
}
