import Entries
import Read
import Recognition
import RecognizedText

/// What the parse stage found on a page: its text lines in reading order, and its wine entries or
/// its receipt.
struct ParsedPage {
    /// The lines the text sidecar holds (for a receipt, the reading its amounts come from).
    var lines: [RecognizedLine]
    var entries: [WineEntry] = []
    var receipt: Receipt?
    /// The reading a receipt's items refer to by line.
    var receiptPage: RecognizedPage?
    /// The merchant as read, when the rest of the slip respelled it.
    var merchantAsRead: String?
    var warnings: [String] = []
}

/// The parse stage: a page's reading grouped into wine-list entries, or its receipt (already read
/// as often as it needed by the Read stage) with what the readings changed.
struct ParseStage: Sendable {
    let fields: FieldParser
    let vocabulary: WineVocabulary

    /// `read` is the receipt's reading when the page is one; a page without is a wine list.
    /// `illegible`: the page's print was measured to be blurred past reading
    /// (`FlattenedPage.isIllegible`): its text is kept, but no wine entry is made of it, whichever
    /// reader read it; a wrong entry costs the reader more than a missing one, and the page's
    /// warning already asks for a sharper photo.
    func parse(_ page: RecognizedPage, receipt read: ReceiptRereading.Result?, illegible: Bool = false) -> ParsedPage {
        guard let read else {
            guard !illegible else {
                return ParsedPage(lines: LineAssembler.assemble(page.lines),
                                  warnings: ["no wine entries taken from print blurred past legibility: what it reads is guessed"])
            }
            let parsed = WineListParser(fields: fields, names: WineNameSplitter(vocabulary: vocabulary)).parseRebuilding(page.lines)
            return ParsedPage(lines: parsed.lines, entries: parsed.entries)
        }
        var parsed = ParsedPage(lines: read.page.lines, receipt: read.receipt, receiptPage: read.page)
        if read.merchantFromHeader {
            let page = read.pageMerchant.map { "\"\($0)\"" + (read.pageMerchantConfidence.map { String(format: ", confidence %.0f", $0) } ?? "") }
            parsed.warnings.append("merchant from the header band read alone (the page reading had \(page ?? "none"))")
        }
        if let before = read.merchantBeforeOtherReader, let now = read.receipt.merchant {
            let other = read.otherReaderMerchant.map { "\"\($0)\"" } ?? "none"
            parsed.warnings.append(before.isEmpty
                ? "merchant \"\(now)\" from the other reader's reading of the header band (the first reader found none)"
                : "merchant \"\(before)\" made \"\(now)\" with the other reader's reading of the header band (\(other))")
        }
        if let asRead = read.merchantAsPrintedInName, let now = read.receipt.merchant {
            parsed.merchantAsRead = asRead
            parsed.warnings.append("merchant \"\(asRead)\" respelled \"\(now)\" as the same name is printed elsewhere on the slip")
        }
        if read.totalFromLineReading, let total = read.receipt.total {
            parsed.warnings.append("total \(String(format: "%.2f", total)) from its line read again alone (the page's total did not add up)")
        }
        if let reason = read.reason, read.receipt.readings > 1 {
            parsed.warnings.append("receipt read \(read.receipt.readings) times (\(reason)); amounts from the reading at scale \(read.receipt.scale)")
        }
        return parsed
    }
}
