import Entries
import RecognizedText

/// The receipt parser as the Read stage uses it: what a reading says, so that the reader can tell
/// whether to read the receipt again, and how readings are merged.
extension ReceiptParser {
    public func parse(_ page: RecognizedPage, scale: Double) -> Receipt {
        var receipt = parse(page)
        receipt.scale = scale
        return receipt
    }

    public func gaps(in receipt: Receipt) -> [ReadAgainReason] {
        var reasons: [ReadAgainReason] = []
        if receipt.total == nil {
            reasons.append(.noTotal)
        } else if !receipt.consistency.consistent {
            reasons.append(receipt.consistency.checks.isEmpty ? .totalUnchecked : .doesNotAddUp)
        }
        if receipt.dateText == nil { reasons.append(.noDate) }
        if receipt.merchant == nil {
            reasons.append(.noMerchant)
        } else if let confidence = receipt.confidence.merchant, confidence < ReadAgainReason.unsureMerchantConfidence {
            reasons.append(.unsureMerchant(Int(confidence)))
        }
        return reasons
    }

    public func merge(_ receipts: [Receipt]) -> Receipt { Self.merge(receipts) }

    public func scale(of receipt: Receipt) -> Double { receipt.scale }

    /// A merchant read surely (confidence 85 or more) with its legal form ("… SDN BHD") is not
    /// looked for again in the header band: the band's reading could only replace it with another
    /// legal-form name read more surely, and on the SROIE scans skipping it for these changed no
    /// merchant (docs/benchmarks/receipts.md), while the band costs about a quarter of a reading.
    /// A legal form with no name before it ("CO. (M) SDN BHD") is never settled: its name is
    /// printed above it, often in a type the page reading dropped.
    public func merchantIsSettled(_ receipt: Receipt) -> Bool {
        guard let merchant = receipt.merchant, let confidence = receipt.confidence.merchant else { return false }
        return confidence >= 85 && Self.hasLegalForm(merchant) && !Self.isLegalFormOnly(merchant)
    }

    public func mergeMerchant(_ receipt: Receipt, header: Receipt) -> Receipt { Self.mergeMerchant(receipt, header: header) }

    public func merchant(of receipt: Receipt) -> (name: String?, confidence: Double?) {
        (receipt.merchant, receipt.confidence.merchant)
    }

    public func corroboratingMerchant(_ receipt: Receipt, lines: [String]) -> Receipt? {
        guard let merchant = receipt.merchant else { return nil }
        let respelled = MerchantSpelling.corroborated(merchant, by: lines)
        guard respelled != merchant else { return nil }
        var out = receipt
        out.merchant = respelled
        return out
    }

    public func dateLines(of page: RecognizedPage, receipt: Receipt) -> [Int] {
        dateLines(page.lines.map(\.text), receipt: receipt)
    }

    public func withRereadDate(_ receipt: Receipt, page: RecognizedPage, rereadings: [String]) -> Receipt {
        withRereadDate(receipt, pageLines: page.lines.map(\.text), rereadings: rereadings)
    }
}
