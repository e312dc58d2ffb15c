import Imaging

/// One purchased line of a receipt.
public struct ReceiptItem: Sendable, Equatable, Codable {
    /// Index of the first recognized line the item was read from.
    public var line: Int
    /// Index of the last line: a description printed above its numbers spans two lines.
    public var lastLine: Int
    public var rawText: String
    public var box: PixelRect
    public var description: String
    /// Article number or barcode printed with the item (EAN, SKU), when there is one.
    public var code: String?
    public var quantity: Double?
    public var unitPrice: Double?
    /// The line's amount as printed (negative for a returned item or a discount line).
    public var amount: Double
    /// The description's vintage when the item is a wine (used for catalogue matching).
    public var vintage: Vintage?

    public init(line: Int, lastLine: Int? = nil, rawText: String, box: PixelRect, description: String, code: String? = nil,
                quantity: Double? = nil, unitPrice: Double? = nil, amount: Double, vintage: Vintage? = nil) {
        self.line = line
        self.lastLine = lastLine ?? line
        self.rawText = rawText
        self.box = box
        self.description = description
        self.code = code
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.amount = amount
        self.vintage = vintage
    }
}

/// A company or tax registration number printed on a receipt (company number, GST/VAT/SST id …).
public struct ReceiptRegistration: Sendable, Equatable, Codable {
    /// `company`, `gst`, `sst`, `vat`, `tax`, `abn` …: what the number registers.
    public var kind: String
    public var number: String

    public init(kind: String, number: String) {
        self.kind = kind
        self.number = number
    }
}

/// A discount as printed: on an item (between the items) or on the whole bill (after the subtotal).
public struct ReceiptDiscount: Sendable, Equatable, Codable {
    public enum Scope: String, Sendable, Codable { case item, bill }
    public var line: Int
    public var label: String
    /// Always positive: the amount taken off.
    public var amount: Double
    public var scope: Scope

    public init(line: Int, label: String, amount: Double, scope: Scope) {
        self.line = line
        self.label = label
        self.amount = amount
        self.scope = scope
    }
}

/// One amount that could be the receipt's total, with why it was (or was not) chosen.
public struct TotalCandidate: Sendable, Equatable, Codable {
    public var line: Int
    public var label: String
    public var amount: Double
    /// How strongly the label says "this is the total" (grand total, amount due … above plain total).
    public var labelScore: Int
    /// Consistency checks this amount passes when taken as the total.
    public var checksPassed: Int
    public var chosen: Bool
    /// The amount is the subtotal's, tried as the total because no total line was read.
    public var fromSubtotal: Bool
    /// Only a total if a consistency check agrees: the subtotal tried as the total, or a line that
    /// may state the tax rather than the bill ("Total included GST 0.42").
    public var needsCheck: Bool
    /// Which OCR reading of the page it came from (0: the first).
    public var reading: Int
    /// Mean OCR word confidence of its line.
    public var ocrConfidence: Double?

    public init(line: Int, label: String, amount: Double, labelScore: Int, checksPassed: Int = 0, chosen: Bool = false,
                fromSubtotal: Bool = false, needsCheck: Bool = false, reading: Int = 0, ocrConfidence: Double? = nil) {
        self.line = line
        self.label = label
        self.amount = amount
        self.labelScore = labelScore
        self.checksPassed = checksPassed
        self.chosen = chosen
        self.fromSubtotal = fromSubtotal
        self.needsCheck = needsCheck || fromSubtotal
        self.reading = reading
        self.ocrConfidence = ocrConfidence
    }
}

/// Mean OCR word confidence (0…100) of the lines each field was read from: what a reviewer should
/// look at first, and how readings of the same page are compared.
public struct ReceiptConfidence: Sendable, Equatable, Codable {
    public var merchant: Double?
    public var address: Double?
    public var date: Double?
    public var total: Double?

    public init(merchant: Double? = nil, address: Double? = nil, date: Double? = nil, total: Double? = nil) {
        self.merchant = merchant
        self.address = address
        self.date = date
        self.total = total
    }
}

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
                dateReadings: [String] = [], time: String? = nil, currency: String? = nil, items: [ReceiptItem] = [],
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
