import Foundation
import Recognition

/// Reads a receipt's recognized lines into a `Receipt`: header (merchant, address, numbers), date
/// and time, items, the bill's amounts, and whether they add up. When several amounts could be
/// the total, the one the other amounts agree with is chosen; a receipt that does not add up is
/// reported with its residual, never corrected.
public struct ReceiptParser: Sendable {
    public var fields: FieldParser
    /// How to read 03/04/2018; `.unspecified` records both readings instead of guessing.
    public var dateOrder: DateOrder

    public init(fields: FieldParser = FieldParser(), dateOrder: DateOrder = .unspecified) {
        self.fields = fields
        self.dateOrder = dateOrder
    }

    public func parse(_ page: RecognizedPage) -> Receipt { parse(lines: page.lines) }

    public func parse(lines: [RecognizedLine]) -> Receipt {
        parse(receiptLines: lines.enumerated().map { ReceiptLine(index: $0.offset, line: $0.element) })
    }

    /// Plain text, one printed line per line (tests, or re-reading an image's .txt sidecar).
    public func parse(text: String) -> Receipt {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return parse(receiptLines: lines.enumerated().compactMap { index, line in
            line.trimmingCharacters(in: .whitespaces).isEmpty ? nil : ReceiptLine(index: index, text: line)
        })
    }

    static let dateLabels = ReceiptVocabulary.phrases("date,dated,tarikh,datum,fecha,data,dt,ddate")
    /// Lines that belong to the bill's bookkeeping rather than the header: where the header ends.
    static let billMetaWords = ReceiptVocabulary.phrases(
        "cashier,invoice no,inv no,receipt no,rcpt no,doc no,document no,bill no,table,counter,terminal,pos,member,order no,trans,transaction,txn,slip,server,staff,salesperson,operator,till,ctr,station,shift,no resit,resit")

