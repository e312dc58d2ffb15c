import Foundation
import Documents
import Recognition

/// Which x-height Tesseract reads best at, measured on pages whose text layer is usable: the layer is the
/// exact text, so the share of its words that OCR finds at each resolution is the measure. Pages whose text
/// is covered by pictures of itself count too: their layer is the transcript of the pictures OCR reads.
enum ResolutionSweep {
    static func run(_ arguments: [String]) throws {
        guard arguments.count >= 2 else { throw ProbeError("sweep needs a PDF and page numbers") }
        let document = try PDFDocument(path: arguments[0])
        let pages = arguments.dropFirst().prefix { !$0.hasPrefix("--") }.compactMap(Int.init)
        let heights = (WineLists.option("heights", in: arguments) ?? "12,16,20,24,28,32,40")
            .split(separator: ",").compactMap { Double($0) }
        let engine = try TesseractEngine(configuration: OCRConfiguration(languages: "eng"))
        print("\(WineLists.name(arguments[0])) pages \(pages.map(String.init).joined(separator: ",")): layer words OCR (psm 11) finds, by target x-height")
        print("| x-height px | ppi per page | found | of | share | OCR s |")
        print("|---:|---|---:|---:|---:|---:|")
        for height in heights {
            var found = 0, total = 0, seconds = 0.0
            var ppis: [Int] = []
            for number in pages {
                let page = try document.page(number)
                let reading = try page.read(PDFReadOptions(targetXHeight: height))
                guard reading.verdict.isUsable || reading.verdict.kind == .coveredText else { continue }
                let image = try page.render(ppi: reading.ocrPPI)
                ppis.append(Int(image.ppi))
                let (recognized, ocr) = try WineLists.time {
                    try engine.recognize(image.raster, ppi: Int(image.ppi.rounded()), segmentation: .sparse)
                }
                let layer = reading.textLayer.words.map(\.text)
                found += LayerWords.found(layer, in: recognized.lines.flatMap(\.words).map(\.text))
                total += LayerWords.countable(layer)
                seconds += ocr
            }
            print("| \(Int(height)) | \(ppis.map(String.init).joined(separator: ",")) | \(found) | \(total) | "
                  + String(format: "%.1f %%", 100 * Double(found) / Double(max(total, 1))) + " | " + String(format: "%.1f", seconds) + " |")
        }
    }
}
