/// Reads the bill's amounts after the items — subtotal, discounts, tax, service charge, rounding,
/// payment and change — and every amount that could be the total. Choosing among the candidates
/// is left to the consistency checks (see `ReceiptParser.chooseTotal`).
struct ReceiptTotalsReader {
    struct Result {
        var amounts = ReceiptConsistency.Amounts()
        var discounts: [ReceiptDiscount] = []
        var payment: String?
        var candidates: [TotalCandidate] = []
        /// Amounts among the bill's lines whose label OCR garbled ("Toy\", : RM = 73.00"): totals
        /// only if no labelled one was read and a consistency check vouches for them.
        var unlabelled: [TotalCandidate] = []
        var subtotalLine: (index: Int, label: String)?
    }

    func read(_ lines: [ReceiptLine]) -> Result {
        var result = Result()
        var taxLines: [(amount: Double, totalled: Bool)] = []
        var afterSummary = false
        var afterPayment = false
        var afterRounding = false
        // Index of the last candidate followed by a tax line: "Total 155.50 / GST 9.31 / Total 164.80".
        var taxAfterCandidate: Int?
        // Positions of the rounding line and of the last total line, to tell a rounded total printed after its rounding.
        var roundingLine: Int?
        var lastCandidateLine = -1
        for (position, line) in lines.enumerated() {
            let role = line.role
            if case .summaryHeading = role { afterSummary = true; continue }
            var amount = line.amount ?? Self.amountOnNextLine(lines, after: position)
            if amount == nil, case .total = role { amount = Self.amountWithoutDecimalMark(line) }
            switch role {
            case .total(let strength):
                guard let amount, amount >= 0 else { continue }
                if let earlier = taxAfterCandidate, result.candidates[earlier].amount < amount {
                    // The earlier "total" was the amount before tax.
                    result.candidates[earlier].labelScore -= 2
                    if result.amounts.subtotal == nil {
                        result.amounts.subtotal = result.candidates[earlier].amount
                        result.subtotalLine = (result.candidates[earlier].line, result.candidates[earlier].label)
                    }
                    taxAfterCandidate = nil
                }
                var score = strength
                if afterSummary { score -= 2 }
                if afterPayment { score -= 1 }
                if line.money.count > 1 { score -= 1 }
                // A total printed after the rounding line is the rounded one, the amount paid.
                if afterRounding && !result.candidates.isEmpty { score += 1 }
                result.candidates.append(TotalCandidate(line: line.index, label: line.label, amount: amount, labelScore: score))
                lastCandidateLine = position
            case .subtotal:
                if let amount, result.amounts.subtotal == nil, !afterSummary {
                    result.amounts.subtotal = amount
                    result.subtotalLine = (line.index, line.label)
                }
            case .tax(let included):
                guard let amount, !afterSummary, !afterPayment || taxLines.isEmpty else { continue }
                if included { result.amounts.taxIncluded = true }
                let totalled = line.labelWords.contains { ReceiptVocabulary.similar($0, "total") }
                taxLines.append((abs(amount), totalled))
                if !included, !result.candidates.isEmpty { taxAfterCandidate = result.candidates.count - 1 }
                // "Total includes GST 0% 8.20" may be the bill or its tax: both are tried, the checks decide.
                if included, totalled, amount > 0 {
                    result.candidates.append(TotalCandidate(line: line.index, label: line.label, amount: amount, labelScore: 1,
                                                            needsCheck: true))
                }
            case .serviceCharge:
                if let amount, !afterSummary { result.amounts.serviceCharge = (result.amounts.serviceCharge ?? 0) + amount }
            case .discount:
                if let amount, amount != 0, !afterSummary {
                    result.discounts.append(ReceiptDiscount(line: line.index, label: line.label, amount: abs(amount), scope: .bill))
                    result.amounts.billDiscounts += abs(amount)
                }
            case .rounding:
                afterRounding = afterRounding || !result.candidates.isEmpty
                guard let amount else { continue }
                // "ROUNDING RM 45.35": some tills label the rounded total itself "Rounding"; an
                // adjustment is never that large.
                if abs(amount) >= 1 {
                    // Far from the total read above it, it is the rounded total only if a check says so
                    // (the total above may be the misread one: "Total Sales 48.34 / Rounding 45.35").
                    let agrees = result.candidates.last.map { abs($0.amount - amount) < 0.1 } ?? true
                    result.candidates.append(TotalCandidate(line: line.index, label: line.label, amount: amount, labelScore: 2,
                                                            needsCheck: !agrees))
                } else if result.amounts.rounding == nil {
                    result.amounts.rounding = amount
                    roundingLine = position
                }
            case .payment(let method):
                guard let amount else {
                    if result.payment == nil, line.tokens.count <= 4 { result.payment = method }
                    continue
                }
                if result.amounts.tendered == nil {
                    result.amounts.tendered = amount
                    result.payment = method
                }
                afterPayment = true
            case .change:
                if let amount, result.amounts.change == nil { result.amounts.change = amount }
                afterPayment = true
            case .other:
                guard let amount, amount > 0, !afterSummary, !afterPayment, line.money.count == 1 else { continue }
                result.unlabelled.append(TotalCandidate(line: line.index, label: line.label, amount: amount, labelScore: -1,
                                                        needsCheck: true))
            default:
                continue
            }
        }
        // "Total 64.13 / Rounding 0.02" and no rounded total read after it: the amount paid is the
        // total plus the rounding, when that lands on the step cash is rounded to (5 cents).
        if let rounding = result.amounts.rounding, rounding != 0, roundingLine.map({ $0 > lastCandidateLine }) ?? false,
           let last = result.candidates.last(where: { !$0.needsCheck }) {
            let rounded = Cents.round(last.amount + rounding)
            if Int((rounded * 100).rounded()) % 5 == 0, rounded > 0 {
                result.candidates.append(TotalCandidate(line: last.line, label: "\(last.label) + rounding", amount: rounded,
                                                        labelScore: last.labelScore))
            }
        }
        // One "Total GST" line is the tax; otherwise the tax lines add up (GST and service tax …).
        if let totalled = taxLines.first(where: \.totalled) {
            result.amounts.tax = totalled.amount
        } else if !taxLines.isEmpty {
            var seen: [Double] = []
            for line in taxLines where !seen.contains(where: { Cents.equal($0, line.amount) }) { seen.append(line.amount) }
            result.amounts.tax = Cents.round(seen.reduce(0, +))
        }
        return result
    }

