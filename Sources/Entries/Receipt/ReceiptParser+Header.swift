import Imaging
import RecognizedText

extension ReceiptParser {
    /// Lowest pixel row of the header (merchant and address lines) in a reading of the whole page;
    /// nil when neither was read.
    public func headerBottom(of page: RecognizedPage) -> Int? {
        let lines = page.lines.enumerated().map { ReceiptLine(index: $0.offset, line: $0.element) }
        guard !lines.isEmpty else { return nil }
        let header = ReceiptHeaderReader.read(lines, end: Self.headerEnd(lines))
        return (header.merchantLines + header.addressLines).compactMap { i in
            page.lines.indices.contains(i) ? page.lines[i].box.maxY : nil
        }.max()
    }

    /// Whether a merchant's name carries a legal form (SDN BHD, LTD, GmbH …).
    public static func hasLegalForm(_ name: String) -> Bool {
        ReceiptHeaderReader.hasLegalForm(ReceiptLine(index: 0, text: name))
    }

    /// Whether a merchant's name is only its legal form ("CO. (M) SDN BHD"): the name itself was lost.
    public static func isLegalFormOnly(_ name: String) -> Bool {
        ReceiptHeaderReader.namePartBeforeLegalFormIsEmpty(ReceiptLine(index: 0, text: name))
    }

    /// The merchant from a reading of the header band alone, when it is the better one. Read as one
    /// block with the rest of the page, a name printed much larger or bolder than the bill is often
    /// dropped as noise or misread ("POPULAR BOOK" / "CO. (M) SDN BHD" lost above the address); read
    /// alone it is the band's main text. The header reading wins when the page reading found no
    /// merchant, when only its name carries a legal form, or else when OCR was surer of it.
    public static func mergeMerchant(_ receipt: Receipt, header: Receipt) -> Receipt {
        guard let candidate = header.merchant else { return receipt }
        var out = receipt
        let legal = ReceiptHeaderReader.hasLegalForm(ReceiptLine(index: 0, text: candidate))
        let current = receipt.merchant.map { ReceiptHeaderReader.hasLegalForm(ReceiptLine(index: 0, text: $0)) }
        let surer = (header.confidence.merchant ?? 0) > (receipt.confidence.merchant ?? 0)
        if current == nil || (legal && current == false) || (legal == current && surer) {
            out.merchant = candidate
            out.confidence.merchant = header.confidence.merchant
        }
        return out
    }
}
