import Documents
import Flattening
import Recognition
import StepTrace
import Testing
@testable import Read

/// Which engine reads a page, and why.
struct EngineChoiceTests {
    @Test func theOptionWinsWhenItNamesAnEngine() {
        #expect(EngineChoice.choose(.tesseract, capture: .photo, kind: .receipt, ppocrInstalled: true).engine == .tesseract)
        #expect(EngineChoice.choose(.ppocr, capture: .renderedPDF, kind: .winelist, ppocrInstalled: true).engine == .ppocr)
    }

    @Test func autoWithoutPPOCRReadsWithTesseractAndSaysWhy() {
        let choice = EngineChoice.choose(.auto, capture: .photo, kind: .winelist, ppocrInstalled: false)
        #expect(choice.engine == .tesseract)
        #expect(choice.reason.contains("not installed"))
    }

    @Test func autoFollowsTheRuleByCaptureAndKind() {
        let rule = EngineRule(ppocrCaptures: [.photo], ppocrReceipts: true)
        func engine(_ capture: PageCapture, _ kind: DocumentKind) -> RecognitionEngine {
            EngineChoice.choose(.auto, capture: capture, kind: kind, ppocrInstalled: true, rule: rule).engine
        }
        #expect(engine(.photo, .winelist) == .ppocr)
        #expect(engine(.scan, .winelist) == .tesseract)
        #expect(engine(.scan, .receipt) == .ppocr)
        #expect(engine(.renderedPDF, .winelist) == .tesseract)
        let reason = EngineChoice.choose(.auto, capture: .scan, kind: .receipt, ppocrInstalled: true, rule: rule).reason
        #expect(reason == "auto: a receipt, read by ppocr")
    }

    @Test func photosGivesPhotographedPagesAndReceiptsToPPOCRWhateverTheRunsRule() {
        func choice(_ capture: PageCapture, _ kind: DocumentKind, installed: Bool = true) -> EngineChoice {
            EngineChoice.choose(.photos, capture: capture, kind: kind, ppocrInstalled: installed, rule: .measured)
        }
        #expect(choice(.photo, .winelist).engine == .ppocr)
        #expect(choice(.depthPhoto, .winelist).engine == .ppocr)
        #expect(choice(.scan, .receipt).engine == .ppocr)
        #expect(choice(.scan, .winelist).engine == .tesseract)
        #expect(choice(.renderedPDF, .winelist).engine == .tesseract)
        #expect(choice(.photo, .winelist).reason == "photos: a photo page, read by ppocr")
        #expect(choice(.photo, .winelist, installed: false).engine == .tesseract)
        // The default rule gives each kind of page the reader measured to win on it: Tesseract keeps
        // flat scans of lists; without PP-OCR, Tesseract reads everything.
        func auto(_ capture: PageCapture, _ kind: DocumentKind, installed: Bool = true) -> RecognitionEngine {
            EngineChoice.choose(.auto, capture: capture, kind: kind, ppocrInstalled: installed).engine
        }
        #expect(auto(.photo, .winelist) == .ppocr && auto(.depthPhoto, .winelist) == .ppocr)
        #expect(auto(.renderedPDF, .winelist) == .ppocr && auto(.scan, .receipt) == .ppocr)
        #expect(auto(.scan, .winelist) == .tesseract)
        #expect(PageCapture.allCases.allSatisfy { auto($0, .receipt, installed: false) == .tesseract })
        #expect(EngineOption.photos.requiresPPOCR && EngineOption.ppocr.requiresPPOCR)
        #expect(!EngineOption.auto.requiresPPOCR && !EngineOption.tesseract.requiresPPOCR)
    }