    /// "Grand Total 92 80": the decimal mark lost; read as 92.80 and left to the checks.
    static func amountWithoutDecimalMark(_ line: ReceiptLine) -> Double? {
        guard line.tokens.count >= 3, let cents = line.tokens.last, cents.count == 2, cents.allSatisfy(\.isNumber) else { return nil }
        let whole = line.tokens[line.tokens.count - 2].filter(\.isNumber)
        guard (1...5).contains(whole.count) else { return nil }
        return Double("\(whole).\(cents)")
    }

    /// The amount a total line states, however OCR printed it.
    static func totalAmount(_ lines: [ReceiptLine], at position: Int) -> Double? {
        lines[position].amount ?? amountOnNextLine(lines, after: position) ?? amountWithoutDecimalMark(lines[position])
    }

    /// The amount of a label printed alone on its line, read as the next line ("TOTAL:" / "9.00").
    /// Not when the label's own amount is there but garbled ("Net Tota! 25. 3" / "C 50.00": the next
    /// line is the cash), and not when the next line has a label of its own.
    /// A rate ending the label ("TOTAL INCL. GST 6%", "Service Charge 10%") is part of the label.
    static func amountOnNextLine(_ lines: [ReceiptLine], after position: Int) -> Double? {
        guard position + 1 < lines.count else { return nil }
        if let last = lines[position].tokens.last, last.contains(where: \.isNumber), !last.hasSuffix("%") { return nil }
        let next = lines[position + 1]
        guard next.money.count == 1, !next.label.contains(where: \.isLetter) else { return nil }
        return next.amount
    }
}
