import Testing
@testable import Entries

@Suite("Date order settled by evidence")
struct DateOrderEvidenceTests {
    @Test func patternsCompile() {
        let valid = DateOrderEvidence.dayFirstMarks.filter { $0.pattern.isValid }.count
        #expect(valid == DateOrderEvidence.dayFirstMarks.count)
        #expect(DateOrderEvidence.usAddress.isValid && DateOrderEvidence.dollar.isValid)
    }

    @Test("a number above 12 shows which place is the day", arguments: [
        ("25/12/2018", DateOrder.dayFirst), ("12/25/18", .monthFirst), ("Date: 13-03-2018 20:19", .dayFirst),
    ])
    func printedOrder(text: String, order: DateOrder) {
        #expect(DateOrderEvidence.printedOrders(in: text).map(\.order) == [order])
    }

    @Test("dates that read the same both ways, or are not dates, show nothing", arguments: [
        "03/04/2018", "05/05/2018", "2018-12-25", "25 Dec 2018", "45/12/2018", "TOTAL 13.50",
        "Date 06/01/18 12.17.26 PM", "Time: 10.14.18 am",
    ])
    func noOrder(text: String) {
        #expect(DateOrderEvidence.printedOrders(in: text).isEmpty)
    }

    @Test func ownDatesMustAgree() {
        #expect(DateOrderEvidence.fromOwnDates("03/04/2018\nprinted 21/04/2018")?.order == .dayFirst)
        #expect(DateOrderEvidence.fromOwnDates("21/04/2018\ndue 04/21/2018") == nil)
    }

    @Test("a country's marks", arguments: [
        ("TOTAL RM 12.50", DateOrder.dayFirst), ("Total (RM) 12.50", .dayFirst), ("ABC TRADING SDN BHD", .dayFirst),
        ("XYZ S/B", .dayFirst), ("Tel: +60 3-5555 1234", .dayFirst), ("Total €12,50", .dayFirst), ("Summe 12,50 €", .dayFirst), ("TOTAL £4.20", .dayFirst),
        ("12 Main St\nSpringfield, IL 62704\nTOTAL $8.20", .monthFirst),
    ])
    func formats(text: String, order: DateOrder) {
        #expect(DateOrderEvidence.fromFormats(text)?.order == order)
    }

    @Test("no mark, a dollar alone, or marks of both orders settle nothing", arguments: [
        "TOTAL 12.50", "TOTAL $12.50", "paid in 62704 TOTAL $8", "Springfield, IL 62704\nTOTAL RM 8.20\n$ 8.20",
        "ROOM 12.50", "KEDAI € SINAR\nTOTAL 8.20",
    ])
    func noFormat(text: String) {
        #expect(DateOrderEvidence.fromFormats(text) == nil)
    }

    @Test func ownDatesComeBeforeFormats() {
        let settled = DateOrderEvidence.fromReceipt("ACME SDN BHD\n04/03/2018\nprinted 04/13/2018")
        #expect(settled?.order == .monthFirst)
        #expect(settled?.reason.contains("04/13/2018") == true)
    }

    @Test func jobSettlesWhenNearlyAllAgree() {
        let job = ["A\n25/03/2018", "B\n03/04/2018", "C\n14-02-18", "D\nno date"]
        #expect(DateOrderEvidence.fromJob(job)?.order == .dayFirst)
        // One slip in ten showing the other order is a misread digit; more is a job of mixed countries.
        let misread = Array(repeating: "25/03/2018", count: 10) + ["03/25/2018"]
        #expect(DateOrderEvidence.fromJob(misread)?.order == .dayFirst)
        #expect(DateOrderEvidence.fromJob(["25/03/2018", "25/03/2018", "03/25/2018"]) == nil)
        #expect(DateOrderEvidence.fromJob(["03/04/2018", "05/06/2018"]) == nil)
    }

    @Test func readingOfAnOrder() {
        let readings = ["2018-04-03", "2018-03-04"]
        #expect(DateOrderEvidence.reading(readings, printed: "03/04/2018", order: .dayFirst) == "2018-04-03")
        #expect(DateOrderEvidence.reading(readings, printed: "03/04/2018", order: .monthFirst) == "2018-03-04")
        #expect(DateOrderEvidence.reading(readings, printed: "03/04/2018", order: .unspecified) == nil)
        #expect(DateOrderEvidence.reading(readings, printed: "3 Apr 2018", order: .dayFirst) == nil)
    }

    @Test("the parser settles a receipt's own ambiguous date and says why")
    func parserSettles() {
        let parser = ReceiptParser(fields: FieldParser(runYear: 2026), dateOrder: .unspecified)
        let malaysian = parser.parse(text: "KEDAI ABC SDN BHD\nDATE: 03/04/2018\nTOTAL RM 12.50")
        #expect(malaysian.date == "2018-04-03")
        #expect(malaysian.dateSettledBy?.order == .dayFirst)
        #expect(!malaysian.problems.contains(where: ReceiptParser.isAmbiguousDateProblem))

        let unknown = parser.parse(text: "SHOP\nDATE: 03/04/2018\nTOTAL 12.50")
        #expect(unknown.date == nil && unknown.dateIsAmbiguous)
        #expect(unknown.dateSettledBy == nil)
        #expect(unknown.problems.contains(where: ReceiptParser.isAmbiguousDateProblem))

        let given = ReceiptParser(fields: FieldParser(runYear: 2026), dateOrder: .monthFirst).parse(text: "SHOP\nDATE: 03/04/2018\nTOTAL 12.50")
        #expect(given.date == "2018-03-04")
        #expect(given.dateSettledBy?.reason.contains("set for the run") == true)
    }
}
