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
        case .auto, .photos:
            let name = option.rawValue
            guard ppocrInstalled else { return EngineChoice(engine: .tesseract, reason: "\(name): PP-OCR not installed") }
            let rule = option.rule(auto: rule) ?? rule
            let engine = rule.engine(for: capture, kind: kind)
            return EngineChoice(engine: engine, reason: "\(name): \(rule.describe(capture, kind: kind, engine: engine))")
        }
    }
}

/// Which engine reads which kind of page under `--engine auto` or `photos`. Each entry was measured
/// on the shared sets and the committed corpus with both engines
/// (docs/ppocr.md#choosing-the-engine-per-page); `auto`'s rule gives a kind of page to PP-OCR only
/// where PP-OCR read it better on all of them.
public struct EngineRule: Sendable, Equatable, Codable {
    public var ppocrCaptures: Set<PageCapture>
    /// Receipts whatever their capture: faded thermal print.
    public var ppocrReceipts: Bool
    /// A page Tesseract read next to nothing of is read again by PP-OCR (`SecondEngine.unread`).
    public var ppocrWhenUnread: Bool
    /// A page Tesseract read with a mean word confidence under this is flattened and read again by
    /// PP-OCR, whose reading is kept (`SecondEngine.weak`); nil: never.
    public var ppocrBelowConfidence: Double?

    public init(ppocrCaptures: Set<PageCapture>, ppocrReceipts: Bool, ppocrWhenUnread: Bool = true,
                ppocrBelowConfidence: Double? = nil) {
        self.ppocrCaptures = ppocrCaptures
        self.ppocrReceipts = ppocrReceipts
        self.ppocrWhenUnread = ppocrWhenUnread
        self.ppocrBelowConfidence = ppocrBelowConfidence
    }

    enum CodingKeys: String, CodingKey { case ppocrCaptures, ppocrReceipts, ppocrWhenUnread, ppocrBelowConfidence }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(ppocrCaptures: Set(try c.decode([PageCapture].self, forKey: .ppocrCaptures)),
                  ppocrReceipts: try c.decode(Bool.self, forKey: .ppocrReceipts),
                  ppocrWhenUnread: try c.decode(Bool.self, forKey: .ppocrWhenUnread),
                  ppocrBelowConfidence: try c.decodeIfPresent(Double.self, forKey: .ppocrBelowConfidence))
    }

    /// The captures in a fixed order: a set's order changes from process to process, and the
    /// settings' encoding keys the result cache.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ppocrCaptures.map(\.rawValue).sorted(), forKey: .ppocrCaptures)
        try c.encode(ppocrReceipts, forKey: .ppocrReceipts)
        try c.encode(ppocrWhenUnread, forKey: .ppocrWhenUnread)
        try c.encode(ppocrBelowConfidence, forKey: .ppocrBelowConfidence)
    }

    /// Whether any page can reach PP-OCR: a worker loads it only then.
    public var usesPPOCR: Bool { !ppocrCaptures.isEmpty || ppocrReceipts || ppocrWhenUnread || ppocrBelowConfidence != nil }

    /// Each kind of page to the reader that reads it better (`decant-bench engines`, docs/ppocr.md):
    /// phone photos, photos with depth, rendered PDF pages and receipts to PP-OCR (Inv3DReal 0.94
    /// against 0.74 word-bag, the Corpus's depth photos 0.91 against 0.83, the real lists' PDFs
    /// rendered: recall 0.965 against 0.859, SROIE 0.92 against 0.77); flat scans to Tesseract, which
    /// reads the real lists' scans and renders into entries better (recall 0.990 against 0.979) though
    /// PP-OCR reads their words better; a scan whose words show a receipt, or of which Tesseract read
    /// next to nothing, is read again by PP-OCR.
    public static let measured = EngineRule(ppocrCaptures: [.photo, .depthPhoto, .renderedPDF], ppocrReceipts: true, ppocrWhenUnread: true)

    /// Photos to PP-OCR, flat scans and rendered PDF pages to Tesseract, receipts to PP-OCR whatever
    /// their capture: `--engine photos`.
    public static let photos = EngineRule(ppocrCaptures: [.photo, .depthPhoto], ppocrReceipts: true)

    public func engine(for capture: PageCapture, kind: DocumentKind) -> RecognitionEngine {
        ppocrCaptures.contains(capture) || ppocrReceipts && kind == .receipt ? .ppocr : .tesseract
    }

    /// The rule in words, for the run's one line on stderr: "PP-OCR for photo and depth-photo pages and
    /// receipts, Tesseract for scan and rendered-pdf pages".
    public var summary: String {
        guard usesPPOCR else { return "Tesseract for every page" }
        let ordered = PageCapture.allCases
        let ppocr = ordered.filter { ppocrCaptures.contains($0) }.map(\.rawValue)
        let tesseract = ordered.filter { !ppocrCaptures.contains($0) }.map(\.rawValue)
        var parts: [String] = []
        let ppocrWhat = (ppocr.isEmpty ? [] : [ppocr.joined(separator: ", ") + " pages"]) + (ppocrReceipts ? ["receipts"] : [])
        if !ppocrWhat.isEmpty { parts.append("PP-OCR for " + ppocrWhat.joined(separator: " and ")) }
        if !tesseract.isEmpty { parts.append("Tesseract for " + tesseract.joined(separator: ", ") + " pages" + (ppocrReceipts ? " other than receipts" : "")) }
        if let below = ppocrBelowConfidence {
            parts.append("PP-OCR again where Tesseract's mean word confidence is under \(Int(below))")
        }
        return parts.joined(separator: ", ")
    }

    func describe(_ capture: PageCapture, kind: DocumentKind, engine: RecognitionEngine) -> String {
        let what = kind == .receipt && ppocrReceipts && !ppocrCaptures.contains(capture) ? "a receipt" : "a \(capture.rawValue) page"
        return "\(what), read by \(engine)"
    }
}

extension EngineOption {
    /// The rule this option gives pages to engines by: `auto`'s is the run's (`.measured` unless a
    /// measuring run sets another), `photos`' is fixed; nil for an option naming one engine.
    public func rule(auto: EngineRule) -> EngineRule? {
        switch self {
        case .auto: auto
        case .photos: .photos
        case .tesseract, .ppocr: nil
        }
    }
}
