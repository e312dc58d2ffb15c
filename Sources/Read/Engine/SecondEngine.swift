import Documents

/// Why a page Tesseract read under `--engine auto` is read again with PP-OCR: the plan chose
/// Tesseract from what was known before reading (a flat scan, not shaped like a receipt), and the
/// reading shows otherwise. On SROIE's 200 receipt scans, 120 reached the reader taken for wine
/// lists by their shape, and two of faint dotted print gave Tesseract no word at all where PP-OCR
/// read 0.82 and 0.88 of them (docs/ppocr.md#choosing-the-engine-per-page).
public enum SecondEngine: Sendable, Equatable, CustomStringConvertible {
    /// Its words show a receipt, and the engine rule gives receipts to PP-OCR.
    case receipt
    /// Tesseract read fewer words confidently than vouch for a page of print
    /// (`UprightEvidence.minimumConfident`); PP-OCR's reading is kept only if it reads more.
    case unread
    /// Tesseract's mean word confidence is under the rule's `ppocrBelowConfidence`: print Tesseract
    /// struggles with (a photo's small, shaded or warped text; faded thermal print), which PP-OCR,
    /// trained on photographs, reads better.
    case weak

    /// nil: Tesseract's reading stands. `kind` is what the first reading's words show, `prior` what
    /// the page was taken for before reading.
    public static func reason(kind: DocumentKind, prior: DocumentKind, receiptsToPPOCR: Bool, confidentWords: Int,
                              unreadToPPOCR: Bool = true, meanConfidence: Double? = nil, below: Double? = nil) -> SecondEngine? {
        if kind == .receipt, prior != .receipt, receiptsToPPOCR { return .receipt }
        if unreadToPPOCR, confidentWords < UprightEvidence.minimumConfident { return .unread }
        if let below, let meanConfidence, meanConfidence < below { return .weak }
        return nil
    }

    public var description: String {
        switch self {
        case .receipt: "whose words show a receipt"
        case .unread: "Tesseract could not read"
        case .weak: "Tesseract read unsurely"
        }
    }
}
