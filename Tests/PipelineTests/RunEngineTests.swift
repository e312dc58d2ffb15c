import Read
import Recognition
import Testing
@testable import Pipeline

/// Which engines a run loads and names, whatever this machine has installed.
struct RunEngineTests {
    /// The default reads photos, rendered pages and receipts with PP-OCR where it is installed, and
    /// says so; without it, every page with Tesseract, naming the set-up that would add PP-OCR.
    @Test func autoFollowsTheMeasuredRuleWherePPOCRIsInstalled() throws {
        let settings = RunSettings()
        #expect(settings.read.engine == .auto)
        #expect(settings.read.engineRule == .measured)
        if settings.installedPPOCR != nil {
            #expect(settings.readsWithPPOCR)
            #expect(settings.engineFingerprint.hasPrefix("ppocr "))
            #expect(settings.engineSummary == "engine auto: \(EngineRule.measured.summary)")
        } else {
            #expect(try settings.makePPOCR() == nil)
            #expect(settings.engineFingerprint == "tesseract")
            #expect(settings.engineSummary.hasPrefix("engine: Tesseract for every page; PP-OCR is not installed (run "))
        }
    }

    @Test func tesseractNeverLoadsPPOCRAndPhotosNamesItsRule() {
        var settings = RunSettings()
        settings.read.engine = .tesseract
        #expect(settings.installedPPOCR == nil)
        #expect(settings.engineSummary == "engine: Tesseract for every page (--engine tesseract)")
        settings.read.engine = .photos
        #expect(settings.engineSummary == "engine photos: \(EngineRule.photos.summary)")
    }

    @Test func aMeasuringRunsRuleLoadsPPOCRUnderAuto() {
        var settings = RunSettings()
        settings.read.engineRule = EngineRule(ppocrCaptures: [.photo], ppocrReceipts: false)
        #expect(settings.readsWithPPOCR)
        settings.read.engine = .tesseract
        #expect(!settings.readsWithPPOCR)
    }
}
