import Documents
import Entries
import Foundation
import Recognition
import RecognizedText

/// `decant-bench winelists --explain FILE`: the rows the wine-list parser rebuilt on each page of one
/// list and what it took each for, then its entries: a diagnostic for a list read wrongly. A PDF's
/// pages are read from their text layer; an image's from the recognized page an earlier run kept
/// in `--ocr-cache`.
enum BenchWineListsExplain {
    static func explain(file: String, ocrCache: String?, pages: [Int]?) throws -> String {
        var out: [String] = []
        for (label, read) in try readings(file: file, ocrCache: ocrCache, pages: pages) {
            // As the parse stage gives them to the parser.
            let lines = LineAssembler.assemble(read)
            let parser = WineListParser()
            out.append("## \(label)")
            out.append(parser.explain(lines: lines))
            out.append("### entries")
            for e in parser.parse(lines: lines) {
                let prices = e.prices.map { "\($0.formatted)\($0.currency ?? "") \($0.column.rawValue)" }.joined(separator: ", ")
                out.append("- \(e.rawText.replacingOccurrences(of: "\n", with: " ⏎ ")) → \"\(e.name)\" \(e.vintage?.description ?? "—") [\(prices)]"
                           + (e.description.map { " | note: \($0.prefix(40))…" } ?? ""))
            }
        }
        return out.joined(separator: "\n")
    }

    static func readings(file: String, ocrCache: String?, pages: [Int]?) throws -> [(String, [RecognizedLine])] {
        let name = (file as NSString).lastPathComponent
        if name.lowercased().hasSuffix(".pdf") {
            let document: PDFDocument
            do { document = try PDFDocument(path: file) } catch { throw ExplainError(message: "\(file): \(error)") }
            return try (pages ?? Array(1...document.pageCount)).map { number in
                // The layer and pixel grid the pipeline reads the page with.
                let reading: PDFPageReading
                do { reading = try document.page(number).read() } catch { throw ExplainError(message: "\(file) page \(number): \(error)") }
                let lines = reading.textLayer.lines.compactMap { line -> RecognizedLine? in
                    let words = line.words.compactMap { w -> RecognizedWord? in
                        let text = w.text.trimmingCharacters(in: .whitespaces)
                        return text.isEmpty ? nil : RecognizedWord(text: text, box: w.box.pixels(ppi: reading.ocrPPI), confidence: 100)
                    }
                    return words.isEmpty ? nil : RecognizedLine(words: words)
                }
                return ("\(name) p\(number)", lines)
            }
        }
        guard let ocrCache else { throw ExplainError(message: "an image is explained from --ocr-cache: give the folder an earlier run kept") }
        let stem = (name as NSString).deletingPathExtension
        let files = (try? FileManager.default.contentsOfDirectory(atPath: ocrCache)) ?? []
        return files.filter { $0.hasSuffix(".json") && $0.contains("__\(stem).") }.sorted().compactMap { cached in
            guard let data = FileManager.default.contents(atPath: "\(ocrCache)/\(cached)") else { return nil }
            // A page read upright by PP-OCR is kept with the turn it needed.
            struct Upright: Decodable { var page: RecognizedPage }
            guard let page = (try? JSONDecoder().decode(RecognizedPage.self, from: data))
                    ?? (try? JSONDecoder().decode(Upright.self, from: data))?.page else { return nil }
            return (cached, page.lines)
        }
    }

    struct ExplainError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
