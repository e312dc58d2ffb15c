import DecantTestSupport
import Foundation
import Testing
@testable import Documents

/// Opening files: what a batch meets besides good PDFs, each with an error naming the file.
@Suite struct PDFDocumentTests {
    let folder = TemporaryFolder("pdf-document")

    func onePageList() -> String {
        let path = folder.file("list.pdf")
        CairoPDF.write(to: path, pages: [{ CairoPDF.show($0, "Barolo 2016 95", x: 72, y: 100) }])
        return path
    }

    func openingError(_ path: String, password: String? = nil, limits: PDFLimits = .default) -> PDFError? {
        do {
            _ = try PDFDocument(path: path, password: password, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func opensAMadeUpListAndCountsItsPages() throws {
        let path = folder.file("three.pdf")
        CairoPDF.write(to: path, pages: [{ CairoPDF.show($0, "One", x: 72, y: 100) },
                                         { CairoPDF.show($0, "Two", x: 72, y: 100) },
                                         { CairoPDF.show($0, "Three", x: 72, y: 100) }])
        let document = try PDFDocument(path: path)
        #expect(document.pageCount == 3)
        #expect(document.repairs.isEmpty)
        let page = try document.page(2)
        #expect(page.number == 2)
        #expect(abs(page.size.width - 595) < 0.01 && abs(page.size.height - 842) < 0.01)
        #expect(page.textLayer().text == "Two")
    }

    @Test func missingFileIsUnreadable() {
        let error = openingError(folder.file("absent.pdf"))
        #expect(error?.kind == .unreadable)
        #expect(error?.description.contains("absent.pdf") == true)
        #expect(error?.message.contains("No such file") == true)
    }

    @Test func folderIsUnreadable() {
        #expect(openingError(folder.path)?.kind == .unreadable)
    }

    @Test func emptyFileSaysSo() {
        let path = folder.file("empty.pdf")
        write([], to: path)
        let error = openingError(path)
        #expect(error?.kind == .empty)
        #expect(error?.description == "\(path): is empty (0 bytes)")
    }

    @Test func imageNamedPDFIsNotAPDF() {
        let path = folder.file("menu.pdf")
        write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 200), to: path)
        let error = openingError(path)
        #expect(error?.kind == .notPDF)
        #expect(error?.message == "is not a PDF (it looks like a PNG image)")
    }

    @Test func webPageNamedPDFIsNotAPDF() {
        let path = folder.file("download.pdf")
        write(Array("<!DOCTYPE html><html><body>Not found</body></html>".utf8), to: path)
        #expect(openingError(path)?.message == "is not a PDF (it looks like a web page (HTML))")
    }

    @Test func unknownBytesAreNotAPDF() {
        let path = folder.file("noise.pdf")
        write((0..<500).map { UInt8(truncatingIfNeeded: $0 * 7919) }, to: path)
        let error = openingError(path)
        #expect(error?.kind == .notPDF)
        #expect(error?.message == "is not a PDF")
    }

    @Test func headerAfterLeadingJunkIsAccepted() throws {
        let path = folder.file("junk-first.pdf")
        write(Array("\r\n\r\n".utf8) + HandWrittenPDF.document(pages: ["BT /F1 12 Tf 72 700 Td (Chianti) Tj ET"]), to: path)
        let document = try PDFDocument(path: path)
        #expect(try document.page(1).textLayer().text == "Chianti")
    }

    @Test func encryptedFileNeedsItsPassword() {
        let error = openingError(Fixtures.path("encrypted.pdf"))
        #expect(error?.kind == .passwordNeeded)
        #expect(error?.message == "is encrypted: a password is needed to open it")
    }

    @Test func wrongPasswordIsToldApart() {
        let error = openingError(Fixtures.path("encrypted.pdf"), password: "merlot")
        #expect(error?.kind == .wrongPassword)
        #expect(error?.description.hasSuffix("encrypted.pdf: is encrypted and the password given does not open it") == true)
    }

    @Test func rightPasswordReadsTheList() throws {
        let document = try PDFDocument(path: Fixtures.path("encrypted.pdf"), password: "decant")
        #expect(try document.page(1).textLayer().text == "Encrypted wine list\nBarolo Riserva 2016 95")
    }

    /// Most "protected" menus carry only an owner password (no printing, no copying): they open for reading.
    @Test func ownerPasswordAloneDoesNotStopReading() throws {
        let document = try PDFDocument(path: Fixtures.path("restricted.pdf"))
        #expect(try document.page(1).textLayer().words.map(\.text) == ["Encrypted", "wine", "list", "Barolo", "Riserva", "2016", "95"])
    }

    @Test func tooManyPagesStopsAtTheLimit() {
        let path = folder.file("long.pdf")
        write(HandWrittenPDF.document(pages: Array(repeating: "BT /F1 12 Tf 72 700 Td (Page) Tj ET", count: 12)), to: path)
        let error = openingError(path, limits: PDFLimits(maxPages: 10))
        #expect(error?.kind == .tooManyPages)
        #expect(error?.message == "has 12 pages; the limit is 10 (raise it with --max-pages to read it)")
    }

    @Test func documentWithoutPagesSaysSo() {
        var pdf = HandWrittenPDF()
        pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add("<< /Type /Pages /Kids [] /Count 0 >>")
        let path = folder.file("no-pages.pdf")
        write(pdf.bytes(), to: path)
        let error = openingError(path)
        #expect(error?.kind == .empty || error?.kind == .damaged)
        #expect(error?.description.hasPrefix(path) == true)
    }

    @Test func fileLargerThanTheLimitIsRefusedUnread() {
        let path = onePageList()
        let error = openingError(path, limits: PDFLimits(maxFileBytes: 100))
        #expect(error?.kind == .fileTooLarge)
    }

    @Test func pageNumbersOutsideTheDocumentAreRefused() throws {
        let document = try PDFDocument(path: onePageList())
        for number in [0, 2, -1] {
            #expect(throws: PDFError(.noSuchPage, file: document.path, page: number, "there is no such page (the file has 1)")) {
                try document.page(number)
            }
        }
    }

