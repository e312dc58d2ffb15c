/// The fields a bookkeeper needs from a receipt, and whether its amounts agree with each other.
public struct Receipt: Sendable, Equatable, Codable {
    public var merchant: String?
    public var address: String?
    public var phones: [String]
    public var registrations: [ReceiptRegistration]
    /// ISO 8601 (yyyy-mm-dd); nil when no date was found or when it was ambiguous (see `dateReadings`).
    public var date: String?
    /// The date as printed.
    public var dateText: String?
    /// Every calendar date the printed date can mean; two when day and month could be swapped and
    /// no date order was given. Never silently resolved.
    public var dateReadings: [String]
    /// What settled the order of a printed date that could be read two ways (the run's date order,
    /// the receipt's other dates, its country's marks, the job's other receipts); nil when the date
    /// could only be read one way, or nothing settled it.
    public var dateSettledBy: DateOrderSettlement?
    /// 24-hour `HH:MM` or `HH:MM:SS`.
    public var time: String?
    /// ISO 4217 code when the symbol says it (RM → MYR, € → EUR), otherwise the symbol as printed.
    public var currency: String?
    public var items: [ReceiptItem]
    public var subtotal: Double?
    public var discounts: [ReceiptDiscount]
    /// GST / VAT / sales tax: the sum of the tax lines.
    public var tax: Double?
    /// True when the tax is printed as already included in the prices (GST-inclusive receipts).
    public var taxIncluded: Bool
    /// Service charge and other additions that are neither items nor tax.
    public var serviceCharge: Double?
    /// Cash rounding (to 5 sen, 5 cents …), signed as printed.
    public var rounding: Double?
    public var total: Double?
    public var totalCandidates: [TotalCandidate]
    /// Cash, Visa, Mastercard, card … as printed.
    public var payment: String?
    /// Amount handed over (cash tendered / paid).
    public var tendered: Double?
    public var change: Double?
    public var consistency: ReceiptConsistency
    /// What could not be read or does not add up, in words (e.g. "no total found").
    public var problems: [String]
    public var confidence: ReceiptConfidence
    /// How many OCR readings of the page were made (a second one at another scale when the first
    /// did not add up), and the scale of the reading the amounts come from.
    public var readings: Int
    public var scale: Double

    public init(merchant: String? = nil, address: String? = nil, phones: [String] = [],
                registrations: [ReceiptRegistration] = [], date: String? = nil, dateText: String? = nil,
                dateReadings: [String] = [], dateSettledBy: DateOrderSettlement? = nil, time: String? = nil, currency: String? = nil, items: [ReceiptItem] = [],
                subtotal: Double? = nil, discounts: [ReceiptDiscount] = [], tax: Double? = nil, taxIncluded: Bool = false,
                serviceCharge: Double? = nil, rounding: Double? = nil, total: Double? = nil,
                totalCandidates: [TotalCandidate] = [], payment: String? = nil, tendered: Double? = nil,
                change: Double? = nil, consistency: ReceiptConsistency = ReceiptConsistency(), problems: [String] = [],
                confidence: ReceiptConfidence = ReceiptConfidence(), readings: Int = 1, scale: Double = 1) {
        self.merchant = merchant
        self.address = address
        self.phones = phones
        self.registrations = registrations
        self.date = date
        self.dateText = dateText
        self.dateReadings = dateReadings
        self.dateSettledBy = dateSettledBy
        self.time = time
        self.currency = currency
        self.items = items
        self.subtotal = subtotal
        self.discounts = discounts
        self.tax = tax
        self.taxIncluded = taxIncluded
        self.serviceCharge = serviceCharge
        self.rounding = rounding
        self.total = total
        self.totalCandidates = totalCandidates
        self.payment = payment
        self.tendered = tendered
        self.change = change
        self.consistency = consistency
        self.problems = problems
        self.confidence = confidence
        self.readings = readings
        self.scale = scale
    }

    /// True when the printed date could mean two days and nothing said which.
    public var dateIsAmbiguous: Bool { date == nil && dateReadings.count > 1 }

    public var itemDiscountTotal: Double { discounts.filter { $0.scope == .item }.reduce(0) { $0 + $1.amount } }
    public var billDiscountTotal: Double { discounts.filter { $0.scope == .bill }.reduce(0) { $0 + $1.amount } }

    /// The printed total less what the items come to: items less their and the bill's discounts,
    /// with service charge and rounding, and with tax unless the receipt includes it (when that was
    /// not settled, whichever reading of the tax agrees). Nil without items or a total.
    public var itemsDifference: Double? {
        guard let total, !items.isEmpty else { return nil }
        let base = items.reduce(0) { $0 + $1.amount } - itemDiscountTotal - billDiscountTotal + (serviceCharge ?? 0) + (rounding ?? 0)
        let without = Cents.round(total - base)
        guard let tax, tax != 0, !taxIncluded else { return without }
        let with = Cents.round(total - base - tax)
        return abs(without) <= ReceiptConsistency.tolerance ? without : with
    }

    /// The printed amounts the consistency checks are made of.
    public var amounts: ReceiptConsistency.Amounts {
        var a = ReceiptConsistency.Amounts()
        a.itemAmounts = items.map(\.amount)
        a.itemDiscounts = itemDiscountTotal
        a.billDiscounts = billDiscountTotal
        a.subtotal = subtotal
        a.tax = tax
        a.taxIncluded = taxIncluded ? true : nil
        a.serviceCharge = serviceCharge
        a.rounding = rounding
        a.tendered = tendered
        a.change = change
        return a
    }
}
