import Entries
import Recognition

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