    func parse(receiptLines lines: [ReceiptLine]) -> Receipt {
        var receipt = Receipt()
        guard !lines.isEmpty else {
            receipt.problems = ["no text was recognized", "no total found"]
            return receipt
        }
        // Date and time: a labelled date first, else the first date printed.
        var dateLine: Int?
        var firstDate: (position: Int, match: DateMatch)?
        var labelled: (position: Int, match: DateMatch)?
        for (position, line) in lines.enumerated() {
            guard let match = DateReader.firstDate(in: line.text, order: dateOrder, runYear: fields.runYear) else { continue }
            if firstDate == nil { firstDate = (position, match) }
            if labelled == nil, ReceiptVocabulary.containsAny(ReceiptVocabulary.words(line.text), Self.dateLabels) {
                labelled = (position, match)
            }
        }
        if let found = labelled ?? firstDate {
            dateLine = found.position
            receipt.date = found.match.iso
            receipt.dateText = found.match.text
            receipt.dateReadings = found.match.readings
            if found.match.isAmbiguous {
                receipt.problems.append("date \(found.match.text) is ambiguous (\(found.match.readings.joined(separator: " or "))); "
                                        + "set the date order (--date-order dmy or mdy)")
            }
        }
        if let dateLine, let time = TimeReader.firstTime(in: lines[dateLine].text) {
            receipt.time = time
        } else {
            receipt.time = lines.lazy.compactMap { TimeReader.firstTime(in: $0.text) }.first
        }

        // The header ends where the bill begins: an amount, the item headings, a labelled date, a
        // cashier or invoice line. A bare date under the name (some tills print it there) does not end it.
        let headerEnd = lines.indices.first { position in
            let line = lines[position]
            if line.amount != nil { return true }
            let words = ReceiptVocabulary.words(line.text)
            if ReceiptVocabulary.containsAny(words, Self.dateLabels), !DateReader.dates(in: line.text).isEmpty { return true }
            if ReceiptVocabulary.isItemHeading(words) { return true }
            return ReceiptVocabulary.containsAny(Array(words.prefix(3)), Self.billMetaWords)
        } ?? lines.count
        let header = ReceiptHeaderReader.read(lines, end: headerEnd)
        receipt.merchant = header.merchant
        receipt.address = header.address
        receipt.phones = ReceiptNumberReader.phones(in: lines).phones
        receipt.registrations = ReceiptNumberReader.registrations(in: lines, merchantLines: Set(header.merchantLines))

        // Currency: the mark printed most often.
        var counts: [String: Int] = [:]
        for line in lines { if let c = line.currency { counts[c, default: 0] += 1 } }
        receipt.currency = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key

        // Items run from the header to the first line of the bill's totals.
        let bodyStart = max(headerEnd, (header.addressLines + header.merchantLines).map { i in
            (lines.firstIndex { $0.index == i } ?? -1) + 1
        }.max() ?? 0)
        let totalsStart = lines.indices.first { position in
            guard position >= bodyStart else { return false }
            let role = lines[position].role
            switch role {
            case .total, .subtotal, .rounding, .change: return true
            case .tax, .serviceCharge, .payment: return lines[position].amount != nil
            default: return false
            }
        } ?? lines.count
        let itemResult = ReceiptItemReader(fields: fields).read(Array(lines[min(bodyStart, totalsStart)..<totalsStart]))
        receipt.items = itemResult.items
        let totals = ReceiptTotalsReader().read(lines[totalsStart...].flatMap { $0.segments() })
        receipt.discounts = itemResult.discounts + totals.discounts
        receipt.payment = totals.payment
        var amounts = totals.amounts
        amounts.itemAmounts = receipt.items.map(\.amount)
        amounts.itemDiscounts = receipt.itemDiscountTotal
        receipt.subtotal = amounts.subtotal
        receipt.tax = amounts.tax
        receipt.serviceCharge = amounts.serviceCharge
        receipt.rounding = amounts.rounding
        receipt.tendered = amounts.tendered
        receipt.change = amounts.change

        var choice = Self.chooseTotal(totals.candidates, amounts: amounts)
        // No total line read at all: the subtotal is the amount paid when the payment (or the items)
        // independently agree with it. Reported as such, never silently.
        if choice.total == nil, let subtotal = amounts.subtotal, let line = totals.subtotalLine {
            var withoutSubtotal = amounts
            withoutSubtotal.subtotal = nil
            let candidate = TotalCandidate(line: line.index, label: line.label, amount: subtotal, labelScore: 0)
            let fallback = Self.chooseTotal([candidate], amounts: withoutSubtotal)
            if let chosen = fallback.candidates.first, chosen.checksPassed > 0 {
                choice = fallback
                receipt.problems.append("no total line read; the subtotal \(String(format2: subtotal)) is taken as the total "
                                        + "because the payment or the items agree with it")
            }
        }
        receipt.totalCandidates = choice.candidates
        receipt.total = choice.total
        let evaluation = ReceiptConsistency.evaluate(amounts, total: choice.total)
        receipt.consistency = evaluation.consistency
        receipt.taxIncluded = evaluation.taxIncluded ?? (amounts.taxIncluded ?? false)
        if receipt.total == nil {
            receipt.problems.append("no total found")
        } else if receipt.consistency.checks.isEmpty {
            receipt.problems.append("nothing to check the total against (no subtotal, items or payment read)")
        }
        for check in receipt.consistency.checks where !check.passed {
            receipt.problems.append("does not add up: \(check.name) (printed \(String(format2: check.found)), "
                                    + "expected \(String(format2: check.expected)), residual \(String(format2: check.residual)))")
        }
        return receipt
    }

    /// Picks the total among the candidates: each amount is tried as the total, and the one the
    /// most consistency checks agree with wins; the label's strength and how often the amount is
    /// printed break ties. An amount printed after a rounding line that equals an earlier total
    /// plus the rounding is the rounded total.
    static func chooseTotal(_ candidates: [TotalCandidate], amounts: ReceiptConsistency.Amounts) -> (total: Double?, candidates: [TotalCandidate]) {
        guard !candidates.isEmpty else { return (nil, []) }
        var scored = candidates
        var best: (index: Int, score: Int)?
        for (i, candidate) in candidates.enumerated() {
            let passed = ReceiptConsistency.evaluate(amounts, total: candidate.amount).consistency.checks.filter(\.passed).count
            var roundingAgrees = false
            if let rounding = amounts.rounding, rounding != 0 {
                roundingAgrees = candidates[..<i].contains { Cents.equal($0.amount + rounding, candidate.amount) }
            }
            scored[i].checksPassed = passed + (roundingAgrees ? 1 : 0)
            let repeats = candidates.filter { Cents.equal($0.amount, candidate.amount) }.count - 1
            let score = 4 * scored[i].checksPassed + 2 * candidate.labelScore + min(repeats, 2)
            if best == nil || score > best!.score || (score == best!.score && candidate.labelScore >= candidates[best!.index].labelScore) {
                best = (i, score)
            }
        }
        guard let best else { return (nil, scored) }
        scored[best.index].chosen = true
        return (candidates[best.index].amount, scored)
    }
}
