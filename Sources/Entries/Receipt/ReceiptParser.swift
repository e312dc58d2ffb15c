import Foundation
import RecognizedText

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
            receipt.problems = ["no text was recognized"] + Self.problems(of: receipt)
            return receipt
        }
        // Date and time. A date printed more than once (header and footer, sale and print time) is
        // the likelier one; then a labelled date; then the first printed.
        var dateLine: Int?
        // A date with a time of day beside it is a transaction's, not a stray number.
        var found: [(position: Int, match: DateMatch, labelled: Bool, timed: Bool)] = []
        // Without a date order for the run, the receipt's own dates and marks may settle it.
        let settlement = dateOrder == .unspecified
            ? DateOrderEvidence.fromReceipt(lines.map(\.text).joined(separator: "\n"))
            : DateOrderSettlement(order: dateOrder, reason: "date order \(dateOrder.rawValue) set for the run")
        let order = settlement?.order ?? dateOrder
        for (position, line) in lines.enumerated() {
            guard let match = DateReader.firstDate(in: line.text, order: order, runYear: fields.runYear) else { continue }
            found.append((position, match, ReceiptVocabulary.containsAny(ReceiptVocabulary.words(line.text), Self.dateLabels),
                          TimeReader.firstTime(in: line.text) != nil))
        }
        var votes: [String: Int] = [:]
        for f in found { if let iso = f.match.iso { votes[iso, default: 0] += 1 } }
        let best = found.enumerated().max { a, b in
            let ka = (votes[a.element.match.iso ?? ""] ?? 0, a.element.labelled ? 1 : 0, a.element.timed ? 1 : 0, -a.offset)
            let kb = (votes[b.element.match.iso ?? ""] ?? 0, b.element.labelled ? 1 : 0, b.element.timed ? 1 : 0, -b.offset)
            return ka < kb
        }?.element
        if let best {
            dateLine = best.position
            receipt.date = best.match.iso
            receipt.dateText = best.match.text
            receipt.dateReadings = best.match.readings
            if best.match.readings.count > 1, best.match.iso != nil { receipt.dateSettledBy = settlement }
        }
        if let dateLine, let time = TimeReader.firstTime(in: lines[dateLine].text) {
            receipt.time = time
        } else {
            receipt.time = lines.lazy.compactMap { TimeReader.firstTime(in: $0.text) }.first
        }

        // The header ends where the bill begins: an amount, the item headings, a labelled date, a
        // cashier or invoice line. A bare date under the name (some tills print it there) does not end it.
        let headerEnd = Self.headerEnd(lines)
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
            // A heading OCR garbled ("PRICE — Dise AMOUHT" reads as "amount") has no amount: items follow it.
            case .total: return ReceiptTotalsReader.totalAmount(lines, at: position) != nil
            case .subtotal, .rounding, .change: return true
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

        var candidates = totals.candidates
        // No total line read at all: the subtotal is the amount paid when the payment (or the items)
        // independently agree with it. Tried last, and reported as such.
        // With tax printed beside it the subtotal may be before tax: then only the payment can vouch for it.
        let paidSubtotal = amounts.tendered.flatMap { t in amounts.change.map { Cents.equal(t - $0, amounts.subtotal ?? -1) } } ?? false
        if candidates.isEmpty, let subtotal = amounts.subtotal, let line = totals.subtotalLine,
           amounts.tax == nil || amounts.taxIncluded == true || paidSubtotal {
            candidates.append(TotalCandidate(line: line.index, label: line.label, amount: subtotal, labelScore: 0, fromSubtotal: true))
        }
        // No total line read, but an amount whose label OCR garbled may be it: tried only then, and
        // kept only when the subtotal and tax, the items or the payment agree with it (`settle`).
        if candidates.allSatisfy(\.fromSubtotal) { candidates += totals.unlabelled }
        if candidates.isEmpty, let paid = Self.paidTotal(lines, amounts: amounts) { candidates.append(paid) }
        let byIndex = Dictionary(lines.map { ($0.index, $0.confidence) }, uniquingKeysWith: { a, _ in a })
        func confidence(_ indexes: [Int]) -> Double? {
            let values = indexes.compactMap { byIndex[$0] }
            return values.isEmpty ? nil : (values.reduce(0, +) / Double(values.count) * 10).rounded() / 10
        }
        receipt.confidence = ReceiptConfidence(merchant: confidence(header.merchantLines), address: confidence(header.addressLines),
                                               date: dateLine.map { lines[$0].index }.flatMap { confidence([$0]) })
        receipt.totalCandidates = candidates.map { c in
            var c = c
            c.ocrConfidence = confidence([c.line])
            return c
        }
        Self.settle(&receipt)
        return receipt
    }

    /// The slip's own arithmetic when no total amount was read at all: what was handed over less the
    /// change, or the payment itself when a total label stands without its amount ("TOTAL AMOUNT" /
    /// "CASH RM 6.00") and no change is printed. Kept only when the payment checks vouch for it (`settle`).
    static func paidTotal(_ lines: [ReceiptLine], amounts: ReceiptConsistency.Amounts) -> TotalCandidate? {
        guard let tendered = amounts.tendered, tendered > 0 else { return nil }
        guard let paymentLine = lines.first(where: { line in
            if case .payment = line.role, let amount = line.amount { return Cents.equal(amount, tendered) }
            return false
        }) ?? lines.last else { return nil }
        if let change = amounts.change {
            guard change >= 0, tendered - change > 0 else { return nil }
            return TotalCandidate(line: paymentLine.index, label: "\(paymentLine.label) − change", amount: Cents.round(tendered - change),
                                  labelScore: 0, needsCheck: true)
        }
        // "TOTAL AMOUNT" reads like an item heading; a line that starts with the word is the total's.
        let bareTotalLabel = lines.indices.contains { position in
            let line = lines[position]
            var labelled = ReceiptVocabulary.similar(line.labelWords.first ?? "", "total")
            if case .total = line.role { labelled = true }
            return labelled && ReceiptTotalsReader.totalAmount(lines, at: position) == nil
        }
        guard bareTotalLabel else { return nil }
        return TotalCandidate(line: paymentLine.index, label: paymentLine.label, amount: tendered, labelScore: 0, needsCheck: true)
    }

    /// Where the header ends: the first line of the bill (see `parse`).
    static func headerEnd(_ lines: [ReceiptLine]) -> Int {
        // Numbers stamped above the name ("318.01 017") come before any letters: not the bill.
        let start = lines.firstIndex { $0.letterCount >= 3 } ?? lines.count
        return lines.indices.first { position in
            let line = lines[position]
            if line.amount != nil { return position >= start }
            let words = ReceiptVocabulary.words(line.text)
            if ReceiptVocabulary.containsAny(words, Self.dateLabels), !DateReader.dates(in: line.text).isEmpty { return true }
            if ReceiptVocabulary.isItemHeading(words) { return true }
            // "Jalan Tras Batu 1" is a street, however near "trans" its words read.
            return ReceiptVocabulary.containsAny(Array(words.prefix(3)), Self.billMetaWords) && !ReceiptHeaderReader.hasStreetCue(line)
        } ?? lines.count
    }

    /// Chooses the total among the receipt's candidates, runs the consistency checks and writes the
    /// problems a reader must know about. Shared by one reading and by merged readings.
    static func settle(_ receipt: inout Receipt, amounts: ReceiptConsistency.Amounts? = nil) {
        var amounts = amounts ?? receipt.amounts
        amounts.partialTotals = receipt.totalCandidates.filter(\.isPartial).map(\.amount)
        let choice = chooseTotal(receipt.totalCandidates, amounts: amounts)
        receipt.totalCandidates = choice.candidates
        receipt.total = choice.total
        let chosen = choice.candidates.first(where: \.chosen)
        var checked = amounts
        if chosen?.fromSubtotal == true { checked.subtotal = nil }
        // A weak candidate (the subtotal, a line that may be the tax) that nothing agrees with is not a total.
        if let chosen, chosen.needsCheck, chosen.checksPassed == 0 {
            receipt.total = nil
            receipt.totalCandidates = choice.candidates.map { var c = $0; c.chosen = false; return c }
        }
        let evaluation = ReceiptConsistency.evaluate(checked, total: receipt.total)
        receipt.consistency = evaluation.consistency
        receipt.taxIncluded = evaluation.taxIncluded ?? (amounts.taxIncluded ?? false)
        receipt.confidence.total = receipt.total == nil ? nil : chosen?.ocrConfidence
        receipt.problems = problems(of: receipt)
    }

    /// Whether a problem is the one of a date that could be read two ways (a job pass that settles
    /// the order removes it).
    public static func isAmbiguousDateProblem(_ problem: String) -> Bool {
        problem.hasPrefix("date ") && problem.contains(" is ambiguous (")
    }

    /// The receipt's problems in words, from its fields.
    static func problems(of receipt: Receipt) -> [String] {
        var problems: [String] = []
        if receipt.dateText == nil {
            problems.append("no date found")
        } else if receipt.dateIsAmbiguous {
            problems.append("date \(receipt.dateText ?? "") is ambiguous (\(receipt.dateReadings.joined(separator: " or "))); "
                            + "set the date order (--date-order dmy or mdy)")
        }
        if receipt.total == nil {
            problems.append("no total found")
        } else if let chosen = receipt.totalCandidates.first(where: \.chosen), chosen.fromSubtotal {
            problems.append("no total line read; the subtotal \(String(format2: chosen.amount)) is taken as the total "
                            + "because the payment or the items agree with it")
        }
        if receipt.total != nil && receipt.consistency.checks.isEmpty {
            problems.append("nothing to check the total against (no subtotal, items or payment read)")
        }
        for check in receipt.consistency.checks where !check.passed {
            problems.append("does not add up: \(check.name) (printed \(String(format2: check.found)), "
                            + "expected \(String(format2: check.expected)), residual \(String(format2: check.residual)))")
        }
        // The items against the total, said once even when a subtotal stands between them.
        if let difference = receipt.itemsDifference, let total = receipt.total, abs(difference) > ReceiptConsistency.tolerance,
           !receipt.consistency.checks.contains(where: { !$0.passed && $0.name.hasPrefix("items") && $0.name.hasSuffix("= total") }) {
            problems.append("items do not add up to the total: they come to \(String(format2: Cents.round(total - difference))), "
                            + "the total is \(String(format2: total)) (difference \(String(format2: difference)))")
        }
        return problems
    }

    /// One receipt from several OCR readings of the same page (e.g. at two scales). The total is
    /// chosen among every reading's candidates by the consistency checks, against each reading's
    /// amounts in turn; the other fields come from the reading that read them best (a resolved
    /// date over an ambiguous one, then the higher OCR confidence). Readings keep their order:
    /// on a tie the earlier one wins.
    public static func merge(_ readings: [Receipt]) -> Receipt {
        guard var best = readings.first else { return Receipt() }
        guard readings.count > 1 else { return best }
        let candidates = readings.enumerated().flatMap { index, r in
            r.totalCandidates.map { c -> TotalCandidate in
                var c = c
                c.reading = index
                c.chosen = false
                return c
            }
        }
        // The amounts: the reading under which the chosen total passes most checks.
        var bestKey: (checks: Int, consistent: Bool, label: Int)?
        for reading in readings {
            var trial = reading
            trial.totalCandidates = candidates
            settle(&trial)
            let chosen = trial.totalCandidates.first(where: \.chosen)
            let key = (chosen?.checksPassed ?? -1, trial.consistency.consistent, chosen?.labelScore ?? -1)
            let current = bestKey.map { ($0.checks, $0.consistent ? 1 : 0, $0.label) } ?? (Int.min, 0, Int.min)
            if (key.0, key.1 ? 1 : 0, key.2) > current {
                bestKey = key
                best = trial
            }
        }
        func pick<T>(_ value: (Receipt) -> T?, rank: (Receipt) -> Double) -> Receipt? {
            readings.filter { value($0) != nil }.enumerated().max { a, b in
                (rank(a.element), -Double(a.offset)) < (rank(b.element), -Double(b.offset))
            }?.element
        }
        if let source = pick({ $0.dateText }, rank: { ($0.date != nil ? 1000 : 0) + ($0.confidence.date ?? 0) }) {
            best.date = source.date
            best.dateText = source.dateText
            best.dateReadings = source.dateReadings
            best.dateSettledBy = source.dateSettledBy
            best.confidence.date = source.confidence.date
            best.time = source.time ?? best.time
        }
        if let source = pick({ $0.merchant }, rank: { $0.confidence.merchant ?? 0 }) {
            best.merchant = source.merchant
            best.confidence.merchant = source.confidence.merchant
        }
        if let source = pick({ $0.address }, rank: { $0.confidence.address ?? 0 }) {
            best.address = source.address
            best.confidence.address = source.confidence.address
        }
        best.time = best.time ?? readings.lazy.compactMap(\.time).first
        best.currency = best.currency ?? readings.lazy.compactMap(\.currency).first
        for r in readings {
            for phone in r.phones where !best.phones.contains(phone) { best.phones.append(phone) }
            for registration in r.registrations where !best.registrations.contains(where: { $0.number == registration.number }) {
                best.registrations.append(registration)
            }
        }
        best.readings = readings.count
        best.problems = problems(of: best)
        return best
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
            var tried = amounts
            if candidate.fromSubtotal { tried.subtotal = nil }
            var passed = ReceiptConsistency.evaluate(tried, total: candidate.amount).consistency.checks.filter(\.passed).count
            // A candidate that needs vouching for counts only the checks its amount takes part in
            // (items = subtotal holds whatever the total is).
            if candidate.needsCheck {
                passed -= ReceiptConsistency.evaluate(tried, total: nil).consistency.checks.filter(\.passed).count
            }
            var roundingAgrees = false
            if let rounding = amounts.rounding, rounding != 0 {
                roundingAgrees = candidates[..<i].contains { Cents.equal($0.amount + rounding, candidate.amount) }
            }
            scored[i].checksPassed = passed + (roundingAgrees ? 1 : 0)
            let repeats = candidates.filter { Cents.equal($0.amount, candidate.amount) }.count - 1
            let score = 6 * scored[i].checksPassed + 2 * candidate.labelScore + min(repeats, 2)
            if let current = best, score == current.score {
                // Ties: the stronger label, then the line OCR was surer of (two readings of one line),
                // then the later line (totals after rounding and tax come last).
                let other = candidates[current.index]
                if candidate.labelScore != other.labelScore {
                    if candidate.labelScore > other.labelScore { best = (i, score) }
                } else if let a = candidate.ocrConfidence, let b = other.ocrConfidence, abs(a - b) > 1 {
                    if a > b { best = (i, score) }
                } else {
                    best = (i, score)
                }
            } else if score > (best?.score ?? Int.min) {
                best = (i, score)
            }
        }
        guard let best else { return (nil, scored) }
        scored[best.index].chosen = true
        return (candidates[best.index].amount, scored)
    }
}
