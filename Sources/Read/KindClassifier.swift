import Documents
import Recognition
import RecognizedText

/// Tells receipts from wine lists: before OCR by shape and folder name (to pick the segmentation
/// mode), after OCR by what the text says.
public enum KindClassifier {
    public static func guessBeforeOCR(width: Int, height: Int, jobName: String) -> DocumentKind {
        let lower = jobName.lowercased()
        if lower.contains("receipt") || lower.contains("bill") || lower.contains("invoice") { return .receipt }
        if lower.contains("wine") || lower.contains("list") || lower.contains("menu") { return .winelist }
        return Double(height) > 2.2 * Double(width) ? .receipt : .winelist
    }

    static let receiptWords: Set<String> = ["total", "subtotal", "tax", "gst", "vat", "cash", "change", "visa", "qty",
                                            "receipt", "invoice", "tendered", "mastercard", "amount", "balance", "tel", "rm"]
    static let wineWords: Set<String> = ["red", "white", "rosé", "rose", "sparkling", "champagne", "château", "domaine",
                                         "bottle", "glass", "vintage", "cabernet", "pinot", "chardonnay", "riesling",
                                         "sauvignon", "merlot", "syrah", "shiraz", "grenache", "tempranillo", "nebbiolo",
                                         "ch.", "dom.", "cru", "reserve", "reserva", "estate", "vineyard"]

    /// A page taken for a wine list by its shape and shown to be a receipt by its words is read
    /// again as one block, which keeps amounts on their labels' lines. The block reading replaces
    /// the sparse one unless it lost a fifth of the words read confidently, or reads its words
    /// less surely on the whole (mean word confidence more than `blockConfidenceDrop` lower).
    /// An invoice or form laid out in columns, read as one block, drops whole columns or runs
    /// them together into lines Tesseract reads worse: on Inv3DReal's business documents the
    /// block reading's mean confidence is typically 7 below the sparse one's, on SROIE's
    /// single-column receipts 5 above it (docs/benchmarks/rectification.md).
    public static func keepsBlockReading(sparse: RecognizedPage, block: RecognizedPage) -> Bool {
        func confident(_ page: RecognizedPage) -> Int {
            page.lines.flatMap(\.words).filter { $0.confidence >= 60 && $0.text.filter { $0.isLetter || $0.isNumber }.count >= 2 }.count
        }
        guard Double(confident(block)) >= 0.8 * Double(confident(sparse)) else { return false }
        guard let blockConfidence = block.meanConfidence, let sparseConfidence = sparse.meanConfidence else { return true }
        return blockConfidence >= sparseConfidence - blockConfidenceDrop
    }

    /// How much less sure (mean word confidence, 0…100) the block reading may be and still be kept.
    static let blockConfidenceDrop = 5.0

    /// What came of reading a page again as one block (`blockReading`).
    public enum BlockReading {
        /// Not a receipt by its words, already read as one, or the second reading failed (the
        /// first reading stands either way).
        case notTried
        case kept(RecognizedPage)
        /// The block reading lost words the first one had: the first is kept.
        case refused
    }

    /// A page read with `segmentation` and classified as `kind`: when it is a receipt not read the
    /// way receipts are, reads it again with `receiptSegmentation` and judges the result by
    /// `keepsBlockReading`. Shared by `decant run` and the accuracy benches so that both read alike.
    public static func blockReading(of page: RecognizedPage, kind: DocumentKind, readWith segmentation: PageSegmentation,
                                    receiptSegmentation: PageSegmentation,
                                    read: (PageSegmentation) throws -> RecognizedPage) -> BlockReading {
        guard kind == .receipt, segmentation != receiptSegmentation,
              let block = try? read(receiptSegmentation) else { return .notTried }
        return keepsBlockReading(sparse: page, block: block) ? .kept(block) : .refused
    }

    public static func classify(_ page: RecognizedPage, prior: DocumentKind) -> DocumentKind {
        var receipt = 0, wine = 0
        for word in page.lines.flatMap(\.words) {
            let w = word.text.lowercased().trimmingCharacters(in: .punctuationCharacters)
            if receiptWords.contains(w) { receipt += 1 }
            if wineWords.contains(w) || wineWords.contains(word.text.lowercased()) { wine += 1 }
        }
        if receipt >= 3 && receipt > wine { return .receipt }
        if wine >= 3 && wine > receipt { return .winelist }
        return prior
    }
}
