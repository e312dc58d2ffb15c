import CTesseract
import Foundation
import Imaging
import RecognizedText

/// One Tesseract instance, owned by one worker and reused for every image it takes: loading the
/// language models costs far more than reading a page, so it happens once per worker.
/// Not Sendable: a TessBaseAPI must only ever be used from one thread at a time.
public final class TesseractEngine {
    private let handle: OpaquePointer
    public let configuration: OCRConfiguration

    public init(configuration: OCRConfiguration = OCRConfiguration()) throws(RecognitionError) {
        try configuration.validate()
        guard let handle = TessBaseAPICreate() else {
            throw RecognitionError(.initFailed, "Tesseract could not be created (out of memory?)")
        }
        let status = TessBaseAPIInit2(handle, configuration.resolvedDataPath, configuration.languages, OEM_LSTM_ONLY)
        if status != 0 {
            TessBaseAPIDelete(handle)
            throw RecognitionError(.initFailed,
                "Tesseract could not load \(configuration.languages) from \(configuration.resolvedDataPath)")
        }
        // Tesseract ignores a name it does not know; a misspelt one would silently read with the defaults.
        for (name, value) in configuration.variables.sorted(by: { $0.key < $1.key })
        where TessBaseAPISetVariable(handle, name, value) == 0 {
            TessBaseAPIEnd(handle)
            TessBaseAPIDelete(handle)
            throw RecognitionError(.initFailed, "Tesseract has no variable \(name) (asked to set it to \(value))")
        }
        self.handle = handle
        self.configuration = configuration
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    public static var version: String { String(cString: TessVersion()) }

    /// Reads a page. `ppi` tells Tesseract the physical scale, which it uses to size its filters.
    public func recognize(_ raster: Raster, ppi: Int? = nil, segmentation: PageSegmentation = .auto) throws(RecognitionError) -> RecognizedPage {
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(segmentation.rawValue)))
        raster.pixels.withUnsafeBufferPointer { buffer in
            TessBaseAPISetImage(handle, buffer.baseAddress, Int32(raster.width), Int32(raster.height),
                                Int32(raster.channels), Int32(raster.width * raster.channels))
        }
        defer { TessBaseAPIClear(handle) }
        if let ppi, ppi > 0 { TessBaseAPISetSourceResolution(handle, Int32(ppi)) }
        guard TessBaseAPIRecognize(handle, nil) == 0 else {
            throw RecognitionError(.recognitionFailed, "Tesseract failed to recognize the page")
        }
        guard let iterator = ResultIterator(api: handle) else {
            return RecognizedPage(width: raster.width, height: raster.height, lines: [])
        }
        return RecognizedPage(width: raster.width, height: raster.height, lines: iterator.lines())
    }
}

/// Sole owner of a TessResultIterator, deleted with this object.
final class ResultIterator {
    private let iterator: OpaquePointer

    init?(api: OpaquePointer) {
        guard let iterator = TessBaseAPIGetIterator(api) else { return nil }
        self.iterator = iterator
    }

    deinit { TessResultIteratorDelete(iterator) }

    /// Walks words, starting a new line wherever Tesseract starts a text line.
    func lines() -> [RecognizedLine] {
        var lines: [RecognizedLine] = []
        var words: [RecognizedWord] = []
        var block = -1, paragraph = -1, lineBlock = 0, lineParagraph = 0
        let page = TessResultIteratorGetPageIteratorConst(iterator)
        func flush() {
            if !words.isEmpty { lines.append(RecognizedLine(words: words, block: lineBlock, paragraph: lineParagraph)) }
            words.removeAll()
        }
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_BLOCK) != 0 { block += 1 }
            if TessPageIteratorIsAtBeginningOf(page, RIL_PARA) != 0 { paragraph += 1 }
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                flush()
                lineBlock = max(block, 0)
                lineParagraph = max(paragraph, 0)
            }
            guard let cText = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            let text = String(cString: cText)
            TessDeleteText(cText)
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { continue }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            _ = TessPageIteratorBoundingBox(page, RIL_WORD, &left, &top, &right, &bottom)
            let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD))
            words.append(RecognizedWord(text: trimmed,
                                        box: PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top)),
                                        confidence: confidence))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        flush()
        return lines
    }
}
