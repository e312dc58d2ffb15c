
/// Whether a receipt's amounts agree. A receipt that does not add up is reported as it is: the
/// printed amounts are never changed to make it agree.
public struct ReceiptConsistency: Sendable, Equatable, Codable {
    /// True only when at least one check applied and every applicable check passed.
    public var consistent: Bool
    /// The largest residual of a failed check (printed − expected), 0 when all passed, nil when
    /// nothing could be checked.
    public var residual: Double?
    public var checks: [AmountRelation]

    /// Half a cent either way: amounts are printed to the cent.
    public static let tolerance = 0.005

    public init(checks: [AmountRelation] = []) {
        self.checks = checks
        self.consistent = !checks.isEmpty && checks.allSatisfy(\.passed)
        if checks.isEmpty {
            residual = nil
        } else {
            residual = checks.filter { !$0.passed }.map(\.residual).max { abs($0) < abs($1) } ?? 0
        }
    }

    /// The amounts the checks are made of, gathered so that a candidate total can be tried
    /// without building a whole receipt.
    public struct Amounts: Sendable, Equatable {
        public var itemAmounts: [Double] = []
        public var itemDiscounts = 0.0
        public var billDiscounts = 0.0
        public var subtotal: Double?
        public var tax: Double?
        /// nil: the labels did not say; both readings are tried.
        public var taxIncluded: Bool?
        public var serviceCharge: Double?
        public var rounding: Double?
        public var tendered: Double?
        public var change: Double?
        /// Totals of part of the bill ("Total 0% supplies", "Total 6% supplies (incl. GST)"), as read,
        /// repeats and all: tax-era receipts print one per rate, and the rates add up to the total.
        public var partialTotals: [Double] = []

        public init() {}
    }

    /// The sum of two or three different partial totals nearest `total`; nil with fewer than two, or
    /// more than eight (too many sums to try, and one would match by chance).
    /// Which of them belong together is not known (each rate's total is often printed twice, once
    /// misread), so every pair and triple of different amounts is tried.
    static func partialSum(_ partials: [Double], nearest total: Double) -> Double? {
        var distinct: [Double] = []
        for p in partials where p > 0 && !distinct.contains(where: { Cents.equal($0, p) }) { distinct.append(p) }
        guard distinct.count >= 2, distinct.count <= 8 else { return nil }
        var best: Double?
        func consider(_ sum: Double) {
            if best.map({ abs(sum - total) < abs($0 - total) }) ?? true { best = sum }
        }
        for i in distinct.indices {
            for j in distinct.indices where j > i {
                consider(distinct[i] + distinct[j])
                for k in distinct.indices where k > j { consider(distinct[i] + distinct[j] + distinct[k]) }
            }
        }
        return best
    }

    /// The checks that apply for `total`, and whether tax turned out to be included in the subtotal.
    public static func evaluate(_ a: Amounts, total: Double?) -> (consistency: ReceiptConsistency, taxIncluded: Bool?) {
        var checks: [AmountRelation] = []
        var included = a.taxIncluded
        let itemSum = a.itemAmounts.reduce(0, +)
        if !a.itemAmounts.isEmpty, let subtotal = a.subtotal {
            let check = AmountRelation(name: "items − item discounts = subtotal", expected: itemSum - a.itemDiscounts, found: subtotal)
            // Items priced with tax, subtotal printed without it ("Total excl. GST"): items = subtotal + tax.
            if !check.passed, let tax = a.tax, a.taxIncluded != true {
                let withTax = AmountRelation(name: "items − item discounts = subtotal + tax",
                                               expected: itemSum - a.itemDiscounts, found: subtotal + tax)
                checks.append(withTax.passed ? withTax : check)
            } else {
                checks.append(check)
            }
        }
        if let total {
            let extras = (a.serviceCharge ?? 0) + (a.rounding ?? 0)
            // The base the bill is built on: the subtotal, or the items when no subtotal is printed.
            let base: (value: Double, name: String)? = a.subtotal.map { ($0 - a.billDiscounts, "subtotal") }
                ?? (a.itemAmounts.isEmpty ? nil : (itemSum - a.itemDiscounts - a.billDiscounts, "items"))
            if let base {
                var terms = base.name == "subtotal" ? "subtotal" : "items"
                if a.itemDiscounts + a.billDiscounts > 0 { terms += " − discounts" }
                if a.serviceCharge != nil { terms += " + service charge" }
                if a.rounding != nil { terms += " + rounding" }
                if let tax = a.tax, tax != 0 {
                    let exclusive = AmountRelation(name: "\(terms) + tax = total", expected: base.value + tax + extras, found: total)
                    let inclusive = AmountRelation(name: "\(terms) (tax included) = total", expected: base.value + extras, found: total)
                    switch a.taxIncluded {
                    case true?: checks.append(inclusive)
                    case false?: checks.append(exclusive)
                    case nil:
                        if inclusive.passed && !exclusive.passed {
                            checks.append(inclusive)
                            included = true
                        } else {
                            checks.append(exclusive)
                            if exclusive.passed { included = false }
                        }
                    }
                } else {
                    checks.append(AmountRelation(name: "\(terms) = total", expected: base.value + extras, found: total))
                }
            }
            if let tendered = a.tendered, let change = a.change {
                checks.append(AmountRelation(name: "tendered − change = total", expected: tendered - change, found: total))
            }
            // Two checks that only ever vouch: when they do not hold, nothing is wrong with the bill.
            // Cash handed over with no change printed is often more than the bill; and which totals
            // per rate belong together is guessed (a rate read twice, one before tax), so a miss
            // proves nothing.
            if a.change == nil, let tendered = a.tendered, Cents.equal(tendered, total) {
                checks.append(AmountRelation(name: "paid exactly (no change) = total", expected: tendered, found: total))
            }
            let rounding = a.rounding ?? 0
            if let sum = partialSum(a.partialTotals, nearest: total - rounding), Cents.equal(sum + rounding, total) {
                checks.append(AmountRelation(name: "totals per tax rate\(rounding != 0 ? " + rounding" : "") = total",
                                               expected: sum + rounding, found: total))
            }
        }
        return (ReceiptConsistency(checks: checks), included)
    }
}
