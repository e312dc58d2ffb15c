import Foundation

extension ReceiptParser {
    /// "Crate: 92/02/2018", "Oa/Jan/e0t7": a token shaped like a date that OCR damaged beyond
    /// reading. Two short groups and a year-sized one, joined by date punctuation.
    static let damagedDateShape = DateReader.regex(#"(?<![0-9a-z])[0-9a-z]{1,2}\s?[/.\-]\s?[0-9a-z]{2,3}\s?[/.\-]\s?[0-9a-z%]{2,4}(?![0-9a-z])"#)

    /// The lines of a reading worth reading again alone for the date (indices into `lines`, at most
    /// `limit`). When the reading found a date, only the line it came from: misread digits there
    /// ("06/03/2016" for 2018, "18/02" for 16/02) give another valid date, which no grammar can
    /// refuse, so only a closer look can overturn it. When it found none, the lines that should hold
    /// one: a date label beside a damaged date, or a damaged date shape with two digits or more.
    public func dateLines(_ lines: [String], receipt: Receipt, limit: Int = 2) -> [Int] {
        if let printed = receipt.dateText {
            return lines.indices.first { i in
                DateReader.dates(in: lines[i], order: .unspecified, runYear: fields.runYear).contains { $0.text == printed }
            }.map { [$0] } ?? []
        }
        let labelled = lines.indices.filter { i in
            ReceiptVocabulary.containsAny(ReceiptVocabulary.words(lines[i]), Self.dateLabels)
                && lines[i].contains(where: \.isNumber)
        }
        let shaped = lines.indices.filter { i in
            Self.damagedDateShape.matches(in: lines[i]).contains { m in
                (lines[i] as NSString).substring(with: m.range).filter(\.isNumber).count >= 2
            }
        }
        var chosen: [Int] = []
        for i in labelled.filter(shaped.contains) + labelled + shaped where !chosen.contains(i) { chosen.append(i) }
        return Array(chosen.prefix(limit))
    }

    /// The receipt with its date chosen by a vote among the page reading and the date lines read
    /// again alone (`rereadings`, one text per reading). The page's date counts once for every line
    /// of the page that prints it; each line reading counts once. The page's date keeps ties: a
    /// closer look overturns it only when it is read the other way more often than the page
    /// printed it. The vote is between calendar readings, so a date read two ways counts as one
    /// answer whatever order settles it.
    public func withRereadDate(_ receipt: Receipt, pageLines: [String], rereadings: [String]) -> Receipt {
        let settlement = dateOrder == .unspecified
            ? DateOrderEvidence.fromReceipt(pageLines.joined(separator: "\n"))
            : DateOrderSettlement(order: dateOrder, reason: "date order \(dateOrder.rawValue) set for the run")
        let order = settlement?.order ?? dateOrder
        func key(_ readings: [String]) -> String { readings.sorted().joined(separator: "|") }
        var votes: [String: Int] = [:]
        var matches: [String: DateMatch] = [:]
        var pageKey: String?
        if receipt.dateText != nil, !receipt.dateReadings.isEmpty {
            let k = key(receipt.dateReadings)
            pageKey = k
            votes[k] = max(1, pageLines.filter { line in
                DateReader.dates(in: line, order: .unspecified, runYear: fields.runYear).contains { key($0.readings) == k }
            }.count)
        }
        var firstSeen: [String] = []
        let pageDigits = receipt.dateText.map { $0.filter(\.isNumber).count } ?? 0
        for text in rereadings {
            // A closer look may change a digit or restore one the page lost, never lose one: a line read
            // alone that prints fewer digits lost them at its edge or between its words ("2-01-18" for 29-01-18).
            guard let match = DateReader.firstDate(in: text, order: order, runYear: fields.runYear),
                  match.text.filter(\.isNumber).count >= pageDigits else { continue }
            let k = key(match.readings)
            votes[k, default: 0] += 1
            if matches[k] == nil { matches[k] = match; firstSeen.append(k) }
        }
        let best = votes.values.max() ?? 0
        guard best > 0 else { return receipt }
        if let pageKey, votes[pageKey] == best { return receipt }
        guard let winner = firstSeen.first(where: { votes[$0] == best }), let match = matches[winner] else { return receipt }
        var out = receipt
        out.date = match.iso
        out.dateText = match.text
        out.dateReadings = match.readings
        out.dateSettledBy = match.readings.count > 1 && match.iso != nil ? settlement : nil
        if out.time == nil { out.time = rereadings.lazy.compactMap { TimeReader.firstTime(in: $0) }.first }
        out.problems = out.problems.filter { $0 != "no date found" && !Self.isAmbiguousDateProblem($0) }
        if out.dateIsAmbiguous {
            out.problems.insert("date \(match.text) is ambiguous (\(match.readings.joined(separator: " or "))); "
                                + "set the date order (--date-order dmy or mdy)", at: 0)
        }
        return out
    }
}
