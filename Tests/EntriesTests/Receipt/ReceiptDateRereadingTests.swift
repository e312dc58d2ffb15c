import Testing
@testable import Entries

/// The date's line read again alone: which lines are read, and how the readings are voted on.
@Suite("Reading a receipt's date line again")
struct ReceiptDateRereadingTests {
    let parser = ReceiptParser(fields: FieldParser(runYear: 2026), dateOrder: .dayFirst)
    let auto = ReceiptParser(fields: FieldParser(runYear: 2026))

    @Test func theLineTheDateCameFromIsTheOneReadAgain() {
        let lines = ["KEDAI RUNCIT ABC", "INVOICE 2231", "DATE: 06/03/2016 20:01", "TOTAL 5.00"]
        let receipt = parser.parse(text: lines.joined(separator: "\n"))
        #expect(parser.dateLines(lines, receipt: receipt) == [2])
    }

    @Test func withoutADateTheLabelledAndDamagedLinesAreReadAgain() {
        // "92/02/2018" is no calendar date: the reading found none, but the label and the shape say where it is.
        let lines = ["KEDAI RUNCIT ABC", "Doc No. CS001 Crate: 92/02/2018", "Oa/Jan/e0t7 10:49", "Date issued", "TOTAL 5.00"]
        let receipt = parser.parse(text: lines.joined(separator: "\n"))
        #expect(receipt.dateText == nil)
        #expect(parser.dateLines(lines, receipt: receipt) == [1, 2])
        #expect(parser.dateLines(lines, receipt: receipt, limit: 1) == [1])
        // A label with no number beside it, or a line of prose, is not a date line.
        #expect(parser.dateLines(["SHOP", "Date", "THANK YOU"], receipt: Receipt()).isEmpty)
    }

    @Test func twoCloserReadingsOverturnAPageDatePrintedOnce() {
        let lines = ["KEDAI RUNCIT ABC", "DATE: 06/03/2016 20:01", "TOTAL 5.00"]
        let receipt = parser.parse(text: lines.joined(separator: "\n"))
        #expect(receipt.date == "2016-03-06")
        let reread = parser.withRereadDate(receipt, pageLines: lines, rereadings: ["DATE: 06/03/2018 20:01", "DATE: 06/03/2018 20:01"])
        #expect(reread.date == "2018-03-06")
        #expect(reread.dateText == "06/03/2018")
    }

    @Test func thePageKeepsATie() {
        let lines = ["KEDAI RUNCIT ABC", "DATE: 15/03/2018", "TOTAL 5.00"]
        let receipt = parser.parse(text: lines.joined(separator: "\n"))
        // One closer reading against the page: a tie, the page's date stays.
        #expect(parser.withRereadDate(receipt, pageLines: lines, rereadings: ["DATE: 18/03/2018", "DATE: 15/03/2018"]) == receipt)
        #expect(parser.withRereadDate(receipt, pageLines: lines, rereadings: ["DATE: 18/03/2018"]) == receipt)
        // A date the page prints twice counts twice: two closer readings do not outvote it.
        let twice = lines + ["15/03/2018 10:02 THANK YOU"]
        let printedTwice = parser.parse(text: twice.joined(separator: "\n"))
        #expect(parser.withRereadDate(printedTwice, pageLines: twice, rereadings: ["DATE: 18/03/2018", "DATE: 18/03/2018"]) == printedTwice)
    }

    @Test func aDateReadOnlyAloneFillsTheGapAndItsProblem() {
        let lines = ["KEDAI RUNCIT ABC", "Crate: 92/02/2018", "TOTAL 5.00"]
        let receipt = parser.parse(text: lines.joined(separator: "\n"))
        #expect(receipt.problems.contains("no date found"))
        let reread = parser.withRereadDate(receipt, pageLines: lines, rereadings: ["Date: 02/02/2018 14:05", "Crate: 0Z/02/2018"])
        #expect(reread.date == "2018-02-02")
        #expect(reread.time == "14:05")
        #expect(!reread.problems.contains("no date found"))
        // Readings with no date in them change nothing.
        #expect(parser.withRereadDate(receipt, pageLines: lines, rereadings: ["Crate: 92/0Z/2O1"]) == receipt)
    }

    @Test func anAmbiguousDateReadAloneIsSettledByTheReceiptOrReportedBothWays() {
        let lines = ["KEDAI RUNCIT ABC", "Crate: 92/02/2018", "TOTAL 5.00"]
        let receipt = auto.parse(text: lines.joined(separator: "\n"))
        let reread = auto.withRereadDate(receipt, pageLines: lines, rereadings: ["Date: 03/02/2018"])
        #expect(reread.date == nil)
        #expect(reread.dateReadings.sorted() == ["2018-02-03", "2018-03-02"])
        #expect(reread.problems.contains(where: ReceiptParser.isAmbiguousDateProblem))
        // "SDN BHD" and "RM": the receipt's own marks say day first.
        let malaysian = ["KEDAI ABC SDN BHD", "Crate: 92/02/2018", "TOTAL RM 5.00"]
        let settled = auto.withRereadDate(auto.parse(text: malaysian.joined(separator: "\n")), pageLines: malaysian,
                                          rereadings: ["Date: 03/02/2018"])
        #expect(settled.date == "2018-02-03")
        #expect(settled.dateSettledBy != nil)
        #expect(!settled.problems.contains(where: ReceiptParser.isAmbiguousDateProblem))
    }

    @Test func aReadingThatLostADigitDoesNotVote() {
        let lines = ["KEDAI RUNCIT ABC", "Date: 29-01-18 20:38", "TOTAL 5.00"]
        let receipt = parser.parse(text: lines.joined(separator: "\n"))
        #expect(receipt.date == "2018-01-29")
        // "29" read as "2" at both sizes: a digit lost, not a digit changed.
        #expect(parser.withRereadDate(receipt, pageLines: lines, rereadings: ["Sate: 2-01-18 20:38", "Date: 2-01-18"]) == receipt)
        // One the page lost is restored: "£5/05/2017" read as 5/05 on the page, 15/05 alone.
        let lost = ["KEDAI RUNCIT ABC", "Dete » £5/05/2017 10:49:40 AM", "TOTAL 5.00"]
        let page = parser.parse(text: lost.joined(separator: "\n"))
        #expect(page.date == "2017-05-05")
        let reread = parser.withRereadDate(page, pageLines: lost, rereadings: ["Date 15/05/2017 10:49:40 AM", "Dete : 15/05/2017"])
        #expect(reread.date == "2017-05-15")
    }
}

