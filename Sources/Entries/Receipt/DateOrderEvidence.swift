import Foundation

/// Why an ambiguous date (03/04/2018) was read one way: what a person would look at before giving
/// up. Recorded with the receipt (receipts.json) so that a reader can check it.
public struct DateOrderSettlement: Sendable, Equatable, Codable {
    /// `.dayFirst` or `.monthFirst`, never `.unspecified`.
    public var order: DateOrder
    public var reason: String

    public init(order: DateOrder, reason: String) {
        self.order = order
        self.reason = reason
    }
}

/// Settles the order of a receipt's numeric dates from what the receipt and its job print, in
/// `--date-order auto`. A country's conventions are the evidence: a date that can only be read one
/// way (a number above 12 in the first or second place), then the country the receipt's money,
/// phone numbers and company forms name. Nothing is guessed: with no evidence, or evidence both
/// ways, the order stays unsettled and both readings are reported.
public enum DateOrderEvidence {
    private static let numericDate = DateReader.regex(#"(?<![\d.,])(\d{1,2})\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?!\d)"#)

    /// A time of day printed with the date's marks: "06/01/18 12.17.26 PM", "12.17.26 am".
    private static let timeAfter = DateReader.regex(#"^\s*(?:am|pm|a\.m|p\.m)(?!\p{L})"#)

    /// The order each numeric date in `text` shows by itself, in the order printed: a first number
    /// above 12 is a day (day first), a second one is (month first). Dates that read the same both
    /// ways, or that no calendar holds either way, show nothing; nor does a time of day shaped like
    /// a date (12.17.26 after a date on its line, or before AM/PM).
    public static func printedOrders(in text: String) -> [(order: DateOrder, text: String)] {
        let repaired = DateReader.repairConfusables(text)
        let ns = repaired as NSString
        var previousEnd: Int?
        return numericDate.matches(in: repaired).compactMap { m in
            defer { previousEnd = m.range.location + m.range.length }
            let gap = previousEnd.map { ns.substring(with: NSRange(location: $0, length: m.range.location - $0)) }
            if let gap, gap.count <= 3, !gap.contains(where: \.isNewline) { return nil }
            let after = ns.substring(from: m.range.location + m.range.length)
            if timeAfter.firstMatch(in: String(after.prefix(6))) != nil { return nil }
            guard let a = Int(ns.substring(with: m.range(at: 1))), let b = Int(ns.substring(with: m.range(at: 3))),
                  (1...31).contains(a), (1...31).contains(b) else { return nil }
            let printed = ns.substring(with: m.range)
            if a > 12, b <= 12 { return (.dayFirst, printed) }
            if b > 12, a <= 12 { return (.monthFirst, printed) }
            return nil
        }
    }

    /// The order the receipt's own unambiguous dates show, when they agree (a sale date and a print
    /// date, a due date, a date in a footer).
    public static func fromOwnDates(_ text: String) -> DateOrderSettlement? {
        let orders = printedOrders(in: text)
        guard let first = orders.first, orders.allSatisfy({ $0.order == first.order }) else { return nil }
        return DateOrderSettlement(order: first.order, reason: "\(first.text) printed on the receipt")
    }

    /// A country's marks and the order its receipts print dates in; currency signs only beside an
    /// amount, as OCR makes stray € and £ of specks. Only countries whose order is
    /// not in doubt: the United States alone prints month first, so `$` counts only beside a US
    /// address (Canada, Australia, Singapore and others print `$` with the day first).
    static let dayFirstMarks: [(pattern: TextPattern, reason: String)] = [
        (DateReader.regex(#"(?<![\p{L}])RM\s?\d+[.,]\d{2}(?!\d)|\(\s?RM\s?\)"#), "amounts in RM (Malaysia)"),
        (DateReader.regex(#"(?<![\p{L}])(?:SDN\.?\s+BHD|S/B|BERHAD)(?![\p{L}])"#), "company form SDN BHD (Malaysia)"),
        (DateReader.regex(#"\+\s?60[\s\-]?\d"#), "phone code +60 (Malaysia)"),
        (DateReader.regex(#"\+\s?65[\s\-]?\d|(?<![\p{L}])PTE\.?\s+LTD(?![\p{L}])"#), "phone code +65 or PTE LTD (Singapore)"),
        (DateReader.regex(#"€\s?\d+[.,]\d{2}(?!\d)|(?<![\d.,])\d+[.,]\d{2}\s?€"#), "amounts in € (Europe)"),
        (DateReader.regex(#"£\s?\d+[.,]\d{2}(?!\d)|(?<![\p{L}])GBP(?![\p{L}])"#), "amounts in £ (United Kingdom)"),
    ]
    /// "Springfield, IL 62704": a state's postal code (in capitals: "in 12345" is not Indiana) and a ZIP code.
    static let usAddress = DateReader.regex(
        #"(?-i)(?<![\p{L}])(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY)\.?\s+\d{5}(?:-\d{4})?(?!\d)"#)
    static let dollar = DateReader.regex(#"\$\s?\d|(?<![\p{L}])USD(?![\p{L}])"#)

    /// The order the receipt's country prints dates in, from its money, phone and company marks;
    /// nil when it names none, or countries of both orders.
    public static func fromFormats(_ text: String) -> DateOrderSettlement? {
        let dayFirst = dayFirstMarks.first { $0.pattern.firstMatch(in: text) != nil }
        let monthFirst = dollar.firstMatch(in: text) != nil && usAddress.firstMatch(in: text) != nil
        switch (dayFirst, monthFirst) {
        case (let mark?, false): return DateOrderSettlement(order: .dayFirst, reason: mark.reason)
        case (nil, true): return DateOrderSettlement(order: .monthFirst, reason: "amounts in $ and a US address")
        default: return nil
        }
    }

    /// What the receipt alone says: its own unambiguous dates first (they are the printer's own
    /// convention), then its country's.
    public static func fromReceipt(_ text: String) -> DateOrderSettlement? {
        fromOwnDates(text) ?? fromFormats(text)
    }

    /// What a job's receipts say together: the order their unambiguous dates show, when nearly all
    /// agree. One receipt in ten showing the other order is taken for a misread digit (a 3 read as
    /// 8 makes 13/05 of 18/05's neighbour); more than that is a job of mixed countries, and settles
    /// nothing.
    public static func fromJob(_ texts: [String]) -> DateOrderSettlement? {
        var counts: [DateOrder: Int] = [:]
        var example: [DateOrder: String] = [:]
        for text in texts {
            guard let own = fromOwnDates(text) else { continue }
            counts[own.order, default: 0] += 1
            if example[own.order] == nil { example[own.order] = printedOrders(in: text).first?.text }
        }
        guard let (order, count) = counts.max(by: { $0.value < $1.value }) else { return nil }
        let other = counts.filter { $0.key != order }.values.reduce(0, +)
        guard other * 10 <= count, other < count else { return nil }
        let receipts = count == 1 ? "another receipt of the job" : "\(count) other receipts of the job"
        return DateOrderSettlement(order: order, reason: "\(receipts) print unambiguous dates (\(example[order] ?? ""))")
    }

    /// Of an ambiguous date's two readings, the one `order` gives; nil when `printed` is not a
    /// numeric date or the readings do not belong to it.
    public static func reading(_ readings: [String], printed: String, order: DateOrder) -> String? {
        let repaired = DateReader.repairConfusables(printed)
        let ns = repaired as NSString
        guard order != .unspecified, let m = numericDate.firstMatch(in: repaired),
              let a = Int(ns.substring(with: m.range(at: 1))), let b = Int(ns.substring(with: m.range(at: 3))) else { return nil }
        let (month, day) = order == .dayFirst ? (b, a) : (a, b)
        let suffix = String(format: "-%02d-%02d", month, day)
        return readings.first { $0.hasSuffix(suffix) }
    }
}
