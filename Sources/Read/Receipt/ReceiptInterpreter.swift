import Recognition
import RecognizedText

/// What a receipt's readings say, as far as deciding whether to read it again needs: the parser of
/// the Entries stage, seen from the Read stage, which must not depend on it. The page pipeline
/// hands the parser in; tests hand in made-up interpreters.
public protocol ReceiptInterpreter {
    associatedtype Receipt

    /// The receipt one reading gives; `scale` is the factor the page was read at (1: as flattened).
    func parse(_ page: RecognizedPage, scale: Double) -> Receipt
    /// Why this reading may not be enough, besides its text size (which the reader judges itself).
    func gaps(in receipt: Receipt) -> [ReadAgainReason]
    /// The readings as one receipt, nearest the preferred text size first (it wins ties); the result's
    /// scale names the reading its amounts came from.
    func merge(_ receipts: [Receipt]) -> Receipt
    func scale(of receipt: Receipt) -> Double
    /// The bottom (pixels) of the merchant and address lines of a reading, when it found them.
    func headerBottom(of page: RecognizedPage) -> Int?
    /// The merchant is read so surely that the header band need not be read alone.
    func merchantIsSettled(_ receipt: Receipt) -> Bool
    /// The receipt with the header band's merchant when that is the better reading.
    func mergeMerchant(_ receipt: Receipt, header: Receipt) -> Receipt
    func merchant(of receipt: Receipt) -> (name: String?, confidence: Double?)
    /// The receipt with its merchant respelled as the same words are printed elsewhere on the page
    /// (`lines`), or nil when nothing changes.
    func corroboratingMerchant(_ receipt: Receipt, lines: [String]) -> Receipt?
    /// Lines of `page` (indices) worth reading again alone for the receipt's date.
    func dateLines(of page: RecognizedPage, receipt: Receipt) -> [Int]
    /// The receipt with its date chosen among the page's and the date lines' readings (`rereadings`).
    func withRereadDate(_ receipt: Receipt, page: RecognizedPage, rereadings: [String]) -> Receipt
}

extension ReceiptInterpreter {
    /// An interpreter that reads no dates asks for no date lines.
    public func dateLines(of page: RecognizedPage, receipt: Receipt) -> [Int] { [] }
    public func withRereadDate(_ receipt: Receipt, page: RecognizedPage, rereadings: [String]) -> Receipt { receipt }
}
