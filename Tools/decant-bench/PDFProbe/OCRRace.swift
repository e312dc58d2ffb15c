import Foundation
import Documents
import Recognition

/// The bar: reading a page's text layer against rendering it and reading it with Tesseract (sparse
/// text, psm 11, as Decant reads wine lists), page by page in one run, one engine made beforehand.
enum OCRRace {
    static func run(_ arguments: [String]) throws {
        guard let path = arguments.first else { throw ProbeError("race needs a PDF") }
        let document = try PDFDocument(path: path)
        let count = WineLists.option("pages", in: arguments).flatMap(Int.init).map { min($0, document.pageCount) } ?? document.pageCount
        let (engine, setup) = try WineLists.time { try TesseractEngine(configuration: OCRConfiguration(languages: "eng")) }
        print("\(WineLists.name(path)): \(count) pages; Tesseract \(TesseractEngine.version), engine made in \(WineLists.ms(setup)) ms (not counted)")
        print("Layer words: the page's words, punctuation-only ones (\"-\", \"~\") not counted in the share OCR found.")
        print("| page | verdict | layer words | text layer ms | OCR ppi | render ms | OCR ms | OCR / text | layer words OCR found | agreement |")
        print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        var text = 0.0, render = 0.0, ocr = 0.0, found = 0, words = 0
        for number in 1...count {
            let (reading, textSeconds) = try WineLists.time { try document.page(number).read() }
            let page = try document.page(number)
            let (image, renderSeconds) = try WineLists.time { try page.render(ppi: reading.ocrPPI) }
            let (recognized, ocrSeconds) = try WineLists.time {
                try engine.recognize(image.raster, ppi: Int(image.ppi.rounded()), segmentation: .sparse)
            }
            let layerWords = reading.textLayer.words.map(\.text)
            let ocrWords = recognized.lines.flatMap(\.words).map(\.text)
            let hits = LayerWords.found(layerWords, in: ocrWords)
            text += textSeconds; render += renderSeconds; ocr += ocrSeconds
            let countable = LayerWords.countable(layerWords)
            found += hits; words += countable
            print("| \(number) | \(reading.verdict.kind.rawValue) | \(layerWords.count) | \(WineLists.ms(textSeconds)) | \(Int(image.ppi)) | "
                  + "\(WineLists.ms(renderSeconds)) | \(WineLists.ms(ocrSeconds)) | "
                  + String(format: "%.0f×", (renderSeconds + ocrSeconds) / max(textSeconds, 1e-9)) + " | "
                  + String(format: "%.1f %%", 100 * Double(hits) / Double(max(countable, 1))) + " | "
                  + String(format: "%.2f", reading.textLayer.agreement(with: ocrWords)) + " |")
        }
        print("")
        print(String(format: "total: text layer %.2f s (%.0f ms/page); render %.2f s + OCR %.2f s = %.2f s (%.0f ms/page); OCR path / text layer = %.1f×",
                     text, 1000 * text / Double(count), render, ocr, render + ocr, 1000 * (render + ocr) / Double(count),
                     (render + ocr) / max(text, 1e-9)))
        print(String(format: "layer words found among the OCR words: %d of %d (%.1f %%)", found, words, 100 * Double(found) / Double(max(words, 1))))
    }
}

struct ProbeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Words compared as a bag: case, accents and edge punctuation aside, each word of one list matched once.
enum LayerWords {
    static func normalize(_ word: String) -> String {
        let folded = word.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return folded.trimmingCharacters(in: .punctuationCharacters.union(.symbols).union(.whitespaces))
    }

    /// How many of `wanted` are found in `pool`, each pool word used once.
    static func found(_ wanted: [String], in pool: [String]) -> Int {
        var counts: [String: Int] = [:]
        for word in pool.map(normalize) where !word.isEmpty { counts[word, default: 0] += 1 }
        var hits = 0
        for word in wanted.map(normalize) where !word.isEmpty {
            if let left = counts[word], left > 0 {
                counts[word] = left - 1
                hits += 1
            }
        }
        return hits
    }

    static func countable(_ words: [String]) -> Int { words.map(normalize).filter { !$0.isEmpty }.count }
}
