import Entries

/// Why a receipt's first reading may not be enough. Typed rather than worded so that deciding
/// (does anything besides the text size call for a second reading?) never depends on wording,
/// while pages.json still gets the words.
enum ReadAgainReason: Equatable, CustomStringConvertible {
    /// Median word height far from the preferred one, in pixels. Recorded, but no reason on its own.
    case textSize(Int)
    case noTotal
    /// A total, but nothing to check it against.
    case totalUnchecked
    case doesNotAddUp
    case noDate
    case noMerchant
    /// The merchant's mean word confidence, below `ReceiptReader.unsureMerchant`.
    case unsureMerchant(Int)

    /// Whether this alone calls for another reading. Text size does not: on the SROIE scans none of
    /// the 13 receipts read twice only for it gained a field, and a second reading costs about 0.4 s
    /// of CPU (docs/benchmarks/receipts.md).
    var callsForAnotherReading: Bool {
        if case .textSize = self { return false }
        return true
    }

    var description: String {
        switch self {
        case .textSize(let height): "text \(height) px high"
        case .noTotal: "no total"
        case .totalUnchecked: "total unchecked"
        case .doesNotAddUp: "amounts do not add up"
        case .noDate: "no date"
        case .noMerchant: "no merchant"
        case .unsureMerchant(let confidence): "merchant read unsurely (confidence \(confidence))"
        }
    }

    /// The reasons a reading gives, in the order pages.json lists them; the text size is judged only
    /// when its median word height and the preferred one are given.
    static func reasons(for receipt: Receipt, textSize: (height: Double, target: Double)? = nil) -> [ReadAgainReason] {
        var reasons: [ReadAgainReason] = []
        if let textSize, !ReceiptReader.isComfortable(textSize.height, target: textSize.target) {
            reasons.append(.textSize(Int(textSize.height.rounded())))
        }
        if receipt.total == nil {
            reasons.append(.noTotal)
        } else if !receipt.consistency.consistent {
            reasons.append(receipt.consistency.checks.isEmpty ? .totalUnchecked : .doesNotAddUp)
        }
        if receipt.dateText == nil { reasons.append(.noDate) }
        if receipt.merchant == nil {
            reasons.append(.noMerchant)
        } else if let confidence = receipt.confidence.merchant, confidence < ReceiptReader.unsureMerchant {
            reasons.append(.unsureMerchant(Int(confidence)))
        }
        return reasons
    }
}
