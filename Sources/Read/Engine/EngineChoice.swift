import Documents
import Recognition

/// The engine that reads a page, and why: pages.json records both.
public struct EngineChoice: Sendable, Equatable {
    public var engine: RecognitionEngine
    public var reason: String

    public init(engine: RecognitionEngine, reason: String) {
        self.engine = engine
        self.reason = reason
    }

    /// `option` as the run gave it, for a page captured as `capture` and taken for `kind` before
    /// reading; `ppocrInstalled` says whether this worker has PP-OCR.
    public static func choose(_ option: EngineOption, capture: PageCapture, kind: DocumentKind, ppocrInstalled: Bool,
                              rule: EngineRule = .measured) -> EngineChoice {
        switch option {
        case .tesseract:
            return EngineChoice(engine: .tesseract, reason: "--engine tesseract")
        case .ppocr:
            // The runner refuses `--engine ppocr` without PP-OCR, so a worker lacking it is a set-up fault.
            return ppocrInstalled ? EngineChoice(engine: .ppocr, reason: "--engine ppocr")
                : EngineChoice(engine: .tesseract, reason: "PP-OCR not installed")
        case .auto:
            guard ppocrInstalled else { return EngineChoice(engine: .tesseract, reason: "auto: PP-OCR not installed") }
            let engine = rule.engine(for: capture, kind: kind)
            return EngineChoice(engine: engine, reason: "auto: \(rule.describe(capture, kind: kind, engine: engine))")
        }
    }
}

/// Which engine reads which kind of page under `--engine auto`. Each entry was measured on the
/// shared sets with both engines (docs/ppocr.md#choosing-the-engine-per-page); a kind of page goes
/// to PP-OCR only where PP-OCR read it better.
public struct EngineRule: Sendable, Equatable {
    public var ppocrCaptures: Set<PageCapture>
    /// Receipts whatever their capture: faded thermal print.
    public var ppocrReceipts: Bool

    public init(ppocrCaptures: Set<PageCapture>, ppocrReceipts: Bool) {
        self.ppocrCaptures = ppocrCaptures
        self.ppocrReceipts = ppocrReceipts
    }

    /// Photos to PP-OCR, flat scans and rendered PDF pages to Tesseract, receipts to PP-OCR whatever
    /// their capture (docs/ppocr.md#choosing-the-engine-per-page).
    public static let measured = EngineRule(ppocrCaptures: [.photo, .depthPhoto], ppocrReceipts: true)

    public func engine(for capture: PageCapture, kind: DocumentKind) -> RecognitionEngine {
        ppocrCaptures.contains(capture) || ppocrReceipts && kind == .receipt ? .ppocr : .tesseract
    }

    /// The rule in words, for the run's one line on stderr: "PP-OCR for photo and depth-photo pages and
    /// receipts, Tesseract for scan and rendered-pdf pages".
    public var summary: String {
        let ordered = PageCapture.allCases
        let ppocr = ordered.filter { ppocrCaptures.contains($0) }.map(\.rawValue)
        let tesseract = ordered.filter { !ppocrCaptures.contains($0) }.map(\.rawValue)
        var parts: [String] = []
        let ppocrWhat = (ppocr.isEmpty ? [] : [ppocr.joined(separator: ", ") + " pages"]) + (ppocrReceipts ? ["receipts"] : [])
        if !ppocrWhat.isEmpty { parts.append("PP-OCR for " + ppocrWhat.joined(separator: " and ")) }
        if !tesseract.isEmpty { parts.append("Tesseract for " + tesseract.joined(separator: ", ") + " pages" + (ppocrReceipts ? " other than receipts" : "")) }
        return parts.joined(separator: ", ")
    }

    func describe(_ capture: PageCapture, kind: DocumentKind, engine: RecognitionEngine) -> String {
        let what = kind == .receipt && ppocrReceipts && !ppocrCaptures.contains(capture) ? "a receipt" : "a \(capture.rawValue) page"
        return "\(what), read by \(engine)"
    }
}
