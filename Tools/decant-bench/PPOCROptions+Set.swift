import Flattening
import Read
import Recognition

/// Tuning runs set PP-OCR's options by name (`decant-bench run --ppocr-option name=value`); the
/// shipped `decant` has no such setter, so a user's run always uses the measured defaults.
extension PPOCROptions {
    mutating func set(_ name: String, _ value: String) throws(RectifierOptionError) {
        func number() throws(RectifierOptionError) -> Double {
            guard let v = Double(value) else { throw RectifierOptionError("ppocr \(name)=\(value): expected a number") }
            return v
        }
        switch name {
        case "detectionMaxSide": detectionMaxSide = Int(try number())
        case "detectionMaxPixels": detectionMaxPixels = Int(try number())
        case "detectionTileSide": detectionTileSide = Int(try number())
        case "detectionLineHeight": detectionLineHeight = try number() > 0 ? try number() : nil
        case "detectionMaxScale": detectionMaxScale = try number()
        case "detectionMaxScaledPixels": detectionMaxScaledPixels = Int(try number())
        case "boxThreshold": boxThreshold = try number()
        case "unclipRatio": unclipRatio = try number()
        case "dropScore": dropScore = try number()
        case "minLineWidth": minLineWidth = Int(try number())
        case "wordGapRatio": wordGapRatio = try number()
        case "adaptiveWordGaps": adaptiveWordGaps = try number() != 0
        case "splitWordsAtGlyphGaps": splitWordsAtGlyphGaps = try number() != 0
        case "pageMargin": pageMargin = try number()
        case "orientationProbeLines": orientationProbeLines = Int(try number())
        case "alphabet":
            guard let chosen = Alphabet(rawValue: value) else { throw RectifierOptionError("ppocr alphabet=\(value): expected full or latin") }
            alphabet = chosen
        default: throw RectifierOptionError("unknown PP-OCR option '\(name)'")
        }
    }
}

extension EngineRule {
    /// `photo,depth-photo,scan[,receipts][,unread][,below=80]`: the captures PP-OCR reads under
    /// `--engine auto`, whether it reads every receipt and the pages Tesseract read next to nothing of,
    /// and the mean Tesseract confidence under which a page is read again by PP-OCR.
    init(argument: String) throws(RectifierOptionError) {
        var captures: Set<PageCapture> = [], receipts = false, unread = false, below: Double?
        for part in argument.split(separator: ",").map(String.init) where !part.isEmpty {
            if part == "receipts" { receipts = true; continue }
            if part == "unread" { unread = true; continue }
            if part.hasPrefix("below=") {
                guard let value = Double(part.dropFirst(6)) else { throw RectifierOptionError("--engine-rule \(part): expected a number") }
                below = value
                continue
            }
            guard let capture = PageCapture(rawValue: part) else {
                throw RectifierOptionError("--engine-rule \(part): expected \(PageCapture.allCases.map(\.rawValue).joined(separator: ", ")) receipts, unread or below=N")
            }
            captures.insert(capture)
        }
        self.init(ppocrCaptures: captures, ppocrReceipts: receipts, ppocrWhenUnread: unread, ppocrBelowConfidence: below)
    }
}
