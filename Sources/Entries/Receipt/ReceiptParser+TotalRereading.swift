import RecognizedText

extension ReceiptParser {
    /// The lines of a reading worth reading again alone for the total (indices into `page.lines`,
    /// strongest total label first, at most `limit`). A digit lost or gained on the total's line
    /// ("194.19" for 94.19, "-51.8" for 51.88) shows in two ways: the bill does not add up to the
    /// total chosen, or a line labelled more strongly than the chosen total ("Total Payable" above a
    /// "Total 6% supplies") gave no amount at all. Those lines, read again alone by the other reader
    /// at a larger size, are the closer look; partial totals ("Total 0% supplies") are left out.
    public func totalLines(of page: RecognizedPage, receipt: Receipt, limit: Int = 2) -> [Int] {
        let chosen = receipt.totalCandidates.first(where: \.chosen)
        let lines = page.lines.enumerated().map { ReceiptLine(index: $0.offset, line: $0.element) }
        let totals = lines.compactMap { line -> (index: Int, strength: Int)? in
            guard case .total(let strength) = line.role, line.text.contains(where: \.isNumber),
                  !ReceiptVocabulary.containsAny(ReceiptVocabulary.words(line.text), ReceiptVocabulary.partialTotal) else { return nil }
            let unread = !receipt.totalCandidates.contains { Self.isOn(line, $0) }
            let stronger = chosen.map { strength > $0.labelScore } ?? true
            guard !receipt.consistency.consistent || unread && stronger else { return nil }
            return (line.index, strength)
        }
        // Strongest label first; of equal ones the later line (the total after its rounding).
        return totals.sorted { ($0.strength, $0.index) > ($1.strength, $1.index) }.prefix(limit).map(\.index)
    }

    /// The receipt with a total from its total lines read again alone (`rereadings`: the line's
    /// index in the reading the amounts came from, and the text read). A closer look is trusted
    /// only when the rest of the bill agrees with it: its amount must become the chosen total and
    /// pass more consistency checks than the page's total did, or as many when the page read no
    /// amount at all on that more strongly labelled line.
    public func withRereadTotal(_ receipt: Receipt, page: RecognizedPage, rereadings: [(line: Int, text: String)]) -> Receipt {
        let chosen = receipt.totalCandidates.first(where: \.chosen)
        for (index, text) in rereadings where page.lines.indices.contains(index) {
            let original = ReceiptLine(index: index, line: page.lines[index])
            guard case .total(let strength) = original.role else { continue }
            let same = receipt.totalCandidates.first { Self.isOn(original, $0) }
            for amount in Self.amounts(read: ReceiptLine(index: index, text: text)) where amount > 0
                && !receipt.totalCandidates.contains(where: { Self.isOn(original, $0) && Cents.equal($0.amount, amount) }) {
                var candidate = same ?? TotalCandidate(line: index, label: original.label, amount: amount, labelScore: strength,
                                                       reading: chosen?.reading ?? 0)
                candidate.amount = amount
                candidate.checksPassed = 0
                candidate.chosen = false
                var trial = receipt
                trial.totalCandidates = receipt.totalCandidates.map { var c = $0; c.chosen = false; return c } + [candidate]
                Self.settle(&trial)
                guard let won = trial.totalCandidates.first(where: \.chosen), won.line == index, Cents.equal(won.amount, amount),
                      won.checksPassed >= 1 else { continue }
                let before = chosen?.checksPassed ?? 0
                if won.checksPassed > before || same == nil && won.checksPassed >= before { return trial }
            }
        }
        return receipt
    }

    /// Whether a candidate came from this line of the page: its line number and its label. Merged
    /// readings number their lines each their own way, and the page read again may be any of them.
    static func isOn(_ line: ReceiptLine, _ candidate: TotalCandidate) -> Bool {
        candidate.line == line.index && candidate.label == line.label
    }

    /// The amounts a total's line read alone may state: as printed, with its decimal mark read as
    /// a space ("51 88"), or lost ("-5188" under a pen stroke). Only the bill's arithmetic tells
    /// which, so all are tried.
    static func amounts(read line: ReceiptLine) -> [Double] {
        var out: [Double] = []
        if let amount = line.amount { out.append(amount) }
        if let amount = ReceiptTotalsReader.amountWithoutDecimalMark(line) { out.append(amount) }
        if let last = line.tokens.last, !last.contains("."), !last.contains(",") {
            let digits = last.filter(\.isNumber)
            if (3...7).contains(digits.count), let cents = Double(digits) { out.append(cents / 100) }
        }
        return out
    }
}