    /// A PDF bomb's page: 100,000 points on a side is over a kilometre.
    @Test func hugePageIsRefused() throws {
        let path = folder.file("huge.pdf")
        write(HandWrittenPDF.document(pages: ["BT /F1 12 Tf 72 700 Td (Big) Tj ET"], mediaBox: "[0 0 100000 100000]"), to: path)
        let document = try PDFDocument(path: path)
        let error = #expect(throws: PDFError.self) { try document.page(1) }
        #expect(error?.kind == .pageTooLarge)
        #expect(error?.description == "\(path): page 1: is 1389 × 1389 in; the limit is 200 in on a side")
    }

    @Test func pageWithoutAreaIsRefused() throws {
        let path = folder.file("flat.pdf")
        write(HandWrittenPDF.document(pages: ["BT /F1 12 Tf 72 700 Td (Flat) Tj ET"], mediaBox: "[0 0 612 0]"), to: path)
        let document = try PDFDocument(path: path)
        #expect(throws: PDFError.self) { try document.page(1) }
    }

    /// Cut anywhere, a file gives a clear error or opens with what can be read; it never crashes. Cut
    /// before its first page's content, it is damaged; cut after, poppler rebuilds the cross-reference
    /// table and the first page still reads.
    @Test(arguments: [0.1, 0.3, 0.5, 0.7, 0.9, 0.99])
    func truncatedFileIsAnErrorOrAPartialRead(keep: Double) throws {
        let whole = folder.file("whole.pdf")
        CairoPDF.write(to: whole, pages: [{ CairoPDF.show($0, "Barolo 2016 95", x: 72, y: 100) },
                                          { CairoPDF.show($0, "Chianti 2019 40", x: 72, y: 100) }])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: whole)))
        let cut = folder.file("cut.pdf")
        write(Array(bytes.prefix(Int(Double(bytes.count) * keep))), to: cut)
        do {
            let document = try PDFDocument(path: cut)
            for number in 1...document.pageCount {
                do {
                    let reading = try document.page(number).read()
                    #expect(reading.page == number)
                } catch {
                    #expect(error.kind == .pageDamaged || error.kind == .pageTooLarge)
                    #expect(error.page == number)
                }
            }
        } catch {
            #expect(error.kind == .damaged)
            #expect(error.description.hasPrefix("\(cut): is damaged or cut short"))
        }
    }

    @Test func fileCutBeforeAnyObjectIsDamaged() {
        let path = folder.file("stub.pdf")
        write(Array("%PDF-1.7\n1 0 obj\n<< /Type".utf8), to: path)
        let error = openingError(path)
        #expect(error?.kind == .damaged)
        #expect(error?.message.hasPrefix("is damaged or cut short and cannot be repaired") == true)
    }

    /// A page whose entry in the page tree is not a page fails alone; the pages around it read.
    @Test func damagedPageFailsAloneWhileTheOthersRead() throws {
        var pdf = HandWrittenPDF()
        pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add("<< /Type /Pages /Kids [4 0 R 6 0 R 8 0 R] /Count 3 >>")
        pdf.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        pdf.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>")
        pdf.add(HandWrittenPDF.stream("BT /F1 12 Tf 72 700 Td (Rioja) Tj ET"))
        pdf.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 7 0 R >>")
        // A Flate stream whose bytes are not deflate data: the content cannot be decoded at all.
        pdf.add("<< /Length 12 /Filter /FlateDecode >>\nstream\nnot deflated\nendstream")
        pdf.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 9 0 R >>")
        pdf.add(HandWrittenPDF.stream("BT /F1 12 Tf 72 700 Td (Priorat) Tj ET"))
        let path = folder.file("damaged-page.pdf")
        write(pdf.bytes(), to: path)
        let document = try PDFDocument(path: path)
        #expect(try document.page(1).read().textLayer.text == "Rioja")
        let error = #expect(throws: PDFError.self) { try document.page(2).read() }
        #expect(error?.kind == .pageDamaged)
        #expect(error?.page == 2)
        #expect(error?.description.hasPrefix("\(path): page 2: is damaged and shows nothing (poppler: ") == true)
        #expect(try document.page(3).read().textLayer.text == "Priorat")
    }

    /// A damaged picture on a page of good text: the text reads, and what poppler said while drawing comes
    /// with the reading and the render.
    @Test func damagedPictureIsReportedWhileTheTextReads() throws {
        var pdf = HandWrittenPDF()
        pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> /Contents 4 0 R >>")
        pdf.add(HandWrittenPDF.stream("q 200 0 0 100 72 500 cm /Im1 Do Q BT /F1 12 Tf 72 700 Td (Amarone 2015 120) Tj ET"))
        pdf.add(HandWrittenPDF.helvetica)
        pdf.add("<< /Type /XObject /Subtype /Image /Width 64 /Height 32 /ColorSpace /DeviceGray /BitsPerComponent 8 "
                + "/Filter /FlateDecode /Length 24 >>\nstream\nthis is not deflate data\nendstream")
        let path = folder.file("damaged-picture.pdf")
        write(pdf.bytes(), to: path)
        let page = try PDFDocument(path: path).page(1)
        let reading = try page.read()
        #expect(reading.verdict.kind == .usable)
        #expect(reading.textLayer.text == "Amarone 2015 120")
        #expect(!reading.problems.isEmpty)
        #expect(!(try page.render(ppi: 100)).problems.isEmpty)
    }

    /// One document per thread: pages read on several threads at once give what one thread gives.
    @Test func documentsOnSeveralThreadsReadAlike() async throws {
        let path = onePageList()
        let alone = try PDFDocument(path: path).page(1).read().textLayer
        let layers = await withTaskGroup(of: PDFTextLayer?.self) { group in
            for _ in 0..<4 {
                group.addTask { try? PDFDocument(path: path).page(1).read().textLayer }
            }
            var all: [PDFTextLayer?] = []
            for await layer in group { all.append(layer) }
            return all
        }
        #expect(layers.count == 4)
        #expect(layers.allSatisfy { $0 == alone })
    }
}
