import Catalogue
import DecantTestSupport
import Documents
import Foundation
import Recognition
import Reporting
import Testing
@testable import Pipeline

/// A PDF page through the whole pipeline: from its text layer when it has a sound one (no OCR), by OCR
/// of the rendered page when it has none or `--pdf-text never` says so, and the same entries either way.
@Suite(.serialized) struct PDFPageTests {
    let folder = TemporaryFolder("decant-pdf-pages")

    static var tesseractAvailable: Bool {
        FileManager.default.fileExists(atPath: "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata")
    }

    /// A two-page list: page 1 set as text, page 2 drawn as outlines (no text layer at all).
    func makeList() -> String {
        let path = "\(folder.path)/list.pdf"
        let lines = ["RED WINE", "Barolo Bartolo Mascarello 2016    95", "Chianti Classico Felsina 2019    48",
                     "Rioja Reserva Muga 2017    52"]
        CairoPDF.write(to: path, pages: [
            { cairo in for (i, line) in lines.enumerated() { CairoPDF.show(cairo, line, x: 72, y: 120 + 28 * Double(i), size: 14) } },
            { cairo in for (i, line) in lines.enumerated() { CairoPDF.outline(cairo, line, x: 72, y: 120 + 28 * Double(i), size: 14) } },
        ])
        return path
    }

    func process(_ path: String, page: Int, pdfText: PDFTextMode) throws -> PageResult {
        var settings = RunSettings(kind: .winelist)
        settings.load.pdfText = pdfText
        let pipeline = PagePipeline(engine: try TesseractEngine(), matcher: Matcher(catalogue: try Catalogue.builtIn(), runYear: 2026),
                                    settings: settings)
        return pipeline.process(PageTask(job: "bistro", source: PageSource(path: path, page: page)))
    }

    @Test(.enabled(if: tesseractAvailable, "needs Tesseract's eng data"))
    func aTextPageIsReadFromItsTextLayerAndAnOutlinedOneByOCR() throws {
        let path = makeList()
        let text = try process(path, page: 1, pdfText: .auto)
        #expect(text.record.error == nil, "\(String(describing: text.record.error))")
        #expect(text.record.read == .textLayer)
        #expect(text.record.textLayer == .usable)
        #expect(text.record.page == 1)
        #expect(text.record.segmentation == nil, "no Tesseract segmentation on a text-layer page")
        #expect(text.entries.count == 3, "\(text.entries.map(\.rawText))")
        #expect(text.entries.allSatisfy { $0.page == 1 && $0.ocrConfidence == 100 })
        #expect(Set(text.entries.compactMap { $0.prices.first?.amount }) == [95, 48, 52])

        let outlined = try process(path, page: 2, pdfText: .auto)
        #expect(outlined.record.read == .ocr)
        #expect(outlined.record.textLayer == TextLayerVerdict.Kind.none)
        #expect(outlined.record.format == "pdf")
        #expect(outlined.entries.count == 3, "OCR of the rendered page reads the same list: \(outlined.entries.map(\.rawText))")

        // Forced OCR reads the text page as the outlined one.
        let forced = try process(path, page: 1, pdfText: .never)
        #expect(forced.record.read == .ocr)
        #expect(forced.record.textLayerDetail?.contains("--pdf-text never") == true)
        #expect(Set(forced.entries.compactMap { $0.prices.first?.amount }) == [95, 48, 52])
    }

    @Test func aDamagedPageFailsAloneNamingFileAndPage() throws {
        let path = makeList()
        // A page that is not in the file stands for one poppler cannot load.
        let loader = PageLoader(settings: LoadSettings(pdfText: .auto))
        #expect(throws: LoadFailure.self) { try loader.load(PageSource(path: path, page: 9)) }
        do { _ = try loader.load(PageSource(path: path, page: 9)) } catch {
            #expect(error.message.hasPrefix("list.pdf: page 9: "), "\(error.message)")
        }
        // The other pages still load.
        #expect(throws: Never.self) { _ = try loader.load(PageSource(path: path, page: 1)) }
    }
}
