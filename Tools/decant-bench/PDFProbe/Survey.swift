import Foundation
import Documents

/// Every page of every PDF: verdict, words, time to read the text layer (with the ink check) and to render
/// the page at the resolution OCR would use.
enum Survey {
    static func run(folders: [String]) throws {
        print("| file | page | verdict | words | text ms | check ms | OCR ppi | render ms | detail |")
        print("|---|---:|---|---:|---:|---:|---:|---:|---|")
        var totals: [String: Int] = [:]
        var textTime = 0.0, checkTime = 0.0, renderTime = 0.0, pages = 0
        for folder in folders {
            for path in WineLists.pdfs(in: folder) {
                let document: PDFDocument
                do { document = try PDFDocument(path: path) } catch {
                    print("| \(WineLists.name(path)) | – | error | | | | | | \(error.message) |")
                    continue
                }
                for number in 1...document.pageCount {
                    do {
                        let page = try document.page(number)
                        let reading = try page.read()
                        let (_, render) = try WineLists.time { try page.render(ppi: reading.ocrPPI) }
                        totals[reading.verdict.kind.rawValue, default: 0] += 1
                        textTime += reading.textSeconds
                        checkTime += reading.checkSeconds
                        renderTime += render
                        pages += 1
                        let detail = reading.verdict.detail + (reading.problems.isEmpty ? "" : "; poppler: \(reading.problems[0])")
                        print("| \(WineLists.name(path)) | \(number) | \(reading.verdict.kind.rawValue) | \(reading.textLayer.words.count) | "
                              + "\(WineLists.ms(reading.textSeconds)) | \(WineLists.ms(reading.checkSeconds)) | \(Int(reading.ocrPPI)) | "
                              + "\(WineLists.ms(render)) | \(detail) |")
                    } catch {
                        totals["error", default: 0] += 1
                        print("| \(WineLists.name(path)) | \(number) | error | | | | | | \(error) |")
                    }
                }
            }
        }
        print("")
        print("pages: \(pages); verdicts: " + totals.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        if pages > 0 {
            print(String(format: "mean per page: text layer %.1f ms, ink check %.1f ms, render at the OCR resolution %.1f ms",
                         1000 * textTime / Double(pages), 1000 * checkTime / Double(pages), 1000 * renderTime / Double(pages)))
        }
    }
}
