import CLeptonica
import Evaluation
import Flattening
import Foundation
import Imaging
@testable import Jobs
import Recognition
import Testing

/// Orientation through the worker's Tesseract engines, end to end: a page turned by 90, 180 or
/// 270° is rectified and must then read like the page itself.
@Suite struct OSDOrientationTests {
    static let osdInstalled = FileManager.default.fileExists(atPath: "\(OCRConfiguration().resolvedDataPath)/osd.traineddata")

    static let words = ["invoice", "total", "amount", "wine", "price", "bottle", "vintage", "reserve", "estate",
                        "merlot", "quantity", "description", "subtotal", "payment", "number", "date", "glass",
                        "cellar", "chateau", "domaine", "syrah", "riesling", "champagne", "delivery"]

    /// A page of text in leptonica's built-in bitmap font, with the words it holds.
    static func page() -> (raster: Raster, text: String) {
        Leptonica.configure()
        guard let created = pixCreate(1000, 1300, 8), let pix = Pix(taking: created) else { fatalError("no test page") }
        pixSetAllGray(pix.pointer, 255)
        var bmf: UnsafeMutablePointer<L_BMF>? = bmfCreate(nil, 8)
        defer { bmfDestroy(&bmf) }
        var lines: [String] = []
        for i in 0..<20 {
            let line = (0..<4).map { words[(i * 7 + $0 * 5) % words.count] }.joined(separator: " ")
            var w: Int32 = 0, overflow: Int32 = 0
            _ = pixSetTextline(pix.pointer, bmf, line, 0, 80, Int32(110 + i * 55), &w, &overflow)
            lines.append(line)
        }
        return (pix.raster(), lines.joined(separator: "\n"))
    }

    @Test(.enabled(if: OSDOrientationTests.osdInstalled, "needs osd.traineddata (apt-get install tesseract-ocr-osd)"),
          arguments: [0, 1, 2, 3])
    func aTurnedPageReadsUprightAfterRectification(quarterTurns: Int) throws {
        let engine = try TesseractEngine()
        let detector = OSDOrientation(osd: try TesseractOSD(), reader: engine)
        let (page, text) = Self.page()
        let flat = ImageRectifier().rectify(page.rotated(quarterTurnsClockwise: quarterTurns), orientation: detector)
        let read = try engine.recognize(flat.raster, ppi: flat.ppi)
        let f1 = WordBag.f1(truth: text, recognized: read.lines.map(\.text).joined(separator: "\n"))
        #expect(f1 > 0.8, "turned \(quarterTurns * 90)°: word-bag F1 \(f1); steps \(flat.report.steps)")
    }

    @Test(.enabled(if: OSDOrientationTests.osdInstalled, "needs osd.traineddata (apt-get install tesseract-ocr-osd)"))
    func osdReportsTheTurnOfALevelPage() throws {
        let osd = try TesseractOSD()
        let (page, _) = Self.page()
        let upsideDown = try #require(osd.detect(page.rotated(quarterTurnsClockwise: 2)))
        #expect(upsideDown.quarterTurnsClockwise == 2, "\(upsideDown)")
    }
}
