import CTesseract
import Foundation
import Imaging

/// What Tesseract's orientation and script detection said about a page.
public struct OSDResult: Sendable, Equatable {
    /// Quarter turns clockwise that make the page upright (0…3).
    public var quarterTurnsClockwise: Int
    /// Tesseract's orientation confidence (about 0…100; above ~2 is usually right).
    public var confidence: Double
    public var script: String
}

/// A Tesseract instance loaded with `osd.traineddata` only, used for orientation. Separate from
/// the reading engine because OSD needs the legacy classifier, which the LSTM-only reading engine
/// does not load. One per worker, created once; not Sendable (a TessBaseAPI is single-threaded).
public final class TesseractOSD {
    private let handle: OpaquePointer

    /// Fails when osd.traineddata is missing (Debian: tesseract-ocr-osd).
    public init(dataPath: String? = nil) throws(RecognitionError) {
        let folder = OCRConfiguration(dataPath: dataPath).resolvedDataPath
        guard FileManager.default.fileExists(atPath: "\(folder)/osd.traineddata") else {
            throw RecognitionError(.missingLanguage,
                "osd.traineddata not in \(folder): orientation detection needs it. Install it with: sudo apt-get install tesseract-ocr-osd")
        }
        guard let handle = TessBaseAPICreate() else {
            throw RecognitionError(.initFailed, "Tesseract could not be created (out of memory?)")
        }
        guard TessBaseAPIInit3(handle, folder, "osd") == 0 else {
            TessBaseAPIDelete(handle)
            throw RecognitionError(.initFailed, "Tesseract could not load osd from \(folder)")
        }
        self.handle = handle
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// nil when Tesseract finds too little text to decide.
    public func detect(_ raster: Raster, ppi: Int? = nil) -> OSDResult? {
        raster.pixels.withUnsafeBufferPointer { buffer in
            TessBaseAPISetImage(handle, buffer.baseAddress, Int32(raster.width), Int32(raster.height),
                                Int32(raster.channels), Int32(raster.width * raster.channels))
        }
        defer { TessBaseAPIClear(handle) }
        TessBaseAPISetSourceResolution(handle, Int32(ppi ?? 300))
        var degrees: Int32 = 0, confidence: Float = 0, scriptConfidence: Float = 0
        var script: UnsafePointer<CChar>?
        guard TessBaseAPIDetectOrientationScript(handle, &degrees, &confidence, &script, &scriptConfidence) != 0 else {
            return nil
        }
        // Tesseract reports how far the page is turned clockwise; undoing it takes the opposite turn.
        let turns = ((4 - Int(degrees) / 90) % 4 + 4) % 4
        return OSDResult(quarterTurnsClockwise: turns, confidence: Double(confidence),
                         script: script.map { String(cString: $0) } ?? "")
    }
}