    @Test func theCaptureComesFromTheFlatteningAndTheSource() {
        func flat(_ method: FlattenMethod, scan: Bool) -> FlattenedPage {
            var steps = StepLog()
            steps[.flatScan] = scan ? "yes: one page" : "no: a photo"
            return FlattenedPage(raster: .init(width: 10, height: 10), ppi: nil, report: FlattenReport(method: method, steps: steps))
        }
        #expect(PageCapture(flat(.surface, scan: false), renderedPDF: false) == .depthPhoto)
        #expect(PageCapture(flat(.plane, scan: false), renderedPDF: false) == .depthPhoto)
        #expect(PageCapture(flat(.imageOnly, scan: false), renderedPDF: false) == .photo)
        #expect(PageCapture(flat(.fallback, scan: false), renderedPDF: false) == .photo)
        #expect(PageCapture(flat(.imageOnly, scan: true), renderedPDF: false) == .scan)
        #expect(PageCapture(flat(.imageOnly, scan: true), renderedPDF: true) == .renderedPDF)
    }

    @Test func theRuleSaysInWordsWhatEachEngineReads() {
        #expect(EngineRule.photos.summary
                == "PP-OCR for depth-photo, photo pages and receipts, Tesseract for scan, rendered-pdf pages other than receipts")
        #expect(EngineRule.measured.summary
                == "PP-OCR for depth-photo, photo, rendered-pdf pages and receipts, Tesseract for scan pages other than receipts")
        #expect(EngineRule.measured.usesPPOCR && EngineRule.photos.usesPPOCR)
        #expect(EngineRule(ppocrCaptures: [], ppocrReceipts: false, ppocrBelowConfidence: 80).summary
                == "Tesseract for depth-photo, photo, scan, rendered-pdf pages, PP-OCR again where Tesseract's mean word confidence is under 80")
        #expect(EngineRule(ppocrCaptures: [], ppocrReceipts: false).summary
                == "Tesseract for depth-photo, photo, scan, rendered-pdf pages")
        #expect(EngineRule(ppocrCaptures: Set(PageCapture.allCases), ppocrReceipts: false).summary
                == "PP-OCR for depth-photo, photo, scan, rendered-pdf pages")
    }

    @Test func aTesseractPageIsReadAgainByPPOCROnlyWhenItsReadingSaysSo() {
        // Words of a receipt on a page taken for a list, with receipts given to PP-OCR.
        #expect(SecondEngine.reason(kind: .receipt, prior: .winelist, receiptsToPPOCR: true, confidentWords: 40) == .receipt)
        // The rule keeps receipts with Tesseract, or the page was already taken for a receipt.
        #expect(SecondEngine.reason(kind: .receipt, prior: .winelist, receiptsToPPOCR: false, confidentWords: 40) == nil)
        #expect(SecondEngine.reason(kind: .receipt, prior: .receipt, receiptsToPPOCR: true, confidentWords: 40) == nil)
        // A list read well stays; one Tesseract read next to nothing of is tried with PP-OCR.
        #expect(SecondEngine.reason(kind: .winelist, prior: .winelist, receiptsToPPOCR: true, confidentWords: UprightEvidence.minimumConfident) == nil)
        #expect(SecondEngine.reason(kind: .winelist, prior: .winelist, receiptsToPPOCR: true, confidentWords: 0) == .unread)
        #expect(SecondEngine.reason(kind: .winelist, prior: .winelist, receiptsToPPOCR: false, confidentWords: 3) == .unread)
        #expect(SecondEngine.reason(kind: .winelist, prior: .winelist, receiptsToPPOCR: false, confidentWords: 3, unreadToPPOCR: false) == nil)
        // An unsure reading goes to PP-OCR only under a confidence floor, and only below it.
        let many = UprightEvidence.minimumConfident + 10
        #expect(SecondEngine.reason(kind: .winelist, prior: .winelist, receiptsToPPOCR: false, confidentWords: many,
                                    meanConfidence: 70) == nil)
        #expect(SecondEngine.reason(kind: .winelist, prior: .winelist, receiptsToPPOCR: false, confidentWords: many,
                                    meanConfidence: 70, below: 80) == .weak)
        #expect(SecondEngine.reason(kind: .winelist, prior: .winelist, receiptsToPPOCR: false, confidentWords: many,
                                    meanConfidence: 85, below: 80) == nil)
    }
}

