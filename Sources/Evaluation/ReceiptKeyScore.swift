import Entries
import Foundation

/// How one receipt's read fields compare with its key fields.
public struct ReceiptKeyScore: Sendable, Equatable {
    public var totalCorrect: Bool
    public var dateCorrect: Bool
    /// Company equal after removing all white space and ignoring case.
    public var companyCorrect: Bool
    /// Company equal with runs of white space collapsed to one space (stricter).
    public var companyCorrectStrict: Bool
    public var addressF1: Double

    /// Compares read fields with the truth. Dates are compared as calendar dates (the truth is read
    /// with `order`, the convention of the data set); totals as amounts, currency marks ignored.
    public init(merchant: String?, address: String?, date: String?, total: Double?, truth: ReceiptKeyTruth, order: DateOrder) {
        totalCorrect = Self.sameAmount(total, truth.total)
        dateCorrect = Self.sameDate(date, truth.date, order: order)
        companyCorrect = merchant.map { Self.spaceless($0) == Self.spaceless(truth.company) } ?? false
        companyCorrectStrict = merchant.map { Self.collapsed($0) == Self.collapsed(truth.company) } ?? false
        addressF1 = Self.tokenF1(address, truth.address)
    }

    public static func spaceless(_ text: String) -> String {
        String(text.uppercased().filter { !$0.isWhitespace })
    }

    public static func collapsed(_ text: String) -> String {
        text.uppercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// "RM 29.70", "$8.20", "43.7" → the amount.
    public static func amount(_ text: String) -> Double? {
        let core = text.filter { $0.isNumber || $0 == "." || $0 == "," }
        return FieldParser.amount(core)
    }

    public static func sameAmount(_ read: Double?, _ truth: String) -> Bool {
        guard let read, let expected = amount(truth) else { return false }
        return Cents.equal(read, expected)
    }

    public static func sameDate(_ read: String?, _ truth: String, order: DateOrder) -> Bool {
        guard let read, let expected = DateReader.firstDate(in: truth, order: order)?.iso else { return false }
        return read == expected
    }

    /// Upper-case letter/digit runs: "NO.53 55,57 & 59," → [NO, 53, 55, 57, 59].
    public static func tokens(_ text: String) -> [String] {
        text.uppercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// F1 of the two token multisets; 0 when nothing was read.
    public static func tokenF1(_ read: String?, _ truth: String) -> Double {
        let expected = tokens(truth)
        guard let read else { return expected.isEmpty ? 1 : 0 }
        let got = tokens(read)
        if got.isEmpty && expected.isEmpty { return 1 }
        guard !got.isEmpty, !expected.isEmpty else { return 0 }
        var remaining: [String: Int] = [:]
        for t in expected { remaining[t, default: 0] += 1 }
        var overlap = 0
        for t in got where remaining[t, default: 0] > 0 {
            remaining[t, default: 0] -= 1
            overlap += 1
        }
        guard overlap > 0 else { return 0 }
        let precision = Double(overlap) / Double(got.count)
        let recall = Double(overlap) / Double(expected.count)
        return 2 * precision * recall / (precision + recall)
    }
}
