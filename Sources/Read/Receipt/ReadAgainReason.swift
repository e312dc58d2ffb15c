/// Why a receipt's first reading may not be enough. Typed rather than worded so that deciding
/// (does anything besides the text size call for a second reading?) never depends on wording,
/// while pages.json still gets the words.
public enum ReadAgainReason: Sendable, Equatable, CustomStringConvertible {
    /// Median word height far from the preferred one, in pixels. Recorded, but no reason on its own.
    case textSize(Int)
    case noTotal
    /// A total, but nothing to check it against.
    case totalUnchecked
    case doesNotAddUp
    case noDate
    case noMerchant
    /// The merchant's mean word confidence, below `unsureMerchantConfidence`.
    case unsureMerchant(Int)

    /// Below this OCR confidence the merchant's letters are guesses ("BHPetro)" for "BHPetrol" at
    /// 53): the merchant is read again, and merging keeps the surer reading's merchant.
    public static let unsureMerchantConfidence = 60.0

    /// Whether this alone calls for another reading. Text size does not: on the SROIE scans none of
    /// the 13 receipts read twice only for it gained a field, and a second reading costs about 0.4 s
    /// of CPU (docs/benchmarks/receipts.md).
    public var callsForAnotherReading: Bool {
        if case .textSize = self { return false }
        return true
    }

    public var description: String {
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
}
