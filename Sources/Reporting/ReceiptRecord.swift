import Entries

/// One row of receipts.csv / receipts.json: a receipt's fields and whether its amounts add up.
/// Items are reported apart (items.csv), one row each.
public struct ReceiptRecord: Sendable, Equatable, Codable {
    public var job: String
    public var image: String
    /// The page of a multi-page document (a PDF), 1-based; nil for a photo.
    public var page: Int?
    public var merchant: String?
    /// The merchant's name as this receipt read it, when the rest of the slip (`MerchantSpelling`) or
    /// the job's other receipts (`MerchantConsensus`) settled it to another spelling.
    public var merchantAsRead: String?
    public var address: String?
    public var phones: [String]
    public var registrations: [ReceiptRegistration]
    public var date: String?
    public var dateText: String?
    public var dateReadings: [String]
    public var dateAmbiguous: Bool
    /// The order (dmy, mdy) a date that could be read two ways was read in, and why; nil when the
    /// date could only be read one way or nothing settled it.
    public var dateOrder: String?
    public var dateOrderReason: String?
    public var time: String?
    public var currency: String?
    public var itemCount: Int
    public var itemsSum: Double?
    public var subtotal: Double?
    public var discounts: [ReceiptDiscount]
    public var tax: Double?
    public var taxIncluded: Bool
    public var serviceCharge: Double?
    public var rounding: Double?
    public var total: Double?
    public var totalCandidates: [TotalCandidate]
    public var payment: String?
    public var tendered: Double?
    public var change: Double?
    public var consistent: Bool
    public var residual: Double?
    public var checks: [AmountRelation]
    public var problems: [String]
    /// The printed total less what the items come to (less discounts; with service charge, rounding,
    /// and tax when it is not included): 0 when they agree, nil when no items or no total were read.
    public var itemsDifference: Double?
    /// Other photos of the same purchase in the job (same merchant, date, time and total), reported
    /// once as this one, the later photo (`ReceiptDuplicates`).
    public var duplicatePhotos: [String]?
    /// The photo this one duplicates, whose receipt is reported instead; such a receipt is left out
    /// of receipts.csv and receipts.json (the page, in pages.json, says so).
    public var duplicateOf: String?
    /// OCR confidence of the lines each field came from.
    public var confidence: ReceiptConfidence
    public var readings: Int
    public var scale: Double

    public init(job: String, image: String, receipt r: Receipt) {
        self.job = job
        self.image = image
        merchant = r.merchant
        address = r.address
        phones = r.phones
        registrations = r.registrations
        date = r.date
        dateText = r.dateText
        dateReadings = r.dateReadings
        dateAmbiguous = r.dateIsAmbiguous
        dateOrder = r.dateSettledBy?.order.rawValue
        dateOrderReason = r.dateSettledBy?.reason
        time = r.time
        currency = r.currency
        itemCount = r.items.count
        itemsSum = r.items.isEmpty ? nil : Cents.round(r.items.reduce(0) { $0 + $1.amount })
        subtotal = r.subtotal
        discounts = r.discounts
        tax = r.tax
        taxIncluded = r.taxIncluded
        serviceCharge = r.serviceCharge
        rounding = r.rounding
        total = r.total
        totalCandidates = r.totalCandidates
        payment = r.payment
        tendered = r.tendered
        change = r.change
        consistent = r.consistency.consistent
        residual = r.consistency.residual
        checks = r.consistency.checks
        problems = r.problems
        itemsDifference = r.itemsDifference
        confidence = r.confidence
        readings = r.readings
        scale = r.scale
    }

    public static let csvHeader = [
        "job", "image", "page", "merchant", "address", "phones", "registrations", "date", "date_text", "date_readings",
        "date_ambiguous", "time", "currency", "items", "items_sum", "subtotal", "discounts", "tax", "tax_included",
        "service_charge", "rounding", "total", "total_candidates", "payment", "tendered", "change", "consistent",
        "residual", "checks", "problems", "merchant_confidence", "address_confidence", "date_confidence",
        "total_confidence", "ocr_readings", "scale", "items_difference", "duplicate_photos",
    ]

    public var csvRow: [String] {
        let m = Money.format
        return [
            job, image, page.map(String.init) ?? "", merchant ?? "", address ?? "", phones.joined(separator: "; "),
            registrations.map { "\($0.kind): \($0.number)" }.joined(separator: "; "),
            date ?? "", dateText ?? "", dateReadings.joined(separator: " | "), dateAmbiguous ? "yes" : "no", time ?? "",
            currency ?? "", String(itemCount), itemsSum.map(m) ?? "", subtotal.map(m) ?? "",
            discounts.isEmpty ? "" : m(discounts.reduce(0) { $0 + $1.amount }), tax.map(m) ?? "", taxIncluded ? "yes" : "no",
            serviceCharge.map(m) ?? "", rounding.map(m) ?? "", total.map(m) ?? "",
            totalCandidates.map { "\(m($0.amount))\($0.chosen ? "*" : "") (\($0.label))" }.joined(separator: "; "),
            payment ?? "", tendered.map(m) ?? "", change.map(m) ?? "",
            checks.isEmpty ? "unchecked" : (consistent ? "yes" : "no"), residual.map(m) ?? "",
            checks.map { "\($0.name): \($0.passed ? "ok" : "off by \(m($0.residual))")" }.joined(separator: "; "),
            problems.joined(separator: "; "),
            confidence.merchant.map(EntryRecord.number) ?? "", confidence.address.map(EntryRecord.number) ?? "",
            confidence.date.map(EntryRecord.number) ?? "", confidence.total.map(EntryRecord.number) ?? "",
            String(readings), EntryRecord.number(scale), itemsDifference.map(m) ?? "",
            (duplicatePhotos ?? []).joined(separator: "; "),
        ]
    }
}
