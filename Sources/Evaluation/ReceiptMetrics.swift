import Foundation

/// What Decant read from a receipt's header and footer.
public struct ReceiptObservation: Sendable, Equatable {
    public var merchant: String?
    public var address: String?
    /// yyyy-mm-dd
    public var date: String?
    public var time: String?
    public var currency: String?
    public var subtotal: Double?
    public var tax: Double?
    public var total: Double?

    public init(merchant: String? = nil, address: String? = nil, date: String? = nil, time: String? = nil,
                currency: String? = nil, subtotal: Double? = nil, tax: Double? = nil, total: Double? = nil) {
        self.merchant = merchant
        self.address = address
        self.date = date
        self.time = time
        self.currency = currency
        self.subtotal = subtotal
        self.tax = tax
        self.total = total
    }
}

/// Key-field tallies by field name; additive.
public struct ReceiptCounts: Sendable, Equatable, Codable {
    public var fields: [String: Tally]

    public init(fields: [String: Tally] = [:]) { self.fields = fields }

    /// All key fields together.
    public var keyFields: Tally { fields.values.reduce(Tally(), +) }

    public static func + (a: ReceiptCounts, b: ReceiptCounts) -> ReceiptCounts {
        ReceiptCounts(fields: a.fields.merging(b.fields, uniquingKeysWith: +))
    }
}

public enum ReceiptMetrics {
    /// The fields SROIE's key-information task checks (company, date, address, total) plus the
    /// other totals and the time. Each is checked where the truth states it; a field Decant did not
    /// find is wrong. Text compares as case-folded words (SROIE's exact match, tolerant of spacing
    /// and punctuation); amounts to the cent; dates as yyyy-mm-dd; times as hours and minutes.
    public static func evaluate(found: ReceiptObservation?, truth: GroundTruth.ReceiptTruth) -> ReceiptCounts {
        let found = found ?? ReceiptObservation()
        var fields: [String: Tally] = [:]
        func check(_ name: String, _ stated: Bool, _ right: @autoclosure () -> Bool) {
            guard stated else { return }
            fields[name, default: Tally()].record(right())
        }
        check("merchant", truth.merchant != nil, sameText(found.merchant, truth.merchant))
        check("address", truth.address != nil, sameText(found.address, truth.address))
        check("date", truth.date != nil, found.date != nil && found.date == truth.date)
        check("time", truth.time != nil, sameTime(found.time, truth.time))
        check("subtotal", truth.subtotal != nil, EntryMetrics.sameAmount(found.subtotal, truth.subtotal))
        check("tax", truth.tax != nil, EntryMetrics.sameAmount(found.tax, truth.tax))
        check("total", truth.total != nil, EntryMetrics.sameAmount(found.total, truth.total))
        return ReceiptCounts(fields: fields)
    }

    static func sameText(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return false }
        return FieldText.same(a, b)
    }

    static func sameTime(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return false }
        func hm(_ t: String) -> [Int] { t.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) } }
        return hm(a).count == 2 && hm(a) == hm(b)
    }
}
