import Read
import Recognition
import Testing
@testable import Pipeline

/// Which engines a run loads and names, whatever this machine has installed.
struct RunEngineTests {
    @Test func autoUnderTheMeasuredRuleNeverLoadsPPOCR() throws {
        let settings = RunSettings()
        #expect(settings.read.engine == .auto)
        #expect(settings.installedPPOCR == nil)
        #expect(try settings.makePPOCR() == nil)
        #expect(settings.engineFingerprint == "tesseract")
        #expect(settings.engineSummary.hasPrefix("engine auto: Tesseract for every page"))
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
